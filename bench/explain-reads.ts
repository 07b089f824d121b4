// Scratch (not a test): EXPLAIN ANALYZE of the statements behind the chat list and the history
// (first page, all=true) on PostgreSQL, with the bench's data plus reactions and replies.
// DATABASE_URL=postgres://... npx tsx explain-reads.ts   (in bench/)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { buildApp, messageReactions, messages, parseEnv, users } from '@chat/server/bench-api';
import { scratchDatabase } from './scratch-database';
import { seedBench } from './seed';

type Query = { text: string; values?: unknown[] };

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-explain-'));
  const scratch = await scratchDatabase(adminUrl);
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    REDIS_KEY_PREFIX: `chat-explain-${randomBytes(4).toString('hex')}`,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: 'senha-root-bench',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ env });
  try {
    const data = await seedBench(app);
    const db = app.ctx.db;
    // Reactions all over the table (every message of every chat gets one from the viewer), two
    // emoji on every 10th message of the big chat, and a reply every 20th.
    const all = await db.select({ id: messages.id, conversationId: messages.conversationId }).from(messages);
    const people = await db.select({ id: users.id }).from(users).limit(3);
    const rows = all.flatMap((m, i) => [
      { messageId: m.id, userId: data.viewer.id, emoji: '👍' },
      ...(i % 10 === 0 ? people.map((p) => ({ messageId: m.id, userId: p.id, emoji: '🎉' })) : []),
    ]);
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insert(messageReactions)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    const big = all.filter((m) => m.conversationId === data.bigConversationId);
    for (let i = 20; i < big.length; i += 20) {
      await db
        .update(messages)
        .set({ replyToId: big[i - 7]!.id })
        .where(and(eq(messages.id, big[i]!.id)));
    }
    const client = (
      db as unknown as { $client: { query: (q: Query | string, v?: unknown[]) => Promise<{ rows: Record<string, string>[] }> } }
    ).$client;
    await client.query('ANALYZE');

    const captured: Query[] = [];
    const original = client.query.bind(client);
    const urls = {
      list: '/api/conversation/get-conversations?showEmpty=true',
      'first page': `/api/message/get-messages-by-conversation?conversationId=${data.bigConversationId}`,
      'all=true': `/api/message/get-messages-by-conversation?conversationId=${data.bigConversationId}&all=true`,
    };
    for (const [label, url] of Object.entries(urls)) {
      captured.length = 0;
      client.query = (q, v) => {
        captured.push(typeof q === 'string' ? { text: q, values: v } : { text: q.text, values: q.values ?? v });
        return original(q, v);
      };
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${data.viewer.token}` } });
      client.query = original;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      for (const q of captured.filter((c) => /"(conversations|page)"/.test(c.text))) {
        const plan = await original({ text: `EXPLAIN (ANALYZE, COSTS OFF, TIMING ON, SUMMARY ON) ${q.text}`, values: q.values });
        console.log(`\n===== ${label} =====\n${q.text}\n`);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await app.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
