import type { FastifyInstance } from 'fastify';
import { conversations, messages, users, workspaces } from '@chat/server/bench-api';

// Bench data, inserted directly (no argon2, no HTTP): one viewer with CONVERSATIONS conversations,
// a few messages in each, and one of them holding BIG_HISTORY messages.

export const CONVERSATIONS = 500;
export const BIG_HISTORY = 10_000;
const SMALL_HISTORY = 3;
const BATCH = 1000;

export interface BenchData {
  viewer: { id: string; token: string; name: string };
  peer: { id: string; token: string; name: string };
  bigConversationId: string;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedBench(app: FastifyInstance): Promise<BenchData> {
  const { db, accessTokens } = app.ctx;
  const [workspace] = await db.insert(workspaces).values({ name: 'Bench' }).returning({ id: workspaces.id });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: CONVERSATIONS + 1 }, (_, i) => ({
        name: i === 0 ? 'Leitora Bench' : `Colega ${i}`,
        nickName: `bench${i}`,
        email: `bench${i}@bench.local`,
        passwordHash: 'x',
        workspaceId: workspace!.id,
      })),
    )
    .returning({ id: users.id, name: users.name });
  const [viewer, ...others] = people;
  const convs = await db
    .insert(conversations)
    .values(others.map((o, i) => ({ userOneId: i % 2 ? viewer!.id : o.id, userTwoId: i % 2 ? o.id : viewer!.id })))
    .returning({ id: conversations.id, userOneId: conversations.userOneId, userTwoId: conversations.userTwoId });

  const start = Date.now() - 30 * 24 * 3600_000;
  let minute = 0;
  const at = () => new Date(start + minute++ * 60_000);
  const small = convs.slice(1).flatMap((c) =>
    Array.from({ length: SMALL_HISTORY }, (_, k) => {
      const when = at();
      return {
        conversationId: c.id,
        authorId: k % 2 ? c.userOneId : c.userTwoId,
        body: `Mensagem ${k + 1} da conversa`,
        status: k === SMALL_HISTORY - 1 ? ('DELIVERED' as const) : ('READ' as const),
        createdAt: when,
        updatedAt: when,
      };
    }),
  );
  await insertInBatches(small, (batch) => db.insert(messages).values(batch));

  const big = convs[0]!;
  const history = Array.from({ length: BIG_HISTORY }, (_, k) => {
    const when = at();
    return {
      conversationId: big.id,
      authorId: k % 2 ? big.userOneId : big.userTwoId,
      body: `Mensagem longa número ${k + 1}: o texto de uma conversa comprida, com acentuação e pontuação.`,
      status: 'READ' as const,
      createdAt: when,
      updatedAt: when,
    };
  });
  await insertInBatches(history, (batch) => db.insert(messages).values(batch));

  const peerRow = others[0]!;
  const sign = (id: string) => accessTokens.sign({ id, role: 'USER', workspaceId: workspace!.id });
  return {
    viewer: { id: viewer!.id, name: viewer!.name, token: await sign(viewer!.id) },
    peer: { id: peerRow.id, name: peerRow.name, token: await sign(peerRow.id) },
    bigConversationId: big.id,
  };
}
