import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, type SsoErrorCode } from '@chat/contracts';
import type { Db } from '../../db/client';
import { ssoIdentities, users, type WorkspaceSsoRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';
import { createMember } from '../users/create-member';
import { MEMBER_LIMIT_REACHED } from '../users/member-limit';
import type { ProviderIdentity } from './oidc-client';

// Who a provider's sign-in is in Papo: the account already linked to that identity, else the
// account with that e-mail (linked now, only when the provider vouches for the e-mail), else a
// new member when the workspace allows it.

export type AccountResult = { ok: true; userId: string } | { ok: false; reason: SsoErrorCode };

export async function accountFor(db: Db, sso: WorkspaceSsoRow, identity: ProviderIdentity, now: Date): Promise<AccountResult> {
  const [linked] = await db
    .select({ userId: ssoIdentities.userId, active: users.active, workspaceId: users.workspaceId })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, sso.issuer), eq(ssoIdentities.subject, identity.subject)));
  if (linked && linked.workspaceId === sso.workspaceId) {
    return linked.active ? { ok: true, userId: linked.userId } : { ok: false, reason: 'inactive' };
  }

  const email = identity.email;
  if (!email || !sso.allowedDomains.includes(email.split('@')[1] ?? '')) return { ok: false, reason: 'domain' };
  if (!identity.emailVerified) return { ok: false, reason: 'unverified' };

  return inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, active: users.active, workspaceId: users.workspaceId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    let userId: string;
    if (existing) {
      // An account of another workspace (or ROOT) is never taken over by this workspace's provider.
      if (existing.workspaceId !== sso.workspaceId) return { ok: false, reason: 'domain' } as const;
      if (!existing.active) return { ok: false, reason: 'inactive' } as const;
      userId = existing.id;
    } else {
      if (!sso.createMembers) return { ok: false, reason: 'no-account' } as const;
      try {
        userId = await createMember(
          tx,
          {
            name: displayName(identity.name, email),
            email,
            nickName: await freeNickName(tx, email),
            // Nobody knows this password: the person signs in through the provider, or sets one
            // with "Esqueci minha senha" if the workspace allows passwords.
            passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
            workspaceId: sso.workspaceId,
            role: 'USER',
          },
          now,
        );
      } catch (error) {
        if (error instanceof AppError && error.message === MEMBER_LIMIT_REACHED) return { ok: false, reason: 'limit' } as const;
        throw error;
      }
    }
    await tx.insert(ssoIdentities).values({ issuer: sso.issuer, subject: identity.subject, userId }).onConflictDoNothing();
    return { ok: true, userId } as const;
  });
}

/** The provider's name cut to the name rule, or the e-mail's local part when it has none. */
function displayName(name: string | null, email: string): string {
  const base = (name ?? email.split('@')[0] ?? '').trim();
  const padded = base.length >= LIMITS.nameMin ? base : `${base}${'_'.repeat(LIMITS.nameMin - base.length)}`;
  return padded.slice(0, LIMITS.nameMax);
}

/** A nickName from the e-mail's local part (letters and digits only), numbered when taken. */
async function freeNickName(tx: Db, email: string): Promise<string> {
  const letters = (email.split('@')[0] ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, LIMITS.nickNameMax - 4);
  const base = letters.length >= LIMITS.nickNameMin ? letters : `${letters}user`;
  for (let n = 0; n < 50; n += 1) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.nickName}) = ${candidate.toLowerCase()}`);
    if (!taken) return candidate;
  }
  return `${base.slice(0, LIMITS.nickNameMax - 8)}${randomBytes(4).toString('hex')}`;
}
