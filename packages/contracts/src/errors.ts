// User-facing texts of docs/produto.md, Textos que importam, one source for pages, the server and
// tests. Texts quoted by the original spec are copied verbatim (including its capitalisation and
// punctuation); entries marked "not in the original spec" are our own wording for cases the spec
// names but does not quote (docs/produto.md, Onde o Papo difere da especificação original).

import { LOGIN_ERROR_TEXTS, LOGIN_SUCCESS_TEXT } from './login-texts';

const unknownError = (action: string) => `Erro desconhecido ao ${action}`;
const occurredError = (action: string) => `Ocorreu um erro ao ${action}`;

export const ERROR_TEXTS = {
  login: LOGIN_ERROR_TEXTS,
  conversation: {
    list: unknownError('buscar conversas'),
    create: unknownError('criar conversa'),
    get: unknownError('buscar conversa'),
    search: unknownError('pesquisar as conversas'),
  },
  group: {
    create: unknownError('criar grupo'),
    list: unknownError('listar grupos'),
    get: unknownError('buscar grupo'),
    addAdmin: unknownError('adicionar administrador'),
    removeAdmin: unknownError('remover administrador'),
    update: unknownError('atualizar o grupo'),
    addMembers: unknownError('adicionar membros'),
    removeMember: unknownError('remover membro'),
    /** Not in the original spec. */
    leave: unknownError('sair do grupo'),
    /** Not in the original spec. */
    updatePhoto: unknownError('mudar a foto do grupo'),
    search: unknownError('buscar por grupos'),
    searchMembers: unknownError('pesquisar membros'),
    /** Not in the original spec ('Colar e-mails' of the member pickers). */
    resolveEmails: unknownError('buscar os e-mails'),
  },
  message: {
    list: 'Ocorreu um erro ao buscar as mensagens',
    send: 'Ocorreu um erro ao enviar a mensagem',
    /** Not in the original spec: the details panel's 'Mídia' and 'Arquivos'. */
    shared: 'Ocorreu um erro ao buscar os arquivos da conversa',
  },
  user: {
    invite: occurredError('enviar o convite'),
    create: occurredError('criar o usuário'),
    update: occurredError('atualizar o usuário'),
    updatePassword: occurredError('atualizar a senha'),
    search: occurredError('buscar os usuários'),
    createMember: occurredError('criar o membro'),
    commonGroups: occurredError('buscar os grupos em comum'),
    updateMember: occurredError('atualizar o membro do workspace'),
    /** Not in the original spec (its remove-member call is "not shown"). */
    removeMember: occurredError('remover o membro'),
    /** Not in the original spec: the team page's pending invites. */
    listInvites: occurredError('buscar os convites'),
    /** Not in the original spec. */
    cancelInvite: occurredError('cancelar o convite'),
    /** Not in the original spec: loading the team page. */
    loadTeam: occurredError('carregar a equipe'),
    /** Not in the original spec: the team page's storage settings. */
    saveSettings: occurredError('salvar a configuração'),
  },
  upload: {
    publicUrl: 'Erro ao gerar URL pública',
    noUploadUrl: 'URL de upload não foi gerada',
    status: (status: number) => `Upload falhou com status: ${status}`,
    failed: (detail: string) => `Erro no upload: ${detail}`,
    unexpected: 'Erro inesperado no upload',
  },
  passwordToken: {
    create: 'Ocorreu um erro inesperado ao criar o token.',
    use: 'Ocorreu um erro inesperado ao usar o token para alterar a senha.',
  },
  workspace: {
    /** Fallback description for listing and creating. */
    unknown: 'Erro Desconhecido',
    listTitle: 'Erro ao listar workspaces',
    createTitle: 'Erro ao criar workspace',
    updateTitle: 'Erro ao atualizar workspace',
    getTitle: 'Erro ao buscar workspace',
    changeAdmin: 'Erro desconhecido ao alterar o administrador do workspace',
  },
  polygon: {
    create: unknownError('criar prefixo'),
    list: unknownError('listar prefixo'),
    edit: unknownError('editar prefixo'),
    /** Not in the original spec (it only quotes criar/listar/editar). */
    remove: unknownError('deletar prefixo'),
  },
  apiKey: {
    create: 'Ocorreu um erro desconhecido ao criar a API Key',
    get: 'Ocorreu um erro desconhecido ao obter a API Key',
  },
} as const;

export interface ToastText {
  title: string;
  description: string;
}

export const SUCCESS_TEXTS = {
  login: LOGIN_SUCCESS_TEXT,
  group: {
    created: 'Grupo criado com sucesso',
    adminAdded: 'Admin adicionado com sucesso',
    adminRemoved: 'Admin removido com sucesso',
    membersAdded: 'Usuário(s) adicionados ao grupo com sucesso',
    /** Not in the original spec. */
    updated: 'Grupo atualizado com sucesso',
    /** Not in the original spec. */
    memberRemoved: 'Membro removido do grupo',
    /** Not in the original spec. */
    left: 'Você saiu do grupo',
    /** Not in the original spec. */
    photoUpdated: 'Foto do grupo atualizada',
  },
  user: {
    created: 'Usuário criado com sucesso',
    updated: 'Usuário atualizado com sucesso',
    passwordUpdated: 'Senha atualizada com sucesso',
    /** The original spec mentions "a member-updated message" without quoting it. */
    memberUpdated: 'Membro atualizado com sucesso',
    /** Not in the original spec. */
    inviteSent: 'Convite enviado com sucesso',
    /** Not in the original spec. */
    memberRemoved: 'Membro removido com sucesso',
    /** Not in the original spec. */
    inviteCancelled: 'Convite cancelado com sucesso',
    /** Not in the original spec. */
    settingsSaved: 'Configuração salva',
  },
  passwordToken: {
    tokenCreated: 'Token criado com sucesso',
    passwordChanged: 'Senha alterada com sucesso',
    passwordReset: 'Senha redefinida com sucesso',
    resetLinkSent: 'Link de redefinição enviado com sucesso',
  },
  polygon: {
    created: 'Poligonal criada com sucesso',
    edited: 'Poligonal editada com sucesso',
    deleted: 'Prefixo deletado com sucesso',
  },
  apiKey: {
    created: 'Chave criada',
    copied: 'Chave copiada',
  },
  workspace: {
    /** Not in the original spec. */
    created: 'Workspace criado com sucesso',
    /** Not in the original spec. */
    updated: 'Workspace atualizado com sucesso',
  },
} as const;

export const ALERT_TEXTS = {
  invalidFileType: 'Tipo de arquivo inválido',
  fileTooLarge: 'Arquivo muito grande (máx 10MB)',
  noChanges: 'Nenhuma alteração foi feita',
} as const;

/** Thrown when the events hook is used outside its provider. */
export const EVENTS_PROVIDER_ERROR = 'useEvents deve ser usado dentro de um EventsProvider';

/** Logged (warning only) when something subscribes to socket events while there is no socket. */
export const NO_SOCKET_WARNING = 'Socket não conectado: não é possível se inscrever em eventos.';

/**
 * Not in the original spec: what the page says when the server ends or changes the session on its
 * own.
 */
export const SESSION_TEXTS = {
  deactivated: {
    title: 'Conta desativada',
    description: 'Sua conta foi desativada por um administrador do workspace.',
  },
  passwordChanged: {
    title: 'Sessão encerrada',
    description: 'A senha desta conta foi alterada. Entre novamente com a nova senha.',
  },
  /** This session was ended: signed out here or from another device ("Sair de todos os dispositivos"). */
  ended: {
    title: 'Sessão encerrada',
    description: 'Esta sessão foi encerrada. Entre novamente.',
  },
} as const;
