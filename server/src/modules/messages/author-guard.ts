import { type SQL, sql } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema';

/** What a send relies on about its author, as this process last read it (SessionUsers.cachedById). */
export type AuthorGuard = Pick<UserRow, 'id' | 'role' | 'passwordHash' | 'name' | 'avatarUrl'>;

/**
 * A send may skip the user lookup before its INSERT and take the author from this
 * process's cache. The INSERT then takes author_id from this subquery, which finds the author only
 * while the row still holds what the send relied on: active, the role requireAuth let through, the
 * password the token's stamp was checked against, and the name and photo the `message` event
 * carries. If anything changed, author_id is NULL, the NOT NULL constraint refuses the row (nothing
 * stored, nothing emitted) and the send is redone after a fresh lookup (MessagesService.send): as
 * fresh as the lookup was, read in the statement that stores, one round trip instead of two.
 * Values are bound parameters, or placeholders for a prepared statement.
 */
export function guardedAuthorId(guard: { [K in keyof AuthorGuard]: unknown }): SQL {
  return sql`(select ${users.id} from ${users} where ${users.id} = ${guard.id} and ${users.active}
    and ${users.role} = ${guard.role} and ${users.passwordHash} = ${guard.passwordHash}
    and ${users.name} = ${guard.name} and ${users.avatarUrl} is not distinct from ${guard.avatarUrl})`;
}
