import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditPage, type Conversation, type Message, publicUrlFromUploadUrl } from '@chat/contracts';
import { auditLog, jobRuns, messageReactions, messages, workspaceRetention } from '../../db/schema';
import { as, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { mediaFiles, target, uploadUrlFor } from '../../test/media';
import { createAdminTeam } from '../../test/team';
import { DAY_MS, runDailyJobs } from '../jobs/daily-jobs';
import { claimRun } from '../jobs/job-runs';
import { applyRetention } from './retention-run';

// A workspace's retention deletes its messages older than the window, with their files, and
// nothing newer and nothing of another workspace; what it deleted is counted in the activity log.

let t: TestApp;
let admin: TestUser, ana: TestUser, bruno: TestUser;
let workspaceId: string;
let conversation: Conversation;
let other: { admin: TestUser; members: readonly [TestUser, TestUser] };
let otherConversation: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const team = await createAdminTeam(t.app, ['Ana Retida', 'Bruno Retido']);
  ({ admin, workspaceId } = team);
  [ana, bruno] = team.members;
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  other = await createAdminTeam(t.app, ['Clara Vizinha', 'Davi Vizinho']);
  otherConversation = expectStatus(await as(t.app, other.members[0]).post('/conversation/create', { userTwoId: other.members[1].id }), 200);
}, 60_000);
afterAll(() => t?.close());

const media = () => ({ db: t.app.ctx.db, env: t.app.ctx.env, store: t.app.ctx.mediaStore });
const send = async (who: TestUser, chatId: string, body: string) =>
  expectStatus<Message>(await as(t.app, who).post('/message/send', textMessage(chatId, body)), 200);
const age = (ids: string[], days: number) =>
  t.app.ctx.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(inArray(messages.id, ids));
const exists = async (ids: string[]) =>
  (await t.app.ctx.db.select({ id: messages.id }).from(messages).where(inArray(messages.id, ids))).map((r) => r.id).sort();

async function uploadedImage(owner: TestUser): Promise<string> {
  const upload = await uploadUrlFor(t.app, owner.token, 'image/png', 'foto.png');
  const put = await t.app.inject({
    method: 'PUT',
    url: target(upload),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  expect(put.statusCode).toBeLessThan(300);
  return publicUrlFromUploadUrl(upload.toString());
}
const sendImage = async (who: TestUser, url: string) =>
  expectStatus<Message>(
    await as(t.app, who).post('/message/send', { ...textMessage(conversation.id, 'x'), content: { type: 'image', body: url } }),
    200,
  );
const stored = (url: string) => mediaFiles(t.env.dataDir).some((f) => f.endsWith(url.split('/').pop()!));

describe('a workspace retention window', () => {
  it('deletes what is older than the window, with its files and reactions; keeps what is newer and other workspaces', async () => {
    expectStatus(await as(t.app, admin).put('/retention-policy', { messageRetentionDays: 30 }), 200);
    // Sent in the order of their ages, as time runs: the oldest first.
    const old = [await send(ana, conversation.id, 'antiga um'), await send(bruno, conversation.id, 'antiga dois')];
    const oldFile = await uploadedImage(ana);
    const oldImage = await sendImage(ana, oldFile);
    const sharedFile = await uploadedImage(ana);
    const oldShared = await sendImage(ana, sharedFile);
    const edge = await send(ana, conversation.id, 'quase no limite');
    const fresh = await send(bruno, conversation.id, 'recente');
    const reply = expectStatus<Message>(
      await as(t.app, ana).post('/message/send', { ...textMessage(conversation.id, 'resposta nova'), replyToId: old[0]!.id }),
      200,
    );
    const newShared = await sendImage(bruno, sharedFile);
    expectStatus(await as(t.app, bruno).post(`/message/${old[0]!.id}/reactions`, { emoji: '👍' }), 200);
    const neighbour = await send(other.members[0], otherConversation.id, 'vizinho antigo');
    await age([...old.map((m) => m.id), oldImage.id, oldShared.id, neighbour.id], 40);
    await age([edge.id], 29);

    const reports = await applyRetention(media(), new Date());
    expect(reports).toEqual([{ workspaceId, days: 30, messages: 4, files: 1 }]);
    expect(await exists([...old.map((m) => m.id), oldImage.id, oldShared.id])).toEqual([]);
    expect(await exists([edge.id, fresh.id, reply.id, newShared.id, neighbour.id])).toEqual(
      [edge.id, fresh.id, reply.id, newShared.id, neighbour.id].sort(),
    );
    expect(stored(oldFile)).toBe(false);
    expect(stored(sharedFile)).toBe(true);
    expect(await t.app.ctx.db.select().from(messageReactions).where(eq(messageReactions.messageId, old[0]!.id))).toEqual([]);
    const history = expectStatus<{ messages: Message[] }>(
      await as(t.app, ana).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    );
    expect(history.messages.map((m) => m.id)).toEqual([edge.id, fresh.id, reply.id, newShared.id]);
    expect(history.messages.find((m) => m.id === reply.id)).toMatchObject({ content: { body: 'resposta nova' } });

    const logged = expectStatus<AuditPage>(await as(t.app, admin).get('/audit-log?action=retention.applied'), 200).entries;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actor: null, ip: null, details: { days: 30, messages: 4, files: 1 } });
  });

  it('0 keeps everything; a run with nothing to delete leaves no entry', async () => {
    expectStatus(await as(t.app, admin).put('/retention-policy', { messageRetentionDays: 0 }), 200);
    const kept = await send(ana, conversation.id, 'para sempre');
    await age([kept.id], 4000);
    expect(await applyRetention(media(), new Date())).toEqual([]);
    expect(await exists([kept.id])).toEqual([kept.id]);
    expectStatus(await as(t.app, admin).put('/retention-policy', { messageRetentionDays: 5000 }), 200);
    const before = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(await applyRetention(media(), new Date())).toEqual([{ workspaceId, days: 5000, messages: 0, files: 0 }]);
    expect(await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
  });

  it('refuses a window out of range in Portuguese, and only the ADMIN sets it', async () => {
    const res = await as(t.app, admin).put('/retention-policy', { messageRetentionDays: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('dias');
    expect((await as(t.app, ana).put('/retention-policy', { messageRetentionDays: 1 })).statusCode).toBe(403);
  });
});

describe('the daily job', () => {
  it('of callers racing for one day’s run, exactly one claims it; the next day is claimable again', async () => {
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimRun(t.app.ctx.db, 'prova', now, DAY_MS)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(t.app.ctx.db, 'prova', new Date(now.getTime() + DAY_MS / 2), DAY_MS)).toBe(false);
    expect(await claimRun(t.app.ctx.db, 'prova', new Date(now.getTime() + DAY_MS), DAY_MS)).toBe(true);
  });

  it('runs retention once a day, however often it is asked', async () => {
    expectStatus(await as(t.app, admin).put('/retention-policy', { messageRetentionDays: 10 }), 200);
    await t.app.ctx.db.delete(jobRuns);
    const gone = await send(ana, conversation.id, 'vai embora');
    await t.app.ctx.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 11 * DAY_MS) })
      .where(eq(messages.conversationId, conversation.id));
    const log = t.app.log;
    const now = () => new Date();
    expect(await runDailyJobs({ media: media(), log, now })).toBe(true);
    expect(await exists([gone.id])).toEqual([]);
    expect(await runDailyJobs({ media: media(), log, now })).toBe(false);
    await t.app.ctx.db.delete(workspaceRetention).where(eq(workspaceRetention.workspaceId, workspaceId));
  });
});
