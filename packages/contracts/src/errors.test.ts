import { describe, expect, it } from 'vitest';
import { ALERT_TEXTS, ERROR_TEXTS, EVENTS_PROVIDER_ERROR, NO_SOCKET_WARNING, SUCCESS_TEXTS } from './errors';

describe('ERROR_TEXTS', () => {
  it('login', () => {
    expect(ERROR_TEXTS.login).toEqual({ title: 'Falha ao realizar login', unknown: 'Erro desconhecido ao realizar login.' });
  });

  it('conversation fallbacks', () => {
    expect(ERROR_TEXTS.conversation).toEqual({
      list: 'Erro desconhecido ao buscar conversas',
      create: 'Erro desconhecido ao criar conversa',
      get: 'Erro desconhecido ao buscar conversa',
      search: 'Erro desconhecido ao pesquisar as conversas',
    });
  });

  it('group fallbacks', () => {
    expect(ERROR_TEXTS.group).toEqual({
      create: 'Erro desconhecido ao criar grupo',
      list: 'Erro desconhecido ao listar grupos',
      get: 'Erro desconhecido ao buscar grupo',
      addAdmin: 'Erro desconhecido ao adicionar administrador',
      removeAdmin: 'Erro desconhecido ao remover administrador',
      update: 'Erro desconhecido ao atualizar o grupo',
      addMembers: 'Erro desconhecido ao adicionar membros',
      removeMember: 'Erro desconhecido ao remover membro',
      search: 'Erro desconhecido ao buscar por grupos',
      searchMembers: 'Erro desconhecido ao pesquisar membros',
      resolveEmails: 'Erro desconhecido ao buscar os e-mails',
      leave: 'Erro desconhecido ao sair do grupo',
      updatePhoto: 'Erro desconhecido ao mudar a foto do grupo',
    });
  });

  it('message fallbacks', () => {
    expect(ERROR_TEXTS.message).toEqual({
      list: 'Ocorreu um erro ao buscar as mensagens',
      send: 'Ocorreu um erro ao enviar a mensagem',
      shared: 'Ocorreu um erro ao buscar os arquivos da conversa',
    });
  });

  it('user fallbacks', () => {
    expect(ERROR_TEXTS.user).toEqual({
      invite: 'Ocorreu um erro ao enviar o convite',
      create: 'Ocorreu um erro ao criar o usuário',
      update: 'Ocorreu um erro ao atualizar o usuário',
      updatePassword: 'Ocorreu um erro ao atualizar a senha',
      search: 'Ocorreu um erro ao buscar os usuários',
      createMember: 'Ocorreu um erro ao criar o membro',
      commonGroups: 'Ocorreu um erro ao buscar os grupos em comum',
      updateMember: 'Ocorreu um erro ao atualizar o membro do workspace',
      removeMember: 'Ocorreu um erro ao remover o membro',
      listInvites: 'Ocorreu um erro ao buscar os convites',
      cancelInvite: 'Ocorreu um erro ao cancelar o convite',
      loadTeam: 'Ocorreu um erro ao carregar a equipe',
      saveSettings: 'Ocorreu um erro ao salvar a configuração',
    });
  });

  it('upload', () => {
    expect(ERROR_TEXTS.upload.publicUrl).toBe('Erro ao gerar URL pública');
    expect(ERROR_TEXTS.upload.noUploadUrl).toBe('URL de upload não foi gerada');
    expect(ERROR_TEXTS.upload.status(413)).toBe('Upload falhou com status: 413');
    expect(ERROR_TEXTS.upload.failed('timeout of 60000ms exceeded')).toBe('Erro no upload: timeout of 60000ms exceeded');
    expect(ERROR_TEXTS.upload.unexpected).toBe('Erro inesperado no upload');
  });

  it('password tokens', () => {
    expect(ERROR_TEXTS.passwordToken).toEqual({
      create: 'Ocorreu um erro inesperado ao criar o token.',
      use: 'Ocorreu um erro inesperado ao usar o token para alterar a senha.',
    });
  });

  it('workspaces', () => {
    expect(ERROR_TEXTS.workspace).toEqual({
      unknown: 'Erro Desconhecido',
      listTitle: 'Erro ao listar workspaces',
      createTitle: 'Erro ao criar workspace',
      updateTitle: 'Erro ao atualizar workspace',
      getTitle: 'Erro ao buscar workspace',
      changeAdmin: 'Erro desconhecido ao alterar o administrador do workspace',
    });
  });

  it('polygons and API key', () => {
    expect(ERROR_TEXTS.polygon).toEqual({
      create: 'Erro desconhecido ao criar prefixo',
      list: 'Erro desconhecido ao listar prefixo',
      edit: 'Erro desconhecido ao editar prefixo',
      remove: 'Erro desconhecido ao deletar prefixo',
    });
    expect(ERROR_TEXTS.apiKey).toEqual({
      create: 'Ocorreu um erro desconhecido ao criar a API Key',
      get: 'Ocorreu um erro desconhecido ao obter a API Key',
    });
  });
});

describe('SUCCESS_TEXTS', () => {
  it('login', () => {
    expect(SUCCESS_TEXTS.login).toEqual({ title: 'Bem vindo!', description: 'Login Realizado com sucesso!' });
  });

  it('groups and users', () => {
    expect(SUCCESS_TEXTS.group.created).toBe('Grupo criado com sucesso');
    expect(SUCCESS_TEXTS.group.adminAdded).toBe('Admin adicionado com sucesso');
    expect(SUCCESS_TEXTS.group.adminRemoved).toBe('Admin removido com sucesso');
    expect(SUCCESS_TEXTS.group.membersAdded).toBe('Usuário(s) adicionados ao grupo com sucesso');
    expect(SUCCESS_TEXTS.user.created).toBe('Usuário criado com sucesso');
    expect(SUCCESS_TEXTS.user.updated).toBe('Usuário atualizado com sucesso');
    expect(SUCCESS_TEXTS.user.passwordUpdated).toBe('Senha atualizada com sucesso');
    expect(SUCCESS_TEXTS.user.memberUpdated).toBe('Membro atualizado com sucesso');
  });

  it('tokens, passwords and reset link', () => {
    expect(SUCCESS_TEXTS.passwordToken).toEqual({
      tokenCreated: 'Token criado com sucesso',
      passwordChanged: 'Senha alterada com sucesso',
      passwordReset: 'Senha redefinida com sucesso',
      resetLinkSent: 'Link de redefinição enviado com sucesso',
    });
  });

  it('polygons and API key', () => {
    expect(SUCCESS_TEXTS.polygon).toEqual({
      created: 'Poligonal criada com sucesso',
      edited: 'Poligonal editada com sucesso',
      deleted: 'Prefixo deletado com sucesso',
    });
    expect(SUCCESS_TEXTS.apiKey).toEqual({ created: 'Chave criada', copied: 'Chave copiada' });
  });
});

describe('alerts and other texts', () => {
  it('alerts', () => {
    expect(ALERT_TEXTS).toEqual({
      invalidFileType: 'Tipo de arquivo inválido',
      fileTooLarge: 'Arquivo muito grande (máx 10MB)',
      noChanges: 'Nenhuma alteração foi feita',
    });
  });

  it('events provider error and no-socket warning are Portuguese', () => {
    expect(EVENTS_PROVIDER_ERROR).toMatch(/deve ser usado dentro de/);
    expect(EVENTS_PROVIDER_ERROR).toMatch(/EventsProvider/);
    expect(NO_SOCKET_WARNING).toMatch(/^Socket não conectado/);
  });
});
