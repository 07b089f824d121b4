import type { FastifyInstance } from 'fastify';
import { conversations, groupMembers, groups, messages, users, workspaces } from '@chat/server/bench-api';
import type { Person, SeededTeam, TeamShape } from './protocol';

// The big team, inserted directly into the base tables (no argon2, no HTTP, nothing of the
// receipts' own tables, whose shape changes): one workspace of shape.members, its ADMIN, a group
// of shape.groupMembers with shape.unread messages of its creator nobody has read yet, and a
// heavy member in shape.heavyConversations conversations and shape.heavyGroups groups (the big
// one among them), each with one message so that its list shows a last message.

const BATCH = 1000;
const PASSWORD_HASH = 'bench-sem-senha';
/** Long enough for any run; sign-in's 15 minutes would expire in the middle of a long one. */
const TOKEN_TTL_SECONDS = 6 * 3600;
/** Members of each of the heavy member's other groups. */
const SMALL_GROUP = 8;
const DAY_MS = 24 * 3600_000;

async function inBatches<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await insert(rows.slice(i, i + BATCH))));
  return out;
}

export async function seedTeam(app: FastifyInstance, shape: TeamShape): Promise<SeededTeam> {
  const { db, accessTokens } = app.ctx;
  const [workspace] = await db.insert(workspaces).values({ name: 'Equipe Grande' }).returning({ id: workspaces.id });
  const workspaceId = workspace!.id;
  // Joined a month ago, so that every seeded message counts as unread for them.
  const joinedAt = new Date(Date.now() - 30 * DAY_MS);
  const people = await inBatches(
    Array.from({ length: shape.members }, (_, i) => ({
      name: i === 0 ? 'Administradora Grande' : `Pessoa ${i}`,
      nickName: `grande${i}`,
      email: `grande${i}@grande.local`,
      passwordHash: PASSWORD_HASH,
      role: i === 0 ? ('ADMIN' as const) : ('USER' as const),
      workspaceId,
      createdAt: joinedAt,
    })),
    (batch) => db.insert(users).values(batch).returning({ id: users.id, name: users.name, role: users.role }),
  );
  await db.update(workspaces).set({ adminId: people[0]!.id });

  // people[1] creates the big group and sends to it; people[2] is the heavy member.
  const [sender, heavy] = [people[1]!, people[2]!];
  const inGroup = people.slice(1, 1 + shape.groupMembers);
  const groupRows = await db
    .insert(groups)
    .values([
      { workspaceId, name: 'Equipe toda', description: 'O grupo grande do benchmark', createdById: sender.id, createdAt: joinedAt },
      ...Array.from({ length: shape.heavyGroups - 1 }, (_, g) => ({
        workspaceId,
        name: `Grupo ${g + 1}`,
        createdById: heavy.id,
        createdAt: joinedAt,
      })),
    ])
    .returning({ id: groups.id });
  const [big, ...small] = groupRows;
  const others = people.slice(3);
  const memberships = [
    ...inGroup.map((p) => ({ groupId: big!.id, userId: p.id, isAdmin: p.id === sender.id, createdAt: joinedAt })),
    ...small.flatMap((g, k) => [
      { groupId: g.id, userId: heavy.id, isAdmin: true, createdAt: joinedAt },
      ...Array.from({ length: SMALL_GROUP - 1 }, (_, j) => ({
        groupId: g.id,
        userId: others[(k * SMALL_GROUP + j) % others.length]!.id,
        isAdmin: false,
        createdAt: joinedAt,
      })),
    ]),
  ];
  await inBatches(memberships, (batch) => db.insert(groupMembers).values(batch).returning({ g: groupMembers.groupId }));

  const heavyChats = await inBatches(
    others.slice(0, shape.heavyConversations).map((o, i) => ({
      userOneId: i % 2 ? heavy.id : o.id,
      userTwoId: i % 2 ? o.id : heavy.id,
      createdAt: joinedAt,
    })),
    (batch) =>
      db
        .insert(conversations)
        .values(batch)
        .returning({ id: conversations.id, one: conversations.userOneId, two: conversations.userTwoId }),
  );

  // Old enough to be past any watermark's lag, in order, after everyone joined.
  let minute = 0;
  const start = Date.now() - 7 * DAY_MS;
  const at = () => new Date(start + minute++ * 60_000);
  const text = (k: number) => `Mensagem ${k + 1}: o texto de um aviso para a equipe toda, com acentuação e pontuação.`;
  const history = [
    ...heavyChats.map((c, k) => ({
      conversationId: c.id,
      authorId: c.one === heavy.id ? c.two : c.one,
      body: text(k),
      status: 'READ' as const,
    })),
    ...small.map((g, k) => ({ groupId: g.id, authorId: heavy.id, body: text(k), status: 'DELIVERED' as const })),
    ...Array.from({ length: shape.unread }, (_, k) => ({ groupId: big!.id, authorId: sender.id, body: text(k), status: 'SENT' as const })),
  ].map((m) => {
    const when = at();
    return { ...m, createdAt: when, updatedAt: when };
  });
  await inBatches(history, (batch) => db.insert(messages).values(batch).returning({ id: messages.id }));

  const sign = async (p: { id: string; name: string; role: 'ADMIN' | 'USER' | 'ROOT' }): Promise<Person> => ({
    id: p.id,
    name: p.name,
    token: await accessTokens.sign({ id: p.id, role: p.role, workspaceId, passwordHash: PASSWORD_HASH }, TOKEN_TTL_SECONDS),
  });
  const peer = heavyChats[0]!;
  return {
    groupId: big!.id,
    admin: await sign(people[0]!),
    heavy: await sign(heavy),
    sender: await sign(sender),
    readers: await Promise.all(inGroup.slice(1).map(sign)),
    baselineConversationId: peer.id,
    baselinePeer: await sign(people.find((p) => p.id === (peer.one === heavy.id ? peer.two : peer.one))!),
  };
}
