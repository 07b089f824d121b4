import { and, eq, ne, sql } from 'drizzle-orm';
import { ACCOUNT_DATA_ERRORS as E, type DeleteAccountBody } from '@chat/contracts';
import type { Db } from '../../db/client';
import { sessions, ssoIdentities, users } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import { verifyPassword } from '../auth/passwords';
import type { UserWithWorkspace } from '../users/user-entity';

/**
 * How recent the session must be for a person without a password of their own: one opened through
 * their company's provider within these minutes stands for re-entering a password.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

/**
 * Whether this person may erase their account now, with this confirmation. ROOT keeps the
 * deployment running and is never erased; a workspace's last ADMIN hands over first.
 *
 * The confirmation is the password. A person whose account came from their company's provider
 * (an SSO link) may have none they know: they type their e-mail instead, from a session opened
 * within RECENT_SIGN_IN_MINUTES. Typing the e-mail alone would let anyone at an unlocked screen
 * erase the account; the fresh sign-in at the provider is the re-authentication, as the password
 * is for everyone else.
 */
export async function assertMayErase(
  db: Db,
  user: UserWithWorkspace,
  body: DeleteAccountBody,
  sessionId: string | null,
  now: Date,
): Promise<void> {
  if (user.role === 'ROOT') throw forbidden(E.rootAccount);
  if (user.role === 'ADMIN' && user.workspaceId && !(await hasOtherAdmin(db, user))) throw conflict(E.lastAdmin);
  if (body.password !== undefined && body.password !== '') {
    if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(E.wrongPassword);
    return;
  }
  if (!(await hasSsoLink(db, user.id))) throw badRequest(E.confirmationMissing);
  if ((body.email ?? '').toLowerCase() !== user.email.toLowerCase()) throw badRequest(E.wrongEmail);
  if (!(await signedInRecently(db, sessionId, now))) throw new AppError(403, E.recentSignInNeeded);
}

async function hasOtherAdmin(db: Db, user: UserWithWorkspace): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.workspaceId, user.workspaceId!), eq(users.role, 'ADMIN'), eq(users.active, true), ne(users.id, user.id)))
    .limit(1);
  return !!other;
}

async function hasSsoLink(db: Db, userId: string): Promise<boolean> {
  const [link] = await db.select({ userId: ssoIdentities.userId }).from(ssoIdentities).where(eq(ssoIdentities.userId, userId)).limit(1);
  return !!link;
}

async function signedInRecently(db: Db, sessionId: string | null, now: Date): Promise<boolean> {
  if (!sessionId) return false;
  const since = new Date(now.getTime() - RECENT_SIGN_IN_MINUTES * 60 * 1000);
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), sql`${sessions.createdAt} >= ${since.toISOString()}::timestamptz`));
  return !!session;
}
