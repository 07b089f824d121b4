import type { AuditAction } from '@chat/contracts';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who acted and from which address; `id` null when the server acted by itself. */
export interface AuditActor {
  id: string | null;
  ip: string | null;
}

/** What the server does by itself (a retention run) has no person and no address behind it. */
export const SYSTEM_ACTOR: AuditActor = { id: null, ip: null };

/** The person of a signed-in request and the address it came from (request.ip honours TRUST_PROXY). */
export const actorOf = (request: { user: { id: string } | null; ip: string }): AuditActor => ({
  id: request.user?.id ?? null,
  ip: request.ip,
});

export interface AuditRecord {
  action: AuditAction;
  /** The workspace the act concerns; null only for what no workspace owns (ROOT's own API key). */
  workspaceId: string | null;
  actor: AuditActor;
  targetUserId?: string | null;
  /** Names of changed fields, counts, e-mails of invites: never a password, token or message text. */
  details?: Record<string, unknown>;
}

/**
 * Appends one entry to the activity log. `db` is the act's own transaction wherever the act is
 * one, so an act and its entry are committed, or rolled back, together.
 */
export async function record(db: Db, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    workspaceId: entry.workspaceId,
    actorId: entry.actor.id,
    ip: entry.actor.ip,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
  });
}
