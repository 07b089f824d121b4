import { sql } from 'drizzle-orm';
import type { Role } from '@chat/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { countSeats, hasRoomFor, lockWorkspace, MEMBER_LIMIT_REACHED } from './member-limit';

export const EMAIL_TAKEN = 'E-mail já cadastrado';
export const NICKNAME_TAKEN = 'Apelido já está em uso';

export interface NewMember {
  name: string;
  email: string;
  nickName: string;
  passwordHash: string;
  workspaceId: string;
  role: Extract<Role, 'ADMIN' | 'USER'>;
}

/** 409 when the e-mail or the nickName already belongs to someone (case-insensitive). */
export async function assertAvailable(db: Db, email: string, nickName: string): Promise<void> {
  const [taken] = await db
    .select({
      email: sql<boolean>`bool_or(lower(${users.email}) = ${email.toLowerCase()})`,
      nickName: sql<boolean>`bool_or(lower(${users.nickName}) = ${nickName.toLowerCase()})`,
    })
    .from(users);
  if (taken?.email) throw conflict(EMAIL_TAKEN);
  if (taken?.nickName) throw conflict(NICKNAME_TAKEN);
}

/**
 * Every account creation in a workspace goes through here (by invite or by an admin): unique
 * e-mail and nickName, the member limit (active members + pending invites of other e-mails) under
 * the workspace lock, then the insert. Call inside a transaction; returns the new user's id.
 */
export async function createMember(tx: Db, member: NewMember, now: Date): Promise<string> {
  const workspace = await lockWorkspace(tx, member.workspaceId);
  if (!workspace) throw conflict('Workspace não encontrado');
  await assertAvailable(tx, member.email, member.nickName);
  const seats = await countSeats(tx, workspace.id, now, member.email);
  if (!hasRoomFor(workspace, seats)) throw conflict(MEMBER_LIMIT_REACHED);
  try {
    const [row] = await tx.insert(users).values(member).returning({ id: users.id });
    return row!.id;
  } catch (error) {
    // Another request took the e-mail or nickName between the check and the insert.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(EMAIL_TAKEN);
    if (isUniqueViolation(error, 'users_nick_name_lower_key')) throw conflict(NICKNAME_TAKEN);
    throw error;
  }
}
