import type { FastifyInstance } from 'fastify';
import { conversations, users, workspaces } from '@chat/server/bench-api';
import type { BenchMember } from './protocol';

// Members inserted directly (no argon2 per member, no HTTP): `count` members in workspaces of
// `workspaceSize` (one by default), paired into count/2 conversations (member 2k talks with 2k+1,
// in the same workspace). Tokens carry the password stamp as the
// ones sign-in issues do, so authentication does the same work as in production.

const BATCH = 1000;
const PASSWORD_HASH = 'bench-sem-senha';
/** Long enough for any run; sign-in's 15 minutes would expire in the middle of a long one. */
const TOKEN_TTL_SECONDS = 6 * 3600;

export async function seedMembers(app: FastifyInstance, count: number, workspaceSize = count): Promise<BenchMember[]> {
  const { db, accessTokens } = app.ctx;
  const spaces = await db
    .insert(workspaces)
    .values(Array.from({ length: Math.ceil(count / workspaceSize) }, (_, w) => ({ name: `Carga ${w + 1}` })))
    .returning({ id: workspaces.id });
  const workspaceOf = (i: number) => spaces[Math.floor(i / workspaceSize)]!.id;
  const people: Array<{ id: string; name: string; workspaceId: string | null }> = [];
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => ({
      name: `Membro ${from + k}`,
      nickName: `carga${from + k}`,
      email: `carga${from + k}@carga.local`,
      passwordHash: PASSWORD_HASH,
      workspaceId: workspaceOf(from + k),
    }));
    people.push(...(await db.insert(users).values(rows).returning({ id: users.id, name: users.name, workspaceId: users.workspaceId })));
  }
  const pairs: Array<{ userOneId: string; userTwoId: string }> = [];
  for (let i = 0; i + 1 < people.length; i += 2) pairs.push({ userOneId: people[i]!.id, userTwoId: people[i + 1]!.id });
  const conversationOf = new Map<string, string>();
  for (let from = 0; from < pairs.length; from += BATCH) {
    const rows = await db
      .insert(conversations)
      .values(pairs.slice(from, from + BATCH))
      .returning({ id: conversations.id, one: conversations.userOneId, two: conversations.userTwoId });
    for (const row of rows) conversationOf.set(row.one, row.id).set(row.two, row.id);
  }
  return Promise.all(
    people.map(async (person, i) => ({
      id: person.id,
      name: person.name,
      peerId: people[i ^ 1]!.id,
      conversationId: conversationOf.get(person.id)!,
      token: await accessTokens.sign(
        { id: person.id, role: 'USER', workspaceId: person.workspaceId, passwordHash: PASSWORD_HASH },
        TOKEN_TTL_SECONDS,
      ),
    })),
  );
}
