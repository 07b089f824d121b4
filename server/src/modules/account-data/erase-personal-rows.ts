import { randomBytes } from 'node:crypto';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { REMOVED_USER_NAME } from '@chat/contracts';
import type { Db } from '../../db/client';
import {
  apiKeys,
  auditLog,
  conversationMutes,
  invites,
  messages,
  notificationSettings,
  passwordTokens,
  pushSubscriptions,
  refreshTokens,
  sessions,
  ssoHandoffs,
  ssoIdentities,
  users,
} from '../../db/schema';
import { hashPassword } from '../auth/passwords';

// The database side of an erased account, in one transaction: the row in users stays, so the
// messages kept in others' chats still have an author, but as 'Usuário removido' with nothing of
// the person left in it; every row that only described the person goes.

/** The name, nickName and e-mail an erased account keeps: unique, and nobody's. */
export function tombstoneOf(userId: string) {
  const compact = userId.replaceAll('-', '');
  return { name: REMOVED_USER_NAME, nickName: `removido${compact}`, email: `${compact}@removido.invalid` };
}

export async function erasePersonalRows(tx: Db, user: { id: string; email: string }): Promise<void> {
  const { id } = user;
  await tx
    .update(users)
    .set({
      ...tombstoneOf(id),
      // Nobody knows it: the account can never sign in again, even if it were reactivated.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      avatarUrl: null,
      neoCustomDataId: null,
      lastSeenAt: null,
      active: false,
    })
    .where(eq(users.id, id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, id));
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(passwordTokens).where(eq(passwordTokens.userId, id));
  await tx.delete(apiKeys).where(eq(apiKeys.userId, id));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, id));
  await tx.delete(conversationMutes).where(eq(conversationMutes.userId, id));
  await tx.delete(ssoIdentities).where(eq(ssoIdentities.userId, id));
  await tx.delete(ssoHandoffs).where(eq(ssoHandoffs.userId, id));
  // Invitations name the e-mail, used or not: it must be free to be invited again.
  await tx.delete(invites).where(or(sql`lower(${invites.email}) = ${user.email.toLowerCase()}`, eq(invites.usedById, id)));
  await renameInSystemLines(tx, id);
  await maskInActivityLog(tx, user.email);
}

/**
 * The activity log names people by id (their name is read from the live row), except invitations,
 * which keep the e-mail invited: once its owner is erased, the entry says only that an e-mail
 * was invited. Every workspace's entries, since the person may have been invited to several.
 */
async function maskInActivityLog(tx: Db, email: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({ details: sql`(${auditLog.details} - 'email') || '{"emailErased": true}'::jsonb` })
    .where(and(eq(auditLog.action, 'member.invited'), sql`lower(${auditLog.details}->>'email') = ${email.toLowerCase()}`));
}

/**
 * A group's own lines carry the names of the people in them as they were ('Ana adicionou Bruno'):
 * the person's entries read 'Usuário removido' from now on.
 */
async function renameInSystemLines(tx: Db, userId: string): Promise<void> {
  const lines = await tx
    .select({ id: messages.id, body: messages.body })
    .from(messages)
    .where(and(eq(messages.contentType, 'system'), like(messages.body, `%${userId}%`)));
  for (const line of lines) {
    const renamed = JSON.stringify(renamePerson(JSON.parse(line.body) as unknown, userId));
    if (renamed !== line.body) await tx.update(messages).set({ body: renamed }).where(eq(messages.id, line.id));
  }
}

function renamePerson(value: unknown, userId: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renamePerson(v, userId));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, renamePerson(v, userId)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (object.id === userId && typeof object.name === 'string') object.name = REMOVED_USER_NAME;
  return object;
}
