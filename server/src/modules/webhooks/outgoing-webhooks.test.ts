import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Group,
  type IncomingWebhookCreated,
  OUTGOING_HEADERS,
  type OutgoingWebhookCreated,
  WEBHOOK_TEXTS,
  type WebhookDelivery,
} from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// Outgoing webhooks: a receiver registered by a group admin gets each new message of the group
// once, signed so it can tell the post is Papo's; a failing receiver is retried with back-off;
// addresses in the internal network are refused unless WEBHOOK_ALLOWED_HOSTS lists them.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** Status codes the receiver answers, in order, before it answers 200. */
const failFirst: number[] = [];
let ana: TestUser, bruno: TestUser, diego: TestUser;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = failFirst.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    seedDemo: false,
    env: { WEBHOOK_ALLOWED_HOSTS: 'localhost' },
    app: { webhooks: { pollMs: 50, retryDelaysMs: [200, 200], timeoutMs: 2000 } },
  });
  [ana, bruno, diego] = await createTeam(t.app, ['Ana Saída', 'Bruno Saída', 'Diego Saída']);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const newGroup = async (name: string) =>
  expectStatus<Group>(await as(t.app, ana).post('/group/create', { name, description: '', members: [bruno.id] }), 200);
const register = (groupId: string, body: object) => as(t.app, ana).post(`/group/${groupId}/outgoing-webhooks`, body);
const send = async (who: TestUser, groupId: string, body: string) =>
  expectStatus<{ id: string }>(await as(t.app, who).post('/message/send', textMessage(groupId, body, { isGroup: true })), 200);
const at = (path: string) => received.filter((r) => r.path === path);
const deliveries = async (groupId: string, webhookId: string) =>
  expectStatus<{ deliveries: WebhookDelivery[] }>(
    await as(t.app, ana).get(`/group/${groupId}/outgoing-webhooks/${webhookId}/deliveries`),
    200,
  ).deliveries;
/** Lets the queue run several rounds, to see that nothing more arrives. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 600));

function verify(secret: string, r: Received): boolean {
  const timestamp = r.headers[OUTGOING_HEADERS.timestamp] as string;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return r.headers[OUTGOING_HEADERS.signature] === expected && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

describe('an outgoing webhook', () => {
  it('receives each new message of the group once, signed, and the log shows it', async () => {
    const group = await newGroup('Saída todas');
    const hook = expectStatus<OutgoingWebhookCreated>(
      await register(group.id, { name: 'Arquivo', url: `${base}/todas`, trigger: 'all' }),
      200,
    );
    expect(hook.secret).toMatch(/^whsec_/);
    const sent = await send(bruno, group.id, 'olá, receptor');
    await expect.poll(() => at('/todas').length).toBe(1);
    await quiet();
    const [delivery] = at('/todas');
    expect(at('/todas')).toHaveLength(1);
    expect(verify(hook.secret, delivery!)).toBe(true);
    expect(verify('whsec_outro', delivery!)).toBe(false);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'message.created',
      webhook: { id: hook.id, name: 'Arquivo' },
      group: { id: group.id, name: 'Saída todas' },
      message: { id: sent.id, type: 'text', text: 'olá, receptor', author: { id: bruno.id, name: 'Bruno Saída' } },
    });
    const [logged] = await deliveries(group.id, hook.id);
    expect(logged).toMatchObject({ messageId: sent.id, state: 'delivered', attempts: 1, lastStatus: 200 });
    // The list never shows the secret again.
    const listed = await as(t.app, ana).get(`/group/${group.id}/outgoing-webhooks`);
    expect(listed.body).not.toContain(hook.secret);
  });

  it('with the mention trigger, receives only the messages that mention its name', async () => {
    const group = await newGroup('Saída menção');
    expectStatus(await register(group.id, { name: 'Robo', url: `${base}/mencao`, trigger: 'mention' }), 200);
    await send(bruno, group.id, 'nada para o robô');
    const asked = await send(bruno, group.id, 'ei @robo, o deploy?');
    await expect.poll(() => at('/mencao').length).toBe(1);
    await quiet();
    expect(at('/mencao').map((r) => (JSON.parse(r.body) as { message: { id: string } }).message.id)).toEqual([asked.id]);
  });

  it('retries a receiver that answers 500, then logs the delivery', async () => {
    const group = await newGroup('Saída falha');
    const hook = expectStatus<OutgoingWebhookCreated>(
      await register(group.id, { name: 'Instável', url: `${base}/falha`, trigger: 'all' }),
      200,
    );
    failFirst.push(500);
    await send(bruno, group.id, 'tente de novo');
    await expect.poll(() => at('/falha').length, { timeout: 5000 }).toBe(2);
    expect(at('/falha')[0]!.body).toBe(at('/falha')[1]!.body);
    await expect
      .poll(async () => (await deliveries(group.id, hook.id))[0])
      .toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
  });

  it('gives up after the last retry and keeps the status code in the log', async () => {
    const group = await newGroup('Saída desiste');
    const hook = expectStatus<OutgoingWebhookCreated>(
      await register(group.id, { name: 'Fora', url: `${base}/desiste`, trigger: 'all' }),
      200,
    );
    failFirst.push(503, 503, 503);
    await send(bruno, group.id, 'sem sorte');
    await expect
      .poll(async () => (await deliveries(group.id, hook.id))[0], { timeout: 5000 })
      .toMatchObject({ state: 'failed', attempts: 3, lastStatus: 503 });
    await quiet();
    expect(at('/desiste')).toHaveLength(3);
  });

  it("does not pass on a webhook's own messages (no loops)", async () => {
    const group = await newGroup('Saída laço');
    expectStatus(await register(group.id, { name: 'Eco', url: `${base}/laco`, trigger: 'all' }), 200);
    const incoming = expectStatus<IncomingWebhookCreated>(await as(t.app, ana).post(`/group/${group.id}/webhooks`, { name: 'CI' }), 200);
    expectStatus(await t.app.inject({ method: 'POST', url: new URL(incoming.url).pathname, payload: { text: 'do CI' } }), 200);
    await send(bruno, group.id, 'de gente');
    await expect.poll(() => at('/laco').length).toBe(1);
    await quiet();
    expect(at('/laco')).toHaveLength(1);
  });

  it('refuses loopback, private and plain-http addresses that are not allowed, and non-admins', async () => {
    const group = await newGroup('Saída recusa');
    for (const url of ['https://127.0.0.1/x', 'https://10.0.0.1/x', 'https://[::1]/x', 'https://169.254.169.254/latest']) {
      const res = await register(group.id, { name: 'Interno', url, trigger: 'all' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(WEBHOOK_TEXTS.urlRefused);
    }
    const plain = await register(group.id, { name: 'Http', url: 'http://example.com/x', trigger: 'all' });
    expect(plain.json().message).toBe(WEBHOOK_TEXTS.urlNotHttps);
    expect(
      (await as(t.app, bruno).post(`/group/${group.id}/outgoing-webhooks`, { name: 'X', url: `${base}/x`, trigger: 'all' })).statusCode,
    ).toBe(403);
    expect((await as(t.app, diego).get(`/group/${group.id}/outgoing-webhooks`)).statusCode).toBe(404);
  });
});
