import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Group, MessageReceiptEvent, MessagesPage } from '@chat/contracts';
import { messages } from '../../db/schema';
import { receiptsOf } from '../messages/group-receipts.repository';
import { READ_GATHER_MS, READS_PER_STATEMENT } from './group-reads';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, eventMatching, type Listener, listenAll, settle } from '../../test/socket-helpers';

// Group reads are applied in batches (GroupReads): whatever arrives together is one statement,
// the furthest read of each member wins, and the authors hear them gathered.

let t: TestApp;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

async function groupWith(owner: TestUser, members: TestUser[], count: number): Promise<{ group: Group; ids: string[] }> {
  const group = expectStatus<Group>(
    await as(t.app, owner).post('/group/create', { name: `Lotes ${count}`, description: '', members: members.map((m) => m.id) }),
    200,
  );
  const rows = await t.app.ctx.db
    .insert(messages)
    .values(
      Array.from({ length: count }, (_, i) => ({ authorId: owner.id, groupId: group.id, body: `m${i}`, clientId: `${group.id}-${i}` })),
    )
    .returning({ id: messages.id });
  return { group, ids: rows.map((r) => r.id) };
}

async function watermark(groupId: string, userId: string): Promise<number> {
  const result = (await t.app.ctx.db.execute(
    sql`SELECT read_seq::text AS seq FROM group_members WHERE group_id = ${groupId}::uuid AND user_id = ${userId}::uuid`,
  )) as unknown as { rows: Array<{ seq: string }> };
  return Number(result.rows[0]!.seq);
}
const seqOf = async (id: string) =>
  Number(
    (
      (await t.app.ctx.db.execute(sql`SELECT seq::text AS seq FROM messages WHERE id = ${id}::uuid`)) as unknown as {
        rows: Array<{ seq: string }>;
      }
    ).rows[0]!.seq,
  );

function countStatements() {
  const db = t.app.ctx.db;
  const original = db.execute.bind(db);
  const calls = { execute: 0 };
  Object.assign(db, { execute: (...args: Parameters<typeof db.execute>) => ((calls.execute += 1), original(...args)) });
  return { calls, restore: () => Object.assign(db, { execute: original }) };
}

describe('batched group reads', () => {
  it('many reads arriving together are one write; the furthest wins, whatever the order', async () => {
    const [ana, bruno, carla] = await createTeam(t.app, ['Ana Lote', 'Bruno Lote', 'Carla Lote']);
    const { group, ids } = await groupWith(ana, [bruno, carla], 40);
    const reads = t.app.ctx.groupReads;
    // Out of order: the newest in the middle, older ones after it; two members.
    const order = [...ids.slice(0, 20), ids[39]!, ...ids.slice(20, 39)];
    const counter = countStatements();
    try {
      await Promise.all(
        order.flatMap((messageId) =>
          [bruno, carla].map((who) => reads.submit({ groupId: group.id, userId: who.id, messageId, announce: false })),
        ),
      );
      // The batch's watermarks and marks in one statement, then the completion check.
      expect(counter.calls.execute).toBe(2);
    } finally {
      counter.restore();
    }
    expect(await watermark(group.id, bruno.id)).toBe(await seqOf(ids[39]!));
    expect(await watermark(group.id, carla.id)).toBe(await seqOf(ids[39]!));
    // A later read of an older message moves nothing back.
    await reads.submit({ groupId: group.id, userId: bruno.id, messageId: ids[0]!, announce: false });
    expect(await watermark(group.id, bruno.id)).toBe(await seqOf(ids[39]!));
    // One mark for the minute, spanning all of it.
    const marks = (await t.app.ctx.db.execute(
      sql`SELECT from_seq::text AS "from", seq::text AS seq FROM group_receipt_marks WHERE group_id = ${group.id}::uuid AND user_id = ${bruno.id}::uuid`,
    )) as unknown as { rows: Array<{ from: string; seq: string }> };
    expect(marks.rows.length).toBeGreaterThanOrEqual(1);
    expect(marks.rows.length).toBeLessThanOrEqual(2);
    expect(Math.max(...marks.rows.map((m) => Number(m.seq)))).toBe(await seqOf(ids[39]!));
  });

  it('a wave larger than one statement takes goes in several; the furthest read still wins', async () => {
    const [ana, bruno, carla] = await createTeam(t.app, ['Ana Onda', 'Bruno Onda', 'Carla Onda']);
    const { group, ids } = await groupWith(ana, [bruno, carla], 20);
    const wave = Array.from({ length: READS_PER_STATEMENT * 2 + 50 }, (_, i) => ({
      groupId: group.id,
      userId: (i % 2 ? bruno : carla).id,
      messageId: ids[i % ids.length]!,
      announce: false,
    }));
    const counter = countStatements();
    try {
      await Promise.all(wave.map((read) => t.app.ctx.groupReads.submit(read)));
      // Three statements of reads at least, and the floors' one after the batch that moved them
      // (the later batches cover nothing new). One batch would be two statements in all.
      expect(counter.calls.execute).toBeGreaterThanOrEqual(3 + 1);
    } finally {
      counter.restore();
    }
    expect(await watermark(group.id, bruno.id)).toBe(await seqOf(ids[19]!));
    expect(await watermark(group.id, carla.id)).toBe(await seqOf(ids[18]!));
  });

  it('under load the next batch gathers what arrives for a while, instead of a statement per read or two', async () => {
    const team = await createTeam(t.app, ['Ana Pausa', 'B1 Pausa', 'B2 Pausa', 'B3 Pausa', 'B4 Pausa', 'B5 Pausa', 'B6 Pausa', 'B7 Pausa']);
    const [ana, ...readers] = team;
    const { group, ids } = await groupWith(ana!, readers, 3);
    const read = (who: TestUser) => t.app.ctx.groupReads.submit({ groupId: group.id, userId: who.id, messageId: ids[2]!, announce: false });
    const counter = countStatements();
    try {
      const done = [read(readers[0]!)];
      // The first batch has started (at the end of this turn) and its statement runs: the second
      // read waits for it, and the pause after it begins.
      await new Promise((r) => setImmediate(r));
      done.push(read(readers[1]!));
      // The others come one by one, well within the pause after the first batch.
      for (const who of readers.slice(2)) {
        await new Promise((r) => setTimeout(r, READ_GATHER_MS / 12));
        done.push(read(who));
      }
      await Promise.all(done);
      // Two batches (each its reads' statement, the floors' and at most one listing of what
      // turned READ); a batch per read or two would be many more.
      expect(counter.calls.execute).toBeLessThanOrEqual(2 * 3);
    } finally {
      counter.restore();
    }
    for (const who of readers) expect(await watermark(group.id, who.id)).toBe(await seqOf(ids[2]!));
  });

  it("a minute's later reads write no mark; 'Lida por' gives their messages that minute", async () => {
    const [ana, bruno] = await createTeam(t.app, ['Ana Minuto', 'Bruno Minuto']);
    const { group, ids } = await groupWith(ana, [bruno], 20);
    const reads = t.app.ctx.groupReads;
    await reads.submit({ groupId: group.id, userId: bruno.id, messageId: ids[9]!, announce: false });
    await reads.submit({ groupId: group.id, userId: bruno.id, messageId: ids[19]!, announce: false });
    const marks = (await t.app.ctx.db.execute(
      sql`SELECT from_seq::text AS "from", seq::text AS seq, to_json(at) #>> '{}' AS at FROM group_receipt_marks
        WHERE group_id = ${group.id}::uuid AND user_id = ${bruno.id}::uuid AND kind = 'read' ORDER BY from_seq`,
    )) as unknown as { rows: Array<{ from: string; seq: string; at: string }> };
    // Within one minute the first read's row stays as it was; across a minute's turn, the
    // second starts where the first ended.
    const [first, second] = marks.rows;
    expect(Number(first!.seq)).toBe(await seqOf(ids[9]!));
    if (second) expect(Number(second.from)).toBe(await seqOf(ids[9]!));
    else expect(marks.rows).toHaveLength(1);
    const m = (await t.app.ctx.db.execute(
      sql`SELECT seq::text AS seq, to_json(created_at) #>> '{}' AS "createdAt" FROM messages WHERE id = ${ids[15]!}::uuid`,
    )) as unknown as { rows: Array<{ seq: string; createdAt: string }> };
    const people = await receiptsOf(t.app.ctx.db, {
      id: ids[15]!,
      groupId: group.id,
      authorId: ana.id,
      seq: Number(m.rows[0]!.seq),
      createdAt: new Date(m.rows[0]!.createdAt),
    });
    expect(people.map((p) => ({ id: p.user.id, readAt: p.readAt?.getTime() }))).toEqual([
      { id: bruno.id, readAt: new Date((second ?? first)!.at).getTime() },
    ]);
  });

  it('reads by non-members or bounded by a message of another group change nothing', async () => {
    const [ana, bruno, outsider] = await createTeam(t.app, ['Ana Fora', 'Bruno Fora', 'Otávio Fora']);
    const { group } = await groupWith(ana, [bruno], 3);
    const { ids: elsewhere } = await groupWith(ana, [bruno], 1);
    const reads = t.app.ctx.groupReads;
    await reads.submit({ groupId: group.id, userId: outsider.id, messageId: null, announce: true });
    await reads.submit({ groupId: group.id, userId: bruno.id, messageId: elsewhere[0]!, announce: true });
    expect(await watermark(group.id, bruno.id)).toBe(0);
  });

  it('the read floor stays while an active member is at it, and rises to the lowest read once none is', async () => {
    const [ana, bruno, carla, dora, eva] = await createTeam(t.app, ['Ana Piso', 'Bruno Piso', 'Carla Piso', 'Dora Piso', 'Eva Piso']);
    const { group, ids } = await groupWith(ana!, [bruno!, carla!, dora!, eva!], 10);
    // Eva's account is gone: she is still a member at the floor, and no longer holds it.
    await t.app.ctx.db.execute(sql`UPDATE users SET active = false WHERE id = ${eva!.id}::uuid`);
    const floor = async () =>
      Number(
        (
          (await t.app.ctx.db.execute(sql`SELECT read_floor_seq::text AS seq FROM groups WHERE id = ${group.id}::uuid`)) as unknown as {
            rows: Array<{ seq: string }>;
          }
        ).rows[0]!.seq,
      );
    const read = (who: TestUser, messageId: string) =>
      t.app.ctx.groupReads.submit({ groupId: group.id, userId: who.id, messageId, announce: false });
    await read(ana!, ids[9]!);
    await read(bruno!, ids[9]!);
    await read(carla!, ids[4]!);
    // Dora has read nothing: the floor cannot rise past her.
    expect(await floor()).toBe(0);
    await read(dora!, ids[9]!);
    expect(await floor()).toBe(await seqOf(ids[4]!));
    // Carla at the floor reads on: it rises to the lowest of the others.
    await read(carla!, ids[7]!);
    expect(await floor()).toBe(await seqOf(ids[7]!));
    await read(carla!, ids[9]!);
    expect(await floor()).toBe(await seqOf(ids[9]!));
  });

  it('the author of messages many members read at once hears it gathered, with everyone, and the READ ones', async () => {
    const team = await createTeam(t.app, ['Ana Muitos', 'B1 Muitos', 'B2 Muitos', 'B3 Muitos', 'B4 Muitos', 'B5 Muitos', 'B6 Muitos']);
    const [ana, ...readers] = team;
    const { group, ids } = await groupWith(ana!, readers, 3);
    const [la, ...others] = await listenAll(t.app, team, listeners);
    await t.app.ctx.presence.whenIdle();
    await settle(t.app, listeners);
    la!.events.length = 0;
    // ana's own read (a send's would do it), then every member's at once.
    await t.app.ctx.groupReads.submit({ groupId: group.id, userId: ana!.id, messageId: null, announce: false });
    for (const l of others) l.socket.emit('group:read', { groupId: group.id });
    for (const l of others) await eventMatching<MessageReceiptEvent>(l, 'message:receipt', (r) => r.userIds.includes(l.user.id));
    const done = await eventMatching<MessageReceiptEvent>(la!, 'message:receipt', (r) => r.completedIds.length > 0);
    expect(done.completedIds.sort()).toEqual([...ids].sort());
    await settle(t.app, listeners);
    const heard = la!.of('message:receipt') as MessageReceiptEvent[];
    // Six reads, at most two events (the first at once, the rest gathered), naming all six readers.
    expect(heard.length).toBeLessThanOrEqual(2);
    expect(new Set(heard.flatMap((r) => r.userIds))).toEqual(new Set(readers.map((r) => r.id)));
    const history = expectStatus<MessagesPage>(
      await as(t.app, ana!).get(`/message/get-messages-by-group?groupId=${group.id}&all=true`),
      200,
    );
    expect(new Set(history.messages.map((m) => m.status))).toEqual(new Set(['READ']));
  });
});
