// The texts of Configurações > Meus dados and of the server's answers there, without zod: the
// shell's toast for a ready export reads them from its signed-in chunk.

/** How long a ready export may be downloaded. */
export const DATA_EXPORT_TTL_HOURS = 24;

/** The name messages of an erased account show, in every chat they stay in. */
export const REMOVED_USER_NAME = 'Usuário removido';

export const ACCOUNT_DATA_ERRORS = {
  exportRunning: 'Seus dados já estão sendo preparados. Avisaremos quando o arquivo estiver pronto.',
  exportNotReady: 'Nenhum arquivo de dados pronto para baixar. Peça um novo em Configurações > Meus dados.',
  wrongPassword: 'Senha incorreta',
  wrongEmail: 'O e-mail digitado não é o desta conta',
  confirmationMissing: 'Confirme com a sua senha',
  recentSignInNeeded:
    'Por segurança, entre de novo pelo provedor da sua empresa e, em até 10 minutos, confirme a exclusão digitando o seu e-mail.',
  lastAdmin:
    'Você é o último administrador deste workspace. Peça ao ROOT que passe a administração a outra pessoa antes de excluir a sua conta.',
  rootAccount: 'A conta ROOT não pode ser excluída',
} as const;

export const ACCOUNT_DATA_TEXTS = {
  menu: 'Meus dados',
  exportTitle: 'Baixar meus dados',
  exportDescription:
    'Um arquivo .zip com o seu perfil, as suas sessões, as mensagens que você escreveu (com a conversa e a data), as suas reações e os arquivos que você enviou, em JSON e numa página index.html para ler no navegador.',
  exportStart: 'Preparar meus dados',
  exportAgain: 'Preparar de novo',
  exportPending: 'Preparando os seus dados. Avisaremos aqui e por e-mail quando o arquivo estiver pronto.',
  exportReady: 'Seus dados estão prontos',
  exportReadyDescription: 'O arquivo fica disponível por 24 horas.',
  exportReadyToast: 'Baixe o arquivo em Configurações > Meus dados. Ele fica disponível por 24 horas.',
  exportFailed: 'Não foi possível preparar os seus dados. Tente de novo.',
  exportExpired: 'O arquivo do último pedido expirou. Peça um novo.',
  download: 'Baixar arquivo',
  expiresAt: 'Disponível até',
  deleteTitle: 'Excluir minha conta',
  deleteDescription:
    'Apaga o seu nome, e-mail, apelido, foto, poligonal, sessões, chaves de API, notificações e vínculos de entrada pela empresa, e encerra todas as suas sessões. Não pode ser desfeito.',
  deleteKeepMessages: 'As mensagens que você escreveu continuam nas conversas, assinadas como "Usuário removido".',
  deleteMessagesLabel: 'Apagar também as minhas mensagens e arquivos, para todos',
  deletePasswordLabel: 'Sua senha',
  deleteEmailLabel: 'Digite o seu e-mail para confirmar',
  deleteButton: 'Excluir minha conta',
  deleteConfirmTitle: 'Excluir a sua conta?',
  deleteConfirm: 'Excluir definitivamente',
  cancel: 'Cancelar',
  deleted: 'Conta excluída',
  deletedDescription: 'Seus dados pessoais foram apagados.',
  privacy: 'Privacidade',
} as const;
