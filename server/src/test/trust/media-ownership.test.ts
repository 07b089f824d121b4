import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploads } from '../../db/schema';
import { signIn } from '../auth-helpers';
import { as, createUser, expectStatus, newClientId, type TestUser } from '../chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../harness';
import { pngOfSize, TINY_IMAGES } from '../images';
import { mediaFiles, target, uploadUrlFor } from '../media';
import { createAdminTeam } from '../team';
import { dbFingerprint } from './db-fingerprint';

// Uploads belong to the uploader's workspace: usable in its messages and avatars only, counted
// against its storage quota, and handed out at a bounded rate.

let t: TestApp;
let anaA: TestUser, brunoA: TestUser, workspaceA: string;
let carlaB: TestUser, danielB: TestUser;
let rootToken: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const a = await createAdminTeam(t.app, ['Ana Dona', 'Bruno Dono']);
  [anaA, brunoA] = a.members;
  workspaceA = a.workspaceId;
  [carlaB, danielB] = (await createAdminTeam(t.app, ['Carla Intrusa', 'Daniel Intruso'])).members;
  rootToken = (await signIn(t.app, 'root', TEST_ROOT_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

/** Uploads `body` as `user`; returns the PUT's answer. */
async function upload(user: TestUser, body: Buffer = TINY_IMAGES['image/png']) {
  const url = await uploadUrlFor(t.app, user.token, 'image/png');
  return t.app.inject({ method: 'PUT', url: target(url), headers: { 'content-type': 'image/png' }, payload: body });
}
const uploaded = async (user: TestUser) => expectStatus<{ url: string }>(await upload(user), 200).url;
const conversationOf = async (a: TestUser, b: TestUser) =>
  expectStatus<{ id: string }>(await as(t.app, a).post('/conversation/create', { userTwoId: b.id }), 200).id;
const sendImage = (user: TestUser, conversationId: string, url: string) =>
  as(t.app, user).post('/message/send', { conversationId, isGroup: false, content: { type: 'image', body: url }, clientId: newClientId() });
const setQuota = (storageQuotaMb: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workspace/${workspaceA}`,
    headers: { authorization: `Bearer ${rootToken}` },
    payload: { name: 'Equipe Dona', limitOfMembers: 0, storageQuotaMb },
  });
const generate = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cloud/generate-public-media-url',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { fileName: 'a.png', contentType: 'image/png', folder: 'avatars' },
  });

describe('a media URL of another workspace', () => {
  it('is refused in a message and as an avatar exactly like a file that does not exist, and changes nothing', async () => {
    const ofA = await uploaded(anaA);
    const unknown = ofA.replace(/[0-9a-f]{12}-/, '000000000000-');
    const conversationB = await conversationOf(carlaB, danielB);
    const before = await dbFingerprint(t.app);
    const answers = {
      messageForeign: await sendImage(carlaB, conversationB, ofA),
      messageUnknown: await sendImage(carlaB, conversationB, unknown),
      avatarForeign: await as(t.app, carlaB).patch('/user/update', { avatarUrl: ofA }),
      avatarUnknown: await as(t.app, carlaB).patch('/user/update', { avatarUrl: unknown }),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, `${r.statusCode} ${r.json().message}`]));
    expect(seen).toEqual({
      messageForeign: '400 A imagem deve ser enviada pelo upload do chat',
      messageUnknown: '400 A imagem deve ser enviada pelo upload do chat',
      avatarForeign: '400 A foto de perfil deve ser enviada pelo upload de avatar',
      avatarUnknown: '400 A foto de perfil deve ser enviada pelo upload de avatar',
    });
    expect(await dbFingerprint(t.app)).toBe(before);
  });

  it('is usable by the uploader’s colleagues; deleted with its last message, file and record go, and its size is freed', async () => {
    const url = await uploaded(anaA);
    const conversation = await conversationOf(anaA, brunoA);
    const sent = expectStatus<{ id: string }>(await sendImage(anaA, conversation, url), 200);
    const second = expectStatus<{ id: string }>(await sendImage(brunoA, conversation, url), 200);
    // B could not have kept it alive: nothing of B shows it.
    expect((await sendImage(carlaB, await conversationOf(carlaB, danielB), url)).statusCode).toBe(400);
    const key = new URL(url).pathname.slice('/media/'.length);
    expect(mediaFiles(t.env.dataDir)).toContain(key);
    // Bruno's message still shows it: deleting Ana's keeps the file.
    expectStatus(await as(t.app, anaA).delete(`/message/${sent.id}`), 200);
    expect(mediaFiles(t.env.dataDir)).toContain(key);
    expectStatus(await as(t.app, brunoA).delete(`/message/${second.id}`), 200);
    expect(mediaFiles(t.env.dataDir)).not.toContain(key);
    expect(await t.app.ctx.db.select().from(mediaUploads).where(eq(mediaUploads.key, key))).toEqual([]);
    expect((await sendImage(anaA, conversation, url)).statusCode).toBe(400);
  });
});

describe('upload URLs per member', () => {
  it('are limited: the 31st within a minute is a 429 with Retry-After; another member is unaffected', async () => {
    const eager = await createUser(t.app, workspaceA, { name: 'Eva Ansiosa' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await generate(eager)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await generate(eager);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.any(String) });
    expect((await generate(brunoA)).statusCode).toBe(200);
  });
});

describe('the storage quota ROOT sets', () => {
  it('counts stored sizes: a file that would pass it, then any new URL once reached, get a clear 413', async () => {
    expectStatus(await setQuota(0), 200);
    // 0 = no quota: 1.2 MB more is fine.
    for (let i = 0; i < 2; i++) expectStatus(await upload(anaA, pngOfSize(600 * 1024)), 200);
    const [row] = await t.app.ctx.db
      .select({ used: sum(mediaUploads.sizeBytes) })
      .from(mediaUploads)
      .where(eq(mediaUploads.workspaceId, workspaceA));
    const used = Number(row!.used);
    expect(used).toBeGreaterThan(1024 * 1024);

    const quota = expectStatus<{ storageQuotaMb: number }>(await setQuota(2), 200);
    expect(quota.storageQuotaMb).toBe(2);
    const tooBig = await upload(anaA, pngOfSize(2 * 1024 * 1024 - used + 1));
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, 'Cota de armazenamento do workspace esgotada']);
    expectStatus(await upload(anaA, pngOfSize(2 * 1024 * 1024 - used)), 200);
    const full = await generate(brunoA);
    expect(full.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Cota de armazenamento do workspace esgotada' });
    // Another workspace has its own (none).
    expect((await generate(carlaB)).statusCode).toBe(200);

    expectStatus(await setQuota(0), 200);
    expect((await generate(brunoA)).statusCode).toBe(200);
  });

  it('is validated for ROOT in Portuguese and shown on the workspace', async () => {
    for (const bad of [-1, 1.5, 2_000_000, 'muito']) {
      const res = await setQuota(bad as number);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Dados inválidos: Cota de armazenamento deve ser/);
    }
    expectStatus(await setQuota(50), 200);
    const shown = expectStatus<{ storageQuotaMb: number }>(
      await t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceA}`, headers: { authorization: `Bearer ${rootToken}` } }),
      200,
    );
    expect(shown.storageQuotaMb).toBe(50);
    expectStatus(await setQuota(0), 200);
  });
});
