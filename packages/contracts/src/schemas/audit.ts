import * as z from 'zod/mini';
import '../zod-locale';
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE, RETENTION_DAYS_MAX } from '../audit-texts';
import { uuidField } from './fields';

// The activity log ('Registro de atividades'): what administrators did, and what the server did
// on their behalf, with who, when, what and from which address. Nothing changes or deletes an
// entry but its retention period, which ROOT sets.

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
  details: z.catchall(z.object({}), z.unknown()),
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
