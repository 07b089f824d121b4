import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKey, type ApiKeyPermission, type Conversation, type CreatedApiKey, type Message } from '@chat/contracts';
import { apiKeys, users } from '../../db/schema';
import { as, createTeam, deactivate, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { nextMail } from '../../test/outbox';
import { hashPassword } from '../auth/passwords';
import { API_KEY_INVALID, API_KEY_NOT_HERE, API_KEY_READ_ONLY } from './api-key-auth';
import { hashApiKey } from './api-keys.repository';

// API keys: hash-only storage, rotation, and what an integration may do with x-api-key.

let t: TestApp;
let owner: TestUser, colleague: TestUser;
let conversation: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, app: { rateLimits: { apiKeyRequests: { max: 1000, windowMs: 60_000 } } } });
  [owner, colleague] = await createTeam(t.app, ['Olga Dona', 'Caio Colega']);
  conversation = expectStatus<Conversation>(await as(t.app, owner).post('/conversation/create', { userTwoId: colleague.id }), 200);
});
afterAll(() => t?.close());

const SERVER_KEY = /^papo_[A-Za-z0-9]{32}$/;

/**
 * Creates a key as the settings page does: name and permissions; the server answers the key once.
 */
async function createKey(user: TestUser, permissions: ApiKeyPermission, name = 'Integração', app = t.app) {
  const { key, ...record } = expectStatus<CreatedApiKey>(await as(app, user).post('/api-key/create', { name, permissions }), 200);
  return { key, record: record };
}

const withKey = (key: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

describe('POST /api/api-key/create and GET /api/api-key/active', () => {
  it('makes the key itself (papo_ + 190 bits), answers it once, and stores only the hash and a 4-character preview', async () => {
    const { key, record } = await createKey(owner, 'READ_ONLY', '  Relatórios  ');
    expect(key).toMatch(SERVER_KEY);
    expect(record).toEqual({
      id: expect.any(String),
      name: 'Relatórios',
      permissions: 'READ_ONLY',
      preview: key.slice(-4),
      createdAt: expect.any(String),
    });
    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, record.id));
    expect(row).toMatchObject({ keyHash: hashApiKey(key), preview: key.slice(-4), revokedAt: null });
    expect(
      Object.values(row!)
        .map(String)
        .some((v) => v.includes(key)),
    ).toBe(false);
    const active = await as(t.app, owner).get('/api-key/active');
    expect(expectStatus<ApiKey>(active, 200)).toEqual(record);
    expect(active.body).not.toContain(key);
  });

  it('ignores a key chosen by the client, and never tells that a value is taken (no 409)', async () => {
    const [first, second] = await createTeam(t.app, ['Escolhe Um', 'Escolhe Dois']);
    const chosen = 'aaaaaaaaaaaa';
    const answers = [];
    for (const user of [first, second]) {
      const res = await as(t.app, user).post('/api-key/create', { name: 'Escolhida', permissions: 'FULL_ACCESS', key: chosen });
      answers.push(expectStatus<CreatedApiKey>(res, 200));
    }
    for (const answer of answers) expect(answer.key).toMatch(SERVER_KEY);
    expect(answers[0]!.key).not.toBe(answers[1]!.key);
    expect((await withKey(chosen, 'GET', '/conversation/get-conversations')).statusCode).toBe(401);
    expect((await withKey(answers[1]!.key, 'GET', '/conversation/get-conversations')).statusCode).toBe(200);
  });

  it('rotation: a new key revokes the previous one at once (401), and only one stays active', async () => {
    const first = await createKey(owner, 'FULL_ACCESS');
    expect((await withKey(first.key, 'GET', '/conversation/get-conversations')).statusCode).toBe(200);
    const second = await createKey(owner, 'READ_ONLY', 'Nova');
    const refused = await withKey(first.key, 'GET', '/conversation/get-conversations');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(API_KEY_INVALID);
    expect((await withKey(second.key, 'GET', '/conversation/get-conversations')).statusCode).toBe(200);
    expect(expectStatus<ApiKey>(await as(t.app, owner).get('/api-key/active'), 200).id).toBe(second.record.id);
    const active = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.id));
    expect(active.filter((k) => k.revokedAt === null)).toHaveLength(1);
  });

  it('answers null when the user has no key; validates the body in Portuguese', async () => {
    expect(expectStatus(await as(t.app, colleague).get('/api-key/active'), 200)).toBeNull();
    const bad = await as(t.app, colleague).post('/api-key/create', { name: '', permissions: 'ADMIN', key: 12 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { message: string }) => i.message)
        .sort(),
    ).toEqual(['Chave de API inválida', 'Nome é obrigatório', 'Permissão inválida']);
    expect(expectStatus(await as(t.app, colleague).get('/api-key/active'), 200)).toBeNull();
  });

  it('two creations at once leave exactly one active key, and both answer 200', async () => {
    const [racer] = await createTeam(t.app, ['Corre Junto']);
    const answers = await Promise.all(
      [1, 2, 3].map(() => as(t.app, racer).post('/api-key/create', { name: 'Corrida', permissions: 'READ_ONLY' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, racer.id));
    expect(rows.filter((k) => k.revokedAt === null)).toHaveLength(1);
  });
});

describe('x-api-key authentication', () => {
  it('READ_ONLY reads as its owner, and any write is 403', async () => {
    const { key } = await createKey(owner, 'READ_ONLY');
    const list = expectStatus<Conversation[]>(await withKey(key, 'GET', '/conversation/get-conversations?showEmpty=true'), 200);
    expect(list.map((c) => c.id)).toContain(conversation.id);
    const write = await withKey(key, 'POST', '/message/send', textMessage(conversation.id, 'não devia'));
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(API_KEY_READ_ONLY);
    const history = expectStatus<{ messages: Message[] }>(
      await withKey(key, 'GET', `/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    );
    expect(history.messages.map((m) => m.content.body)).not.toContain('não devia');
  });

  it('FULL_ACCESS writes as its owner, but cannot manage API keys or passwords (403)', async () => {
    const { key, record } = await createKey(owner, 'FULL_ACCESS');
    const sent = expectStatus<Message>(await withKey(key, 'POST', '/message/send', textMessage(conversation.id, 'via integração')), 200);
    expect(sent.authorId).toBe(owner.id);
    for (const [method, url, body] of [
      ['POST', '/api-key/create', { name: 'Nova', permissions: 'FULL_ACCESS' }],
      ['GET', '/api-key/active', undefined],
      ['PATCH', '/user/update-password', { oldPassword: 'qualquer', newPassword: 'outra-senha-123' }],
    ] as const) {
      const res = await withKey(key, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(API_KEY_NOT_HERE);
    }
    expect(expectStatus<ApiKey>(await as(t.app, owner).get('/api-key/active'), 200).id).toBe(record.id);
  });

  it('acts within the owner’s own rights: another workspace’s chat is still refused', async () => {
    const [stranger, strangerPeer] = await createTeam(t.app, ['Sara Estranha', 'Pedro Par']);
    const theirs = expectStatus<Conversation>(await as(t.app, stranger).post('/conversation/create', { userTwoId: strangerPeer.id }), 200);
    const { key } = await createKey(owner, 'FULL_ACCESS');
    expect((await withKey(key, 'GET', `/conversation/get-by-id/${theirs.id}`)).statusCode).toBe(404);
  });

  it('unknown, malformed and revoked keys are 401; a deactivated owner’s key stops working', async () => {
    for (const key of ['papo_' + 'A'.repeat(32), 'abcDEF123xyz', 'não-é-chave', 'x'.repeat(5000)]) {
      const res = await withKey(key, 'GET', '/conversation/get-conversations');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(API_KEY_INVALID);
    }
    const [leaver] = await createTeam(t.app, ['Lia Saindo']);
    const { key } = await createKey(leaver, 'FULL_ACCESS');
    expect((await withKey(key, 'GET', '/conversation/get-conversations')).statusCode).toBe(200);
    await deactivate(t.app, leaver);
    expect((await withKey(key, 'GET', '/conversation/get-conversations')).statusCode).toBe(401);
  });
});

describe('rate limit per key', () => {
  it('answers 429 with Retry-After past the limit, for that key only', async () => {
    const limited = await createTestApp({ seedDemo: false, app: { rateLimits: { apiKeyRequests: { max: 3, windowMs: 60_000 } } } });
    try {
      const [a, b] = await createTeam(limited.app, ['Ana Limite', 'Beto Limite']);
      const create = async (user: TestUser) => (await createKey(user, 'READ_ONLY', 'x', limited.app)).key;
      const [keyA, keyB] = [await create(a), await create(b)];
      const get = (key: string) =>
        limited.app.inject({ method: 'GET', url: '/api/conversation/get-conversations', headers: { 'x-api-key': key } });
      for (let i = 0; i < 3; i++) expect((await get(keyA)).statusCode).toBe(200);
      const over = await get(keyA);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().message).toMatch(/Muitas tentativas/);
      expect((await get(keyB)).statusCode).toBe(200);
      // The browser session of the same user is not an integration: never counted.
      expect((await as(limited.app, a).get('/conversation/get-conversations')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('failed x-api-key attempts per IP', () => {
  it('answers 429 with Retry-After after 3 failures from one address, even to a valid key; other addresses go on', async () => {
    const limited = await createTestApp({ seedDemo: false, app: { rateLimits: { apiKeyFailuresPerIp: { max: 3, windowMs: 60_000 } } } });
    try {
      const [user] = await createTeam(limited.app, ['Gui Adivinha']);
      const { key } = await createKey(user, 'READ_ONLY', 'x', limited.app);
      const get = (value: string, remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/api/conversation/get-conversations', headers: { 'x-api-key': value }, remoteAddress });
      // Working keys do not use up the allowance.
      for (let i = 0; i < 5; i++) expect((await get(key, '10.9.0.1')).statusCode).toBe(200);
      for (const guess of ['papo_' + 'B'.repeat(32), 'papo_' + 'C'.repeat(32), 'curta'])
        expect((await get(guess, '10.9.0.1')).statusCode).toBe(401);
      for (const value of ['papo_' + 'D'.repeat(32), key]) {
        const over = await get(value, '10.9.0.1');
        expect(over.statusCode).toBe(429);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(over.json().message).toMatch(/Muitas tentativas/);
      }
      expect((await get(key, '10.9.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('password changes and the API key', () => {
  const PASSWORD = 'senha-atual-123';
  async function withPassword(user: TestUser) {
    await t.app.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, user.id));
  }
  const changePassword = (user: TestUser, body: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/user/update-password', headers: { authorization: `Bearer ${user.token}` }, payload: body });
  const works = async (key: string) => (await withKey(key, 'GET', '/conversation/get-conversations')).statusCode;

  it('a password change revokes the key by default, and keeps it when revokeApiKey is false', async () => {
    const [user] = await createTeam(t.app, ['Troca Senha']);
    await withPassword(user);
    const { key } = await createKey(user, 'READ_ONLY');
    const kept = await changePassword(user, { oldPassword: PASSWORD, newPassword: 'senha-nova-456', revokeApiKey: false });
    expect(kept.statusCode).toBe(200);
    expect(await works(key)).toBe(200);

    const next = { ...user, token: kept.json().accessToken as string };
    const revoked = await changePassword(next, { oldPassword: 'senha-nova-456', newPassword: 'senha-outra-789' });
    expect(revoked.statusCode).toBe(200);
    expect(await works(key)).toBe(401);
    expect(expectStatus(await as(t.app, { ...user, token: revoked.json().accessToken }).get('/api-key/active'), 200)).toBeNull();
  });

  it('refuses a revokeApiKey that is not a boolean, in Portuguese, and changes nothing', async () => {
    const [user] = await createTeam(t.app, ['Troca Errada']);
    await withPassword(user);
    const { key } = await createKey(user, 'READ_ONLY');
    const res = await changePassword(user, { oldPassword: PASSWORD, newPassword: 'senha-nova-456', revokeApiKey: 'sim' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: Valor inválido para revogar a chave de API');
    expect(await works(key)).toBe(200);
  });

  it('a password reset through the mailed link revokes the key', async () => {
    const [user] = await createTeam(t.app, ['Esquece Senha']);
    const { key } = await createKey(user, 'FULL_ACCESS');
    const mail = await nextMail(t.env.dataDir, user.email, () =>
      t.app.inject({ method: 'POST', url: '/api/password-token/create', payload: { email: user.email } }),
    );
    const token = new URL(mail.link!).searchParams.get('token');
    const used = await t.app.inject({
      method: 'PATCH',
      url: '/api/password-token/use',
      payload: { token, newPassword: 'senha-redefinida-1' },
    });
    expect(used.statusCode).toBe(200);
    expect(await works(key)).toBe(401);
  });
});
