import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKey, type ApiKeyPermission, type Conversation, generateApiKey, type Message } from '@chat/contracts';
import { apiKeys } from '../../db/schema';
import { as, createTeam, deactivate, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { API_KEY_INVALID, API_KEY_NOT_HERE, API_KEY_READ_ONLY } from './api-key-auth';
import { hashApiKey } from './api-keys.repository';

// API keys (issue 12): hash-only storage, rotation, and what an integration may do with x-api-key.

let t: TestApp;
let owner: TestUser, colleague: TestUser;
let conversation: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, app: { rateLimits: { apiKeyRequests: { max: 1000, windowMs: 60_000 } } } });
  [owner, colleague] = await createTeam(t.app, ['Olga Dona', 'Caio Colega']);
  conversation = expectStatus<Conversation>(await as(t.app, owner).post('/conversation/create', { userTwoId: colleague.id }), 200);
});
afterAll(() => t?.close());

async function createKey(user: TestUser, permissions: ApiKeyPermission, name = 'Integração') {
  const key = generateApiKey();
  const record = expectStatus<ApiKey>(await as(t.app, user).post('/api-key/create', { name, permissions, key }), 200);
  return { key, record };
}

const withKey = (key: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

describe('POST /api/api-key/create and GET /api/api-key/active', () => {
  it('stores only the hash and a 4-character preview, and answers the record without the key', async () => {
    const { key, record } = await createKey(owner, 'READ_ONLY', '  Relatórios  ');
    expect(record).toEqual({ id: expect.any(String), name: 'Relatórios', permissions: 'READ_ONLY', preview: key.slice(-4), createdAt: expect.any(String) });
    expect(JSON.stringify(record)).not.toContain(key);
    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, record.id));
    expect(row).toMatchObject({ keyHash: hashApiKey(key), preview: key.slice(-4), revokedAt: null });
    expect(Object.values(row!).map(String).some((v) => v.includes(key))).toBe(false);
    expect(expectStatus<ApiKey>(await as(t.app, owner).get('/api-key/active'), 200)).toEqual(record);
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
    const bad = await as(t.app, colleague).post('/api-key/create', { name: '', permissions: 'ADMIN', key: 'curta' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { message: string }) => i.message).sort()).toEqual(['Chave de API inválida', 'Nome é obrigatório', 'Permissão inválida']);
    expect(expectStatus(await as(t.app, colleague).get('/api-key/active'), 200)).toBeNull();
  });

  it('the same key twice is a 409 that changes nothing', async () => {
    const { key, record } = await createKey(colleague, 'READ_ONLY');
    const again = await as(t.app, colleague).post('/api-key/create', { name: 'Outra', permissions: 'FULL_ACCESS', key });
    expect(again.statusCode).toBe(409);
    expect(expectStatus<ApiKey>(await as(t.app, colleague).get('/api-key/active'), 200)).toEqual(record);
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
      ['POST', '/api-key/create', { name: 'Nova', permissions: 'FULL_ACCESS', key: generateApiKey() }],
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
    for (const key of [generateApiKey(), 'não-é-chave', 'x'.repeat(5000)]) {
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
      const create = async (user: TestUser) => {
        const key = generateApiKey();
        expectStatus(await as(limited.app, user).post('/api-key/create', { name: 'x', permissions: 'READ_ONLY', key }), 200);
        return key;
      };
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
