import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type Group, MENTION_ALL, type Message, type MessageReceipts, mentionToken } from '@chat/contracts';
import { messages, users } from '../../db/schema';
import { isNotNullViolation } from '../../lib/db-errors';
import { as, createTeam, expectStatus, newClientId, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';
import { MessageCommits, type PendingMessage } from './message-commits';

// Group commit of sends: sends that arrive while a commit runs are stored together.
// On PostgreSQL a MessageCommits commits its first submit at once and gathers the ones submitted
// meanwhile; on PGlite it waits for the end of the I/O phase and gathers them all. Either way,
// submitting several in one tick puts at least all but the first in ONE batch: these tests use that
// to build batches on purpose; the HTTP tests below check the same rules through the route.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, outsider: TestUser;
let conversation: Conversation;
let group: Group;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Lote', 'Bruno Lote', 'Carla Lote']);
  [outsider] = await createTeam(t.app, ['Otávio Lote']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Lote', description: '', members: [bruno.id, carla.id] }), 200);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const send = (who: TestUser, body: unknown) => as(t.app, who).post('/message/send', body);
const rowsWithClientId = (clientId: string) => t.app.ctx.db.select().from(messages).where(eq(messages.clientId, clientId));
const ids = (l: Listener) => (l.of('message') as Message[]).map((m) => m.id);

/** A send from ana to bruno as the service hands it over once its checks passed. */
function pending(clientId: string, body: string, conversationId = conversation.id): PendingMessage {
  return {
    values: {
      authorId: ana.id,
      conversationId,
      contentType: 'text',
      body,
      caption: null,
      status: 'SENT',
      clientId,
      replyToId: null,
      mentions: [],
    },
    authorGuard: null,
    author: { id: ana.id, name: ana.name, avatarUrl: null },
    reply: null,
    audience: [ana.id, bruno.id],
    deliveredTo: [],
  };
}

describe('MessageCommits', () => {
  it('retries of one clientId inside one batch store one row; the twins get the stored message; it is heard once', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const commits = new MessageCommits(t.app.ctx.db, t.app.ctx.chatEvents, t.app.ctx.database.engine);
    const clientId = newClientId();
    const [lead, ...twins] = await Promise.all([
      commits.submit(pending(newClientId(), 'abre o lote')),
      ...Array.from({ length: 4 }, () => commits.submit(pending(clientId, 'repetida no lote'))),
    ]);
    expect(await rowsWithClientId(clientId)).toHaveLength(1);
    const [first, ...others] = twins;
    if (!first || !('inserted' in first)) throw new Error('o primeiro do lote devia ser inserido');
    for (const other of others) {
      if (!('stored' in other) || !other.stored) throw new Error('as repetições deviam receber a mensagem guardada');
      expect(other.stored.message.id).toBe(first.inserted.id);
    }
    await settle(t.app, listeners);
    const leadId = 'inserted' in lead ? lead.inserted.id : '';
    // Once each, in history order: on PostgreSQL the twins' commit may run beside the lead's and
    // get the lower seq (seq-order.ts).
    const history = await t.app.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(inArray(messages.id, [leadId, first.inserted.id]))
      .orderBy(asc(messages.seq));
    expect(history).toHaveLength(2);
    for (const l of [la, lb]) expect(ids(l)).toEqual(history.map((m) => m.id));

    // Submitted again later (an earlier commit): the stored row, no new one, no new event.
    const again = await commits.submit(pending(clientId, 'repetida no lote'));
    expect('stored' in again && again.stored?.message.id).toBe(first.inserted.id);
    await settle(t.app, listeners);
    expect(ids(lb)).toHaveLength(2);
  });

  it('sends submitted in one tick share one commit on PGlite (its statement runs on this thread); on PostgreSQL the first goes at once and a second beside it', async () => {
    const commits = new MessageCommits(t.app.ctx.db, t.app.ctx.chatEvents, t.app.ctx.database.engine);
    const sizes: number[] = [];
    const commitOrSplit = (commits as unknown as { commitOrSplit: (batch: readonly PendingMessage[]) => Promise<unknown> }).commitOrSplit;
    (commits as unknown as { commitOrSplit: typeof commitOrSplit }).commitOrSplit = function (batch) {
      sizes.push(batch.length);
      return commitOrSplit.call(this, batch);
    };
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => commits.submit(pending(newClientId(), `no mesmo tique ${i}`))));
    expect(results.every((r) => 'inserted' in r)).toBe(true);
    expect(sizes).toEqual(t.app.ctx.database.engine === 'pglite' ? [5] : [1, 1, 3]);
  });

  it('a send that fails inside a batch fails alone: the others are stored and heard, in order', async () => {
    const [lb] = await listenAll(t.app, [bruno], listeners);
    const commits = new MessageCommits(t.app.ctx.db, t.app.ctx.chatEvents, t.app.ctx.database.engine);
    const good = [newClientId(), newClientId(), newClientId()];
    // A conversation that does not exist: its foreign key fails the batch's single INSERT.
    const results = await Promise.allSettled([
      commits.submit(pending(good[0]!, 'primeira')),
      commits.submit(pending(good[1]!, 'segunda')),
      commits.submit(pending(newClientId(), 'quebrada', randomUUID())),
      commits.submit(pending(good[2]!, 'terceira')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await t.app.ctx.db.select().from(messages).where(inArray(messages.clientId, good)).orderBy(asc(messages.seq));
    // All stored; concurrent sends have no order of their own (on PostgreSQL the first two may commit
    // side by side), and they are heard in the stored order.
    expect(new Set(stored.map((m) => m.clientId))).toEqual(new Set(good));
    expect(stored).toHaveLength(3);
    await settle(t.app, listeners);
    expect(ids(lb)).toEqual(stored.map((m) => m.id));
  });

  it('a guarded send whose author changed is refused by its INSERT, alone in its batch (author-guard.ts)', async () => {
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, ana.id));
    const guard = { id: ana.id, role: row!.role, passwordHash: row!.passwordHash, name: row!.name, avatarUrl: row!.avatarUrl };
    const commits = new MessageCommits(t.app.ctx.db, t.app.ctx.chatEvents, t.app.ctx.database.engine);
    const guarded = (clientId: string, changed: Partial<typeof guard>) => ({
      ...pending(clientId, 'guardada'),
      authorGuard: { ...guard, ...changed },
    });
    const [alone, staleAlone] = [newClientId(), newClientId()];
    await commits.submit(guarded(alone, {}));
    await expect(commits.submit(guarded(staleAlone, { role: 'ADMIN' }))).rejects.toSatisfy((e) => isNotNullViolation(e, 'author_id'));
    // The first goes alone; the next three wait for it and share one multi-row INSERT.
    const inBatch = [newClientId(), newClientId(), newClientId()];
    const results = await Promise.allSettled([
      commits.submit(pending(newClientId(), 'abre o lote')),
      commits.submit(guarded(inBatch[0]!, {})),
      commits.submit(guarded(inBatch[1]!, { name: 'Nome de antes' })),
      commits.submit(guarded(inBatch[2]!, {})),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isNotNullViolation((results[2] as PromiseRejectedResult).reason, 'author_id')).toBe(true);
    const stored = await t.app.ctx.db
      .select()
      .from(messages)
      .where(inArray(messages.clientId, [alone, staleAlone, ...inBatch]));
    expect(stored.map((m) => m.clientId).sort()).toEqual([alone, inBatch[0]!, inBatch[2]!].sort());
  });
});

describe('POST /api/message/send under concurrent sends', () => {
  it('a refused send among concurrent ones gets its 404 or 403; the others are stored', async () => {
    const goods = Array.from({ length: 8 }, (_, i) => textMessage(conversation.id, `junto ${i}`));
    const [byOutsider, byCarla, allByNonAdmin, ...answers] = await Promise.all([
      send(outsider, textMessage(conversation.id, 'de fora')),
      send(carla, textMessage(conversation.id, 'não participo')),
      send(bruno, { ...textMessage(group.id, `Atenção ${mentionToken(MENTION_ALL)}`, { isGroup: true }), mentions: [MENTION_ALL] }),
      ...goods.map((body, i) => send(i % 2 ? bruno : ana, body)),
    ]);
    expect(byOutsider.statusCode).toBe(404);
    expect(byCarla.statusCode).toBe(404);
    expect(allByNonAdmin.statusCode).toBe(403);
    for (const [i, answer] of answers.entries()) expect(expectStatus<Message>(answer, 200).clientId).toBe(goods[i]!.clientId);
    for (const body of goods) expect(await rowsWithClientId(body.clientId)).toHaveLength(1);
  });

  it('keeps one order per conversation: every tab hears concurrent sends of both participants in history order, once each', async () => {
    const [anaTab1, anaTab2, brunoTab] = await listenAll(t.app, [ana, ana, bruno], listeners);
    const bodies = Array.from({ length: 30 }, (_, i) => ({ who: i % 2 ? bruno : ana, body: textMessage(conversation.id, `corrida ${i}`) }));
    const answers = await Promise.all(bodies.map(({ who, body }) => send(who, body)));
    const answered = new Set(answers.map((a) => expectStatus<Message>(a, 200).id));
    const page = expectStatus<{ messages: Message[] }>(
      await as(t.app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&limit=30`),
      200,
    );
    const history = page.messages.map((m) => m.id);
    expect(new Set(history)).toEqual(answered);
    await settle(t.app, listeners);
    for (const tab of [anaTab1, anaTab2, brunoTab]) expect(ids(tab)).toEqual(history);
  });

  it('group sends in one batch record delivery to the members online', async () => {
    const [lc] = await listenAll(t.app, [carla], listeners);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(i % 2 ? ana : bruno, textMessage(group.id, `grupo ${i}`, { isGroup: true }))),
    );
    const sent = answers.map((a) => expectStatus<Message>(a, 200));
    for (const m of sent) {
      const receipts = expectStatus<MessageReceipts>(
        await as(t.app, m.authorId === ana.id ? ana : bruno).get(`/message/${m.id}/receipts`),
        200,
      );
      expect(receipts.deliveredTo.map((d) => d.user.id)).toContain(carla.id);
    }
    await settle(t.app, listeners);
    expect(new Set(ids(lc))).toEqual(new Set(sent.map((m) => m.id)));
  });
});
