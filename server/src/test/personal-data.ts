import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { neoCustomData, notificationSettings, pushSubscriptions, sessions, ssoIdentities, users, invites } from '../db/schema';
import { expectStatus } from './chat-helpers';
import { asSession, type Person, uploadImage } from './person-pair';

// What the erasure tests look for: every trace of a person (or a workspace) in any table, and
// everything a person can own besides messages. Tests only.

/**
 * Every text-like or id column of every table, searched for each needle (case-insensitive): the
 * list of "table.column ~ needle" found. One query per column; the needles of a column that has
 * any are then told apart.
 */
export async function traces(app: FastifyInstance, needles: readonly string[]): Promise<string[]> {
  const { db } = app.ctx;
  const { rows: columns } = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'ARRAY', 'jsonb', 'json', 'uuid')`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>;
  };
  if (columns.length < 30) throw new Error(`only ${columns.length} columns found`);
  const patterns = needles.map((n) => `%${n}%`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const hit = async (list: readonly string[]) => {
      const { rows } = (await db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text ILIKE ANY (${sql.join(
          [
            sql`ARRAY[`,
            sql.join(
              list.map((p) => sql`${p}`),
              sql`, `,
            ),
            sql`]::text[]`,
          ],
          sql``,
        )})`,
      )) as unknown as { rows: Array<{ n: number }> };
      return rows[0]!.n > 0;
    };
    if (!(await hit(patterns))) continue;
    for (const needle of needles) if (await hit([`%${needle}%`])) found.push(`${table}.${column} ~ ${needle}`);
  }
  return found;
}

/** Everything the person can have besides messages: photo, polygon, API key, push device, settings, invite, SSO link. */
export async function furnish(app: FastifyInstance, person: Person): Promise<void> {
  const { db } = app.ctx;
  const avatarUrl = await uploadImage(app, person, 'retrato.png');
  expectStatus(await asSession(app, person).patch('/user/update', { avatarUrl }), 200);
  const [polygon] = await db.insert(neoCustomData).values({ workspaceId: person.workspaceId, name: 'Poligonal Norte' }).returning();
  await db.update(users).set({ neoCustomDataId: polygon!.id }).where(eq(users.id, person.id));
  expectStatus(await asSession(app, person).post('/api-key/create', { name: `Chave de ${person.name}`, permissions: 'READ_ONLY' }), 200);
  const [session] = await db.select().from(sessions).where(eq(sessions.userId, person.id));
  await db.insert(pushSubscriptions).values({
    userId: person.id,
    sessionId: session!.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${person.nickName}`,
    p256dh: 'p',
    auth: 'a',
  });
  await db.insert(notificationSettings).values({ userId: person.id, timeZone: 'America/Sao_Paulo' });
  await db.insert(invites).values({
    workspaceId: person.workspaceId,
    email: person.email,
    code: `X${person.nickName.slice(-5).toUpperCase()}`,
    expiresAt: new Date(Date.now() + 86_400_000),
    usedById: person.id,
    usedAt: new Date(),
  });
  await db.insert(ssoIdentities).values({ issuer: 'https://idp.exemplo.com', subject: `sub-${person.nickName}`, userId: person.id });
}
