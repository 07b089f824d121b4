import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Group, type IncomingWebhookCreated, LIMITS, type Message, WEBHOOK_PAYLOAD_ERRORS, WEBHOOK_TEXTS } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { pngOfSize, TINY_IMAGES } from '../../test/images';
import { uploadedPng } from '../../test/media';
import { closeAll, eventMatching, type Listener, listenAll } from '../../test/socket-helpers';

// Incoming webhooks: a group admin creates one and copies its URL; whatever posts to the URL in
// Slack's format (or Papo's) appears in the group, live, under the webhook's name with the 'bot'
// badge, unread for every member, the one it is stored under included.

let t: TestApp;
/** Serves the payloads' icons; reached as 'localhost', which WEBHOOK_ALLOWED_HOSTS lists, never as 127.0.0.1. */
let icons: Server;
let iconPort: number;
const iconHits: string[] = [];
let ana: TestUser, bruno: TestUser, carla: TestUser, diego: TestUser;
const listeners: Listener[] = [];
const POSTS_PER_WINDOW = 10;

beforeAll(async () => {
  t = await createTestApp({
    seedDemo: false,
    env: { WEBHOOK_ALLOWED_HOSTS: 'localhost' },
    app: { rateLimits: { webhookPosts: { max: POSTS_PER_WINDOW, windowMs: 60_000 } } },
  });
  icons = createServer((request, response) => {
    iconHits.push(request.url ?? '');
    const bodies: Record<string, [string, Buffer]> = {
      '/bot.png': ['image/png', TINY_IMAGES['image/png']],
      '/disfarce.png': ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      '/enorme.png': ['image/png', pngOfSize(600 * 1024)],
    };
    const body = bodies[request.url ?? ''];
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': body[0] }).end(body[1]);
  });
  // Every interface: 'localhost' may resolve to ::1 or 127.0.0.1.
  await new Promise<void>((resolve) => icons.listen(0, resolve));
  iconPort = (icons.address() as AddressInfo).port;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla, diego] = await createTeam(t.app, ['Ana Gancho', 'Bruno Gancho', 'Carla Gancho', 'Diego Gancho']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(async () => {
  icons?.close();
  await t?.close();
});

const newGroup = async (name: string) =>
  expectStatus<Group>(await as(t.app, ana).post('/group/create', { name, description: '', members: [bruno.id, carla.id] }), 200);
const createHook = async (groupId: string, body: object = { name: 'Deploy' }) =>
  expectStatus<IncomingWebhookCreated>(await as(t.app, ana).post(`/group/${groupId}/webhooks`, body), 200);
const postTo = (url: string, payload: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const unread = async (who: TestUser, groupId: string) =>
  expectStatus<Group[]>(await as(t.app, who).get('/group/list'), 200).find((g) => g.id === groupId)!.unreadMessages;
const history = async (groupId: string) =>
  expectStatus<{ messages: Message[] }>(
    await as(t.app, ana).get(`/message/get-messages-by-group?groupId=${groupId}&all=true`),
    200,
  ).messages.filter((m) => m.content.type !== 'system');

describe('managing a group webhook', () => {
  it('gives the URL once, to group admins only', async () => {
    const group = await newGroup('Gerência');
    const created = await createHook(group.id);
    expect(created.name).toBe('Deploy');
    expect(created.url).toMatch(new RegExp(`^${t.env.appUrl.replace(/\/$/, '')}/api/hooks/[A-Za-z0-9_-]{43}$`));
    const listed = expectStatus<{ webhooks: object[] }>(await as(t.app, ana).get(`/group/${group.id}/webhooks`), 200);
    expect(listed.webhooks).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(new URL(created.url).pathname.split('/').pop());
    // A member who is no admin: 403; someone outside the group: 404.
    expect((await as(t.app, bruno).post(`/group/${group.id}/webhooks`, { name: 'X' })).statusCode).toBe(403);
    expect((await as(t.app, bruno).get(`/group/${group.id}/webhooks`)).statusCode).toBe(403);
    expect((await as(t.app, diego).get(`/group/${group.id}/webhooks`)).statusCode).toBe(404);
    expect((await as(t.app, ana).post(`/group/${group.id}/webhooks`, { name: '  ' })).statusCode).toBe(400);
  });

  it('takes an image uploaded like a group photo, changes and removes it; nothing from elsewhere', async () => {
    const group = await newGroup('Imagem');
    const photo = await uploadedPng(t.app, ana.token, 'deploy.png');
    const hook = await createHook(group.id, { name: 'Deploy', avatarUrl: photo });
    const listed = async () =>
      expectStatus<{ webhooks: Array<{ id: string; avatarUrl: string | null }> }>(
        await as(t.app, ana).get(`/group/${group.id}/webhooks`),
        200,
      ).webhooks[0]!.avatarUrl;
    expect(await listed()).toBe(photo);
    const other = await uploadedPng(t.app, ana.token, 'outra.png');
    const patch = (who: TestUser, avatarUrl: string | null) =>
      as(t.app, who).patch(`/group/${group.id}/webhooks/${hook.id}`, { avatarUrl });
    expect(expectStatus<{ message: string }>(await patch(ana, other), 200).message).toBe(WEBHOOK_TEXTS.avatarSaved);
    expect(await listed()).toBe(other);
    expectStatus(await postTo(hook.url, { text: 'com imagem' }), 200);
    expect((await history(group.id)).at(-1)!.author.avatarUrl).toBe(other);
    // An image on another server, or an upload of someone outside the workspace: refused, nothing changes.
    const [outsider] = await createTeam(t.app, ['Fora Gancho']);
    const foreign = await uploadedPng(t.app, outsider!.token, 'alheia.png');
    for (const avatarUrl of ['https://example.com/a.png', foreign]) {
      const refused = await patch(ana, avatarUrl);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(WEBHOOK_TEXTS.avatarNotFromMedia);
    }
    expect(
      (await as(t.app, ana).post(`/group/${group.id}/webhooks`, { name: 'X', avatarUrl: 'https://example.com/a.png' })).statusCode,
    ).toBe(400);
    expect((await patch(bruno, null)).statusCode).toBe(403);
    expectStatus(await patch(ana, null), 200);
    expect(await listed()).toBeNull();
  });

  it('regenerates (the old URL stops) and deletes', async () => {
    const group = await newGroup('Troca');
    const first = await createHook(group.id);
    const second = expectStatus<IncomingWebhookCreated>(
      await as(t.app, ana).post(`/group/${group.id}/webhooks/${first.id}/regenerate`, {}),
      200,
    );
    expect(second.url).not.toBe(first.url);
    expect((await postTo(first.url, { text: 'velha' })).statusCode).toBe(404);
    expect((await postTo(second.url, { text: 'nova' })).statusCode).toBe(200);
    expectStatus(await as(t.app, ana).delete(`/group/${group.id}/webhooks/${first.id}`), 200);
    const gone = await postTo(second.url, { text: 'depois' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(WEBHOOK_TEXTS.notFound);
  });
});

describe('posting to a webhook', () => {
  it('shows a Slack payload live to the members, as the bot, unread for all of them', async () => {
    const group = await newGroup('Ao vivo');
    const hook = await createHook(group.id, { name: 'CI' });
    const [la, lb, lc] = await listenAll(t.app, [ana, bruno, carla], listeners);
    const res = await postTo(hook.url, { text: '*Build* <https://ci.example.com/1|número 1> ok', username: 'Outro' });
    const { messageId } = expectStatus<{ ok: true; messageId: string }>(res, 200);
    for (const l of [la, lb, lc]) {
      const seen = await eventMatching<Message>(l, 'message', (m) => m.id === messageId);
      expect(seen.bot).toBe(true);
      expect(seen.author.name).toBe('CI');
      expect(seen.authorId).toBe(hook.id);
      expect(seen.content.body).toBe('*Build* número 1 (https://ci.example.com/1) ok');
    }
    // Unread for every member, the admin it was stored under included; the list names the bot.
    for (const who of [ana, bruno, carla]) expect(await unread(who, group.id)).toBe(1);
    const listed = expectStatus<Group[]>(await as(t.app, bruno).get('/group/list'), 200).find((g) => g.id === group.id)!;
    expect(listed.lastMessage?.author.name).toBe('CI');
    const [stored] = await history(group.id);
    expect(stored).toMatchObject({ id: messageId, bot: true, author: { id: hook.id, name: 'CI' } });
  });

  it('takes username and icon_url only where the admin allowed them, the icon copied into our media', async () => {
    const group = await newGroup('Apelidos');
    const allowed = await createHook(group.id, { name: 'Monitor', allowOverrides: true });
    const plain = await createHook(group.id, { name: 'Alerta' });
    const icon = `http://localhost:${iconPort}/bot.png`;
    expectStatus(await postTo(allowed.url, { text: 'um', username: 'Grafana', icon_url: icon }), 200);
    expectStatus(await postTo(plain.url, { text: 'dois', username: 'Grafana', icon_url: icon }), 200);
    expectStatus(await postTo(allowed.url, { text: 'três', icon_url: icon }), 200);
    const [one, two, three] = await history(group.id);
    expect(one!.author).toMatchObject({ id: allowed.id, name: 'Grafana' });
    const copied = one!.author.avatarUrl!;
    expect(copied).toMatch(new RegExp(`^${new URL(t.env.appUrl).origin}/media/avatars/[0-9a-f-]{36}-icone\\.png$`));
    expect(two!.author).toEqual({ id: plain.id, name: 'Alerta', avatarUrl: null });
    // Fetched once for the webhook and the address, then the copy is reused.
    expect(three!.author.avatarUrl).toBe(copied);
    expect(iconHits.filter((path) => path === '/bot.png')).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: new URL(copied).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_IMAGES['image/png'])).toBe(true);
  });

  it("falls back to the webhook's image for an icon at an internal address, not an image or too large, and still posts", async () => {
    const group = await newGroup('Ícones ruins');
    const own = await uploadedPng(t.app, ana.token, 'monitor.png');
    const hook = await createHook(group.id, { name: 'Monitor', allowOverrides: true, avatarUrl: own });
    const refused = [
      // The same server, by an address WEBHOOK_ALLOWED_HOSTS does not list: loopback is refused.
      `http://127.0.0.1:${iconPort}/bot.png`,
      `http://localhost:${iconPort}/disfarce.png`,
      `http://localhost:${iconPort}/enorme.png`,
      `http://localhost:${iconPort}/sumiu.png`,
      `http://localhost:1/bot.png`,
    ];
    const before = iconHits.length;
    for (const [i, icon] of refused.entries()) expectStatus(await postTo(hook.url, { text: `ícone ${i}`, icon_url: icon }), 200);
    const posted = await history(group.id);
    expect(posted.map((m) => m.author.avatarUrl)).toEqual(refused.map(() => own));
    // The loopback address was refused before any connection.
    expect(iconHits.slice(before)).toEqual(['/disfarce.png', '/enorme.png', '/sumiu.png']);
  });

  it("takes Papo's own form, stores a retry with the same clientId once, and Slack's form-encoded payload", async () => {
    const group = await newGroup('Formato Papo');
    const hook = await createHook(group.id);
    const first = expectStatus<{ messageId: string }>(await postTo(hook.url, { body: '_texto_ do Papo', clientId: 'job-7' }), 200);
    const again = expectStatus<{ messageId: string }>(await postTo(hook.url, { body: '_texto_ do Papo', clientId: 'job-7' }), 200);
    expect(again.messageId).toBe(first.messageId);
    const form = `payload=${encodeURIComponent(JSON.stringify({ text: 'via formulário' }))}`;
    expectStatus(await postTo(hook.url, form, 'application/x-www-form-urlencoded'), 200);
    expect((await history(group.id)).map((m) => m.content.body)).toEqual(['_texto_ do Papo', 'via formulário']);
  });

  it('answers every bad payload with a 400 in Portuguese, and a huge body with 413', async () => {
    const group = await newGroup('Ruins');
    const hook = await createHook(group.id);
    const cases: Array<[unknown, string]> = [
      [{}, WEBHOOK_PAYLOAD_ERRORS.noText],
      [[1, 2], WEBHOOK_PAYLOAD_ERRORS.notObject],
      [{ text: 42 }, WEBHOOK_PAYLOAD_ERRORS.notString],
      [{ text: '   ' }, WEBHOOK_PAYLOAD_ERRORS.empty],
      [{ text: 'x'.repeat(LIMITS.messageMaxLength + 1) }, WEBHOOK_PAYLOAD_ERRORS.tooLong],
      [{ body: 'ok', avatarUrl: 'ftp://inseguro/x.png' }, WEBHOOK_PAYLOAD_ERRORS.avatar],
      ['{"text": ', WEBHOOK_PAYLOAD_ERRORS.badJson],
    ];
    for (const [payload, message] of cases) {
      const res = await postTo(hook.url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await postTo(hook.url, { text: 'x'.repeat(40_000) })).statusCode).toBe(413);
    expect(await history(group.id)).toEqual([]);
  });

  it('is 404 for an unknown token and 429 past the limit of one webhook', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/hooks/nao-existe-este-token-aqui', payload: { text: 'oi' } })).statusCode).toBe(
      404,
    );
    const group = await newGroup('Limite');
    const hook = await createHook(group.id);
    const other = await createHook(group.id, { name: 'Outro' });
    for (let i = 0; i < POSTS_PER_WINDOW; i++) expectStatus(await postTo(hook.url, { text: `m${i}` }), 200);
    const limited = await postTo(hook.url, { text: 'demais' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another webhook has its own allowance.
    expectStatus(await postTo(other.url, { text: 'livre' }), 200);
  });

  it('is nobody’s to edit, and only a group admin deletes it', async () => {
    const group = await newGroup('Ações');
    const hook = await createHook(group.id);
    const { messageId } = expectStatus<{ messageId: string }>(await postTo(hook.url, { text: 'do bot' }), 200);
    // Ana created the webhook (its messages are stored under her), Bruno is a member.
    for (const who of [ana, bruno]) expect((await as(t.app, who).patch(`/message/${messageId}`, { body: 'mudado' })).statusCode).toBe(403);
    expect((await as(t.app, bruno).delete(`/message/${messageId}`)).statusCode).toBe(403);
    expect(expectStatus<Message>(await as(t.app, ana).delete(`/message/${messageId}`), 200).deletedBy).toBe('admin');
  });

  it('keeps posting through another admin when its creator leaves the group', async () => {
    const group = await newGroup('Saída');
    const hook = await createHook(group.id);
    expectStatus(await as(t.app, ana).post(`/group/add-admin/${group.id}`, { newAdminId: bruno.id }), 200);
    expectStatus(await as(t.app, ana).post(`/group/leave/${group.id}`, {}), 200);
    expectStatus(await postTo(hook.url, { text: 'ainda aqui' }), 200);
    expect(await unread(bruno, group.id)).toBeGreaterThan(0);
  });
});
