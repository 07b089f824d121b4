import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type Group, mentionToken, type Message, PUSH_ERRORS, type PushPayload } from '@chat/contracts';
import { pushSubscriptions, sessions } from '../../db/schema';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { startPushService, type TestPushService, type TestSubscription } from '../../test/push-service';
import { PUSH_REQUESTS_IN_FLIGHT } from './push-sender';
import { closeAll, type Listener, listenAll } from '../../test/socket-helpers';
import { TINY_IMAGES } from '../../test/images';
import { target, uploadUrlFor } from '../../test/media';
import { publicUrlFromUploadUrl } from '@chat/contracts';

// Web Push end to end against a push service this test runs on 127.0.0.1 (test/push-service.ts):
// it checks each request's VAPID signature and decrypts the body with the browser keys made here.

let t: TestApp;
let service: TestPushService;
let ana: TestUser, bruno: TestUser, carla: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  service = await startPushService({ vapidPublicKey: () => t.app.ctx.push.publicKey });
  t = await createTestApp({
    seedDemo: false,
    env: { PUSH_ENDPOINT_HOSTS: service.host },
    app: { push: { ca: service.certificate, retryDelaysMs: [20, 20, 20] } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Aviso', 'Bruno Aviso', 'Carla Aviso']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(async () => {
  await t?.close();
  await service?.close();
});

/** A signed-in device of `user`: a session row and an access token bound to it. */
async function device(user: TestUser): Promise<{ token: string; sessionId: string }> {
  const [row] = await t.app.ctx.db
    .insert(sessions)
    .values({ userId: user.id, device: 'Teste', browser: 'Teste', expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: sessions.id });
  const token = await t.app.ctx.accessTokens.sign({ id: user.id, role: user.role, workspaceId: user.workspaceId, sessionId: row!.id });
  return { token, sessionId: row!.id };
}

/** A 204 answer (expectStatus reads a JSON body). */
function noContent(res: { statusCode: number; body: string }): void {
  if (res.statusCode !== 204) throw new Error(`esperado 204, veio ${res.statusCode}: ${res.body}`);
}

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** A subscribed device of `user` on the test's push service. */
async function subscribedDevice(user: TestUser): Promise<TestSubscription & { token: string; sessionId: string }> {
  const session = await device(user);
  const subscription = service.subscribe();
  noContent(await call(session.token, 'POST', '/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys }));
  return { ...subscription, ...session };
}

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

const conversation = async (a: TestUser, b: TestUser) =>
  expectStatus<Conversation>(await as(t.app, a).post('/conversation/create', { userTwoId: b.id }), 200);
const send = async (who: TestUser, chatId: string, body: string, options: { isGroup?: boolean; mentions?: string[] } = {}) =>
  expectStatus<Message>(
    await as(t.app, who).post('/message/send', { ...textMessage(chatId, body, { isGroup: options.isGroup }), mentions: options.mentions }),
    200,
  );
/** Every push started by the sends so far has been answered (and retried) by now. */
const settled = () => t.app.ctx.push.notifier.settled();
const pushesTo = (...subs: TestSubscription[]) =>
  service.received.filter((r) => subs.some((s) => s.id === r.subscriptionId)).map((r) => r.payload as PushPayload);

describe('the VAPID key', () => {
  it('is served to signed-in people and kept in DATA_DIR across restarts', async () => {
    const { publicKey } = expectStatus<{ publicKey: string }>(await as(t.app, ana).get('/push/vapid-public-key'), 200);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(existsSync(path.join(t.env.dataDir, 'vapid-keys.json'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
  });
});

describe("the tests' push service", () => {
  it('refuses a request signed with another key, as a real one does', async () => {
    const subscription = service.subscribe();
    const stranger = webpush.generateVAPIDKeys();
    const refused = webpush.sendNotification(subscription, 'oi', {
      vapidDetails: { subject: 'mailto:x@teste.chat', ...stranger },
      agent: service.agent,
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 403 });
    expect(service.received.filter((r) => r.subscriptionId === subscription.id)).toEqual([]);
  });
});

describe('subscribing', () => {
  it('refuses an endpoint that is not on a known push service, storing nothing', async () => {
    const session = await device(carla);
    const keys = service.subscribe().keys;
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      `http://${service.host}/push/x`,
      `https://127.0.0.1:1/push/x`,
      'https://fcm.googleapis.com.evil.example/x',
      `https://user:pw@${service.host}/push/x`,
    ]) {
      const res = await call(session.token, 'POST', '/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`${PUSH_ERRORS.endpoint}|${PUSH_ERRORS.endpointHost}`));
    }
    const bad = await call(session.token, 'POST', '/push/subscriptions', {
      endpoint: `https://${service.host}/push/x`,
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PUSH_ERRORS.keys);
    expect(await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, carla.id))).toEqual([]);
  });

  it('needs a browser session (a token of no session is refused)', async () => {
    const subscription = service.subscribe();
    const res = await as(t.app, carla).post('/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PUSH_ERRORS.sessionOnly);
  });
});

describe('a message to someone with no tab open', () => {
  it('arrives once on each of their devices, signed and encrypted, with sender, chat and preview', async () => {
    const [phone, laptop] = [await subscribedDevice(bruno), await subscribedDevice(bruno)];
    const own = await subscribedDevice(ana);
    const chat = await conversation(ana, bruno);
    const before = service.received.length;
    const message = await send(ana, chat.id, 'Chego às 10h');
    await settled();
    expect(service.received.length - before).toBe(2);
    const expected: PushPayload = {
      kind: 'message',
      messageId: message.id,
      chatId: chat.id,
      isGroup: false,
      title: 'Ana Aviso',
      body: 'Chego às 10h',
      path: `/auth/conversations/${chat.id}/conversation`,
      tag: `chat:${chat.id}`,
    };
    expect(pushesTo(phone)).toEqual([expected]);
    expect(pushesTo(laptop)).toEqual([expected]);
    expect(pushesTo(own)).toEqual([]);
    const headers = service.received.at(-1)!.headers;
    expect(headers.ttl).toBeDefined();
    expect(headers.urgency).toBe('high');
  });

  it('does not go to someone with a tab open', async () => {
    const phone = await subscribedDevice(carla);
    const chat = await conversation(ana, carla);
    await listenAll(t.app, [carla], listeners);
    await send(ana, chat.id, 'Você está aí');
    await settled();
    expect(pushesTo(phone)).toEqual([]);
  });

  it('in a group: the group is the title, the body says who wrote; an image reads "Imagem"', async () => {
    const [fabio, gil] = await createTeam(t.app, ['Fábio Aviso', 'Gil Aviso']);
    const phone = await subscribedDevice(gil);
    const group = expectStatus<Group>(
      await as(t.app, fabio).post('/group/create', { name: 'Obra', description: '', members: [gil.id] }),
      200,
    );
    await send(fabio, group.id, `Olá ${mentionToken(gil.id)}`, { isGroup: true, mentions: [gil.id] });
    const image = await t.app.inject({
      method: 'POST',
      url: '/api/message/send',
      headers: { authorization: `Bearer ${fabio.token}` },
      payload: {
        conversationId: group.id,
        isGroup: true,
        content: { type: 'image', body: await uploadedImage(fabio) },
        clientId: `img-${Date.now()}`,
      },
    });
    expect(image.statusCode, image.body).toBe(200);
    await settled();
    expect(pushesTo(phone)).toMatchObject([
      { title: 'Obra', body: 'Fábio Aviso: Olá @Gil Aviso', isGroup: true, tag: `chat:${group.id}` },
      { title: 'Obra', body: 'Fábio Aviso: Imagem', tag: `chat:${group.id}` },
    ]);
  });
});

describe("a person's rules", () => {
  it('a silenced chat sends nothing, except a mention', async () => {
    const [lia, mia] = await createTeam(t.app, ['Lia Aviso', 'Mia Aviso']);
    const phone = await subscribedDevice(mia);
    const group = expectStatus<Group>(
      await as(t.app, lia).post('/group/create', { name: 'Silêncio', description: '', members: [mia.id] }),
      200,
    );
    expectStatus(await as(t.app, mia).patch(`/group/${group.id}/mute`, { muted: true }), 200);
    await send(lia, group.id, 'sem aviso', { isGroup: true });
    await send(lia, group.id, `com aviso ${mentionToken(mia.id)}`, { isGroup: true, mentions: [mia.id] });
    const chat = await conversation(lia, mia);
    expectStatus(await as(t.app, mia).patch(`/conversation/${chat.id}/mute`, { muted: true }), 200);
    await send(lia, chat.id, 'direta silenciada');
    await settled();
    expect(pushesTo(phone).map((p) => p.kind === 'message' && p.body)).toEqual(['Lia Aviso: com aviso @Mia Aviso']);
  });

  it("nothing during 'Não perturbe'; only mentions and direct messages; nothing at all", async () => {
    const [rui, sol] = await createTeam(t.app, ['Rui Aviso', 'Sol Aviso']);
    const phone = await subscribedDevice(sol);
    const chat = await conversation(rui, sol);
    const group = expectStatus<Group>(
      await as(t.app, rui).post('/group/create', { name: 'Regras', description: '', members: [sol.id] }),
      200,
    );
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const now = Date.now();
    const settings = { level: 'all', timeZone: 'UTC', sound: true, emailDigest: true, quietHours: null as null | object };
    const save = async (changes: object) =>
      expectStatus(await as(t.app, sol).put('/notification-settings', { ...settings, ...changes }), 200);

    // Each push reads the settings of when it goes out: let it go before they change again.
    await save({ quietHours: { start: hhmm(new Date(now - 3_600_000)), end: hhmm(new Date(now + 3_600_000)) } });
    await send(rui, chat.id, 'de madrugada');
    await settled();
    await save({ level: 'mentions' });
    await send(rui, group.id, 'no grupo, sem menção', { isGroup: true });
    await send(rui, chat.id, 'direta');
    await settled();
    await save({ level: 'none' });
    await send(rui, chat.id, 'nada');
    await settled();
    expect(pushesTo(phone).map((p) => p.kind === 'message' && p.body)).toEqual(['direta']);
  });
});

describe('the push service answers', () => {
  it('410 or 404: the subscription is removed', async () => {
    const [ivo, joa] = await createTeam(t.app, ['Ivo Aviso', 'Joa Aviso']);
    const [gone, missing, kept] = [await subscribedDevice(joa), await subscribedDevice(joa), await subscribedDevice(joa)];
    service.answer(gone.id, 410);
    service.answer(missing.id, 404);
    const chat = await conversation(ivo, joa);
    await send(ivo, chat.id, 'primeira');
    await settled();
    const left = await t.app.ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, joa.id));
    expect(left).toEqual([{ endpoint: kept.endpoint }]);
    await send(ivo, chat.id, 'segunda');
    await settled();
    expect(service.attempts.filter((a) => a.subscriptionId === gone.id)).toEqual([{ subscriptionId: gone.id, status: 410 }]);
    expect(pushesTo(kept)).toHaveLength(2);
  });

  it('429 and 5xx: tried again after a wait, and it arrives once', async () => {
    const [kai, leo] = await createTeam(t.app, ['Kai Aviso', 'Leo Aviso']);
    const phone = await subscribedDevice(leo);
    service.answer(phone.id, 429, 503, 500);
    const chat = await conversation(kai, leo);
    await send(kai, chat.id, 'insisto');
    await settled();
    expect(service.attempts.filter((a) => a.subscriptionId === phone.id).map((a) => a.status)).toEqual([429, 503, 500, 201]);
    expect(pushesTo(phone)).toHaveLength(1);
  });
});

describe('a burst of messages', () => {
  it("applies each chat's rules to each person when many messages go out at once", async () => {
    const [ana2, bia, cris, davi] = await createTeam(t.app, ['Ana Rajada', 'Bia Rajada', 'Cris Rajada', 'Davi Rajada']);
    const [biaPhone, crisPhone, daviPhone] = [await subscribedDevice(bia), await subscribedDevice(cris), await subscribedDevice(davi)];
    const group = expectStatus<Group>(
      await as(t.app, ana2).post('/group/create', { name: 'Rajada', description: '', members: [bia.id, cris.id, davi.id] }),
      200,
    );
    expectStatus(await as(t.app, bia).patch(`/group/${group.id}/mute`, { muted: true }), 200);
    const [toBia, toCris, daviCris] = [await conversation(ana2, bia), await conversation(ana2, cris), await conversation(davi, cris)];
    expectStatus(await as(t.app, cris).patch(`/conversation/${toCris.id}/mute`, { muted: true }), 200);
    await settled();
    await Promise.all([
      send(ana2, group.id, 'para o grupo', { isGroup: true }),
      send(ana2, group.id, `chamando ${mentionToken(bia.id)}`, { isGroup: true, mentions: [bia.id] }),
      send(ana2, toBia.id, 'direta para Bia'),
      send(ana2, toCris.id, 'direta silenciada'),
      send(davi, daviCris.id, 'de Davi para Cris'),
    ]);
    await settled();
    const bodies = (sub: TestSubscription) =>
      pushesTo(sub)
        .map((p) => (p.kind === 'message' ? p.body : p.kind))
        .sort();
    expect(bodies(biaPhone)).toEqual(['Ana Rajada: chamando @Bia Rajada', 'direta para Bia']);
    expect(bodies(crisPhone)).toEqual(['Ana Rajada: chamando @Bia Rajada', 'Ana Rajada: para o grupo', 'de Davi para Cris']);
    expect(bodies(daviPhone)).toEqual(['Ana Rajada: chamando @Bia Rajada', 'Ana Rajada: para o grupo']);
  });
});

describe('connections to a push service', () => {
  it('are kept open between pushes, and a burst opens no more than the pushes in flight allow', async () => {
    const [eli, fred] = await createTeam(t.app, ['Eli Conexão', 'Fred Conexão']);
    const devices = PUSH_REQUESTS_IN_FLIGHT * 2;
    const phones = await Promise.all(Array.from({ length: devices }, () => subscribedDevice(fred)));
    const chat = await conversation(eli, fred);
    await settled();
    const before = service.connections;
    await send(eli, chat.id, 'primeira');
    await settled();
    const afterBurst = service.connections;
    await send(eli, chat.id, 'segunda');
    await settled();
    await send(eli, chat.id, 'terceira');
    await settled();
    expect(pushesTo(...phones)).toHaveLength(3 * devices);
    expect(afterBurst - before).toBeLessThanOrEqual(PUSH_REQUESTS_IN_FLIGHT);
    expect(service.connections).toBe(afterBurst);
  });
});

describe('reading the chat on one device', () => {
  it("closes its notification on the person's other devices, once, and only for a chat that was pushed", async () => {
    const [pia, quim] = await createTeam(t.app, ['Pia Aviso', 'Quim Aviso']);
    const phone = await subscribedDevice(quim);
    const pushed = await conversation(pia, quim);
    await send(pia, pushed.id, 'leia');
    await settled();
    const [tab] = await listenAll(t.app, [quim], listeners);
    tab!.socket.emit('message:read:all', { conversationId: pushed.id });
    tab!.socket.emit('message:read:all', { conversationId: pushed.id });
    const group = expectStatus<Group>(
      await as(t.app, quim).post('/group/create', { name: 'Nunca avisado', description: '', members: [pia.id] }),
      200,
    );
    tab!.socket.emit('group:read', { groupId: group.id });
    await expect.poll(() => pushesTo(phone).length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await settled();
    expect(pushesTo(phone)).toEqual([
      expect.objectContaining({ kind: 'message', chatId: pushed.id }),
      { kind: 'read', chatId: pushed.id, tag: `chat:${pushed.id}` },
    ]);
    expect(service.received.at(-1)!.headers.urgency).toBe('normal');
  });
});

describe("a device's subscription ends", () => {
  it('with its session (sign-out, or ended in Configurações), and when the device unsubscribes', async () => {
    const [nei, ot] = await createTeam(t.app, ['Nei Aviso', 'Ot Aviso']);
    const [ended, unsubscribed, other] = [await subscribedDevice(ot), await subscribedDevice(ot), await subscribedDevice(ot)];
    noContent(await call(other.token, 'DELETE', `/auth/sessions/${ended.sessionId}`));
    noContent(await call(unsubscribed.token, 'DELETE', '/push/subscriptions', { endpoint: unsubscribed.endpoint }));
    // Someone else's endpoint is not theirs to remove.
    noContent(await call((await device(nei)).token, 'DELETE', '/push/subscriptions', { endpoint: other.endpoint }));
    const chat = await conversation(nei, ot);
    await send(nei, chat.id, 'quem recebe');
    await settled();
    expect(pushesTo(ended)).toEqual([]);
    expect(pushesTo(unsubscribed)).toEqual([]);
    expect(pushesTo(other)).toHaveLength(1);
    await expect
      .poll(async () =>
        (await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ot.id))).map((r) => r.endpoint),
      )
      .toEqual([other.endpoint]);
  });
});
