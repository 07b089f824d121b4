// The activity log's acts, texts and limits, apart from its schemas: a screen that only links to
// the log (the team page) takes these without the schemas and zod.

export const AUDIT_ACTIONS = [
  'member.invited',
  'member.created',
  'member.edited',
  'member.removed',
  'workspace.created',
  'workspace.updated',
  'workspace.admin_changed',
  'workspace.sso_changed',
  'workspace.retention_changed',
  'workspace.deleted',
  'api_key.created',
  'api_key.revoked',
  'session.new_device',
  'retention.applied',
  'audit.retention_changed',
  'workspace.exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each act reads in the list and in the CSV. */
export const AUDIT_ACTION_TEXTS: Record<AuditAction, string> = {
  'member.invited': 'Membro convidado',
  'member.created': 'Conta de membro criada',
  'member.edited': 'Membro editado',
  'member.removed': 'Membro removido',
  'workspace.created': 'Workspace criado',
  'workspace.updated': 'Workspace alterado',
  'workspace.admin_changed': 'Administrador trocado',
  'workspace.sso_changed': 'Entrada pela empresa alterada',
  'workspace.retention_changed': 'Retenção de mensagens alterada',
  'workspace.deleted': 'Workspace excluído',
  'api_key.created': 'Chave de API criada',
  'api_key.revoked': 'Chave de API revogada',
  'session.new_device': 'Entrada de um novo dispositivo',
  'retention.applied': 'Retenção aplicada',
  'audit.retention_changed': 'Prazo do registro alterado',
  'workspace.exported': 'Exportação do workspace',
};

export const AUDIT_TEXTS = {
  title: 'Registro de atividades',
  exportCsv: 'Exportar CSV',
  empty: 'Nenhuma atividade encontrada',
  allActions: 'Todas as atividades',
  allPeople: 'Todas as pessoas',
  from: 'De',
  to: 'Até',
  systemActor: 'Sistema',
  retentionTitle: 'Retenção de mensagens',
  retentionHelp: 'Mensagens e arquivos mais antigos que o prazo são apagados uma vez por dia. 0 mantém tudo.',
  retentionLabel: 'Manter mensagens por (dias)',
  retentionSaved: 'Retenção de mensagens salva',
  auditRetentionLabel: 'Manter o registro de atividades por (dias)',
  auditRetentionSaved: 'Prazo do registro de atividades salvo',
  save: 'Salvar',
} as const;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
/** Days a retention may be set to; 0 keeps everything. */
export const RETENTION_DAYS_MAX = 36_500;
