import * as z from 'zod/mini';
import '../zod-locale';
import { uuidField } from './fields';

// The activity log ('Registro de atividades'): what administrators did, and what the server did
// on their behalf, with who, when, what and from which address. Nothing changes or deletes an
// entry but its retention period, which ROOT sets.

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
  'api_key.created',
  'api_key.revoked',
  'session.new_device',
  'retention.applied',
  'audit.retention_changed',
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
  'api_key.created': 'Chave de API criada',
  'api_key.revoked': 'Chave de API revogada',
  'session.new_device': 'Entrada de um novo dispositivo',
  'retention.applied': 'Retenção aplicada',
  'audit.retention_changed': 'Prazo do registro alterado',
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

const LIMIT_MESSAGE = `O limite deve ser um número de 1 a ${AUDIT_PAGE_MAX}`;
const DATE_MESSAGE = 'Data inválida (use AAAA-MM-DD)';
const dateField = () =>
  z.string(DATE_MESSAGE).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE),
    z.refine((v) => !Number.isNaN(Date.parse(v)), DATE_MESSAGE),
  );

/** Filters of GET /audit-log and GET /audit-log/export (CSV). `workspaceId` is ROOT's only. */
export const auditFilterSchema = z.object({
  action: z.optional(z.enum(AUDIT_ACTIONS, 'Atividade desconhecida')),
  actorId: z.optional(uuidField()),
  workspaceId: z.optional(uuidField()),
  /** First day included, in UTC. */
  from: z.optional(dateField()),
  /** Last day included, in UTC. */
  to: z.optional(dateField()),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditQuerySchema = z.extend(auditFilterSchema, {
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string('Cursor inválido').check(z.regex(/^\d{1,19}$/, 'Cursor inválido'))),
  limit: z._default(
    z.optional(z.coerce.number(LIMIT_MESSAGE).check(z.int(LIMIT_MESSAGE), z.gte(1, LIMIT_MESSAGE), z.lte(AUDIT_PAGE_MAX, LIMIT_MESSAGE))),
    AUDIT_PAGE_SIZE,
  ),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** One entry, newest first in a page. `actor` is null for what the server did by itself. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  workspace: z.nullable(personSchema),
  actor: z.nullable(personSchema),
  target: z.nullable(personSchema),
  details: z.record(z.string(), z.unknown()),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.nullable(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;

const retentionMessage = `Informe um número de dias de 0 a ${RETENTION_DAYS_MAX}`;
const daysField = () => z.int(retentionMessage).check(z.gte(0, retentionMessage), z.lte(RETENTION_DAYS_MAX, retentionMessage));

/** How long the log keeps its entries (ROOT); 0 keeps them forever. */
export const auditSettingsSchema = z.object({ retentionDays: daysField() });
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

/** How long a workspace keeps its messages and files (its ADMIN); 0 keeps them forever. */
export const retentionPolicySchema = z.object({ messageRetentionDays: daysField() });
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;
