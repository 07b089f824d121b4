import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Message, signinResponseSchema } from '@chat/contracts';
import { mountSmallFilesystem, type SmallFilesystem, smallFilesystemUnavailable } from './test/small-filesystem';
import { freePort, type ServerProcess, startServerProcess } from './test/server-process';

// A full disk under the embedded database, for real: the server (a child process) keeps DATA_DIR
// on a small tmpfs, which a filler file fills. Writes are refused with 507 and store nothing,
// reads go on, writes go through again once the filler is gone (no restart), and after a restart
// every acknowledged message is there, once. Always PGlite: the disk is DATA_DIR's.

const DEMO_PASSWORD = 'senha-demo-disco';
const DISK_FULL = {
  statusCode: 507,
  error: 'Insufficient Storage',
  message: 'Sem espaço em disco no servidor. Tente novamente mais tarde.',
};
/** Room for the migrated database (about 40 MB with its first WAL segment), the demo and the sends. */
const FILESYSTEM_MB = 128;
const MB = 1024 * 1024;

let fs: SmallFilesystem | null = null;
let server: ServerProcess | null = null;
let port: number;
const dataDir = () => path.join(fs!.dir, 'data');

async function start(extra: Record<string, string> = {}) {
  server = await startServerProcess({ DATA_DIR: dataDir(), ROOT_PASSWORD: 'senha-root-disco', DEMO_PASSWORD, ...extra }, port);
}

async function restart(extra: Record<string, string> = {}) {
  await server?.stop();
  server = null;
  await start(extra);
}

async function api<T = unknown>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server!.url}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signin(nick: string) {
  const res = await api('POST', '/auth/signin', null, { identifier: nick, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return signinResponseSchema.parse(res.body);
}

/** ana's first conversation and a send into it. */
async function anaChat() {
  const { accessToken: token, refreshToken } = await signin('ana');
  const chats = await api<Array<{ id: string }>>('GET', '/conversation/get-conversations', token);
  const chatId = chats.body[0]!.id;
  const send = (clientId: string, body = `mensagem ${clientId}`) =>
    api<Message>('POST', '/message/send', token, { conversationId: chatId, isGroup: false, content: { type: 'text', body }, clientId });
  const history = async () => {
    const res = await api<{ messages: Message[] }>('GET', `/message/get-messages-by-conversation?conversationId=${chatId}&all=true`, token);
    return { status: res.status, clientIds: res.body.messages?.map((m) => m.clientId) ?? [] };
  };
  return { token, refreshToken, send, history };
}

const unavailable = smallFilesystemUnavailable();

describe.skipIf(unavailable)(`a full disk under DATA_DIR (${unavailable ?? 'tmpfs'})`, () => {
  beforeAll(async () => {
    fs = mountSmallFilesystem(FILESYSTEM_MB);
    // A migrated copy instead of creating the database (seconds of initdb) on the tmpfs.
    const template = inject('pgliteTemplate');
    if (template) cpSync(path.join(template, 'pglite'), path.join(dataDir(), 'pglite'), { recursive: true });
    port = await freePort();
    await start();
  }, 90_000);

  afterAll(async () => {
    try {
      fs?.unfill();
      await server?.stop();
    } finally {
      fs?.remove();
    }
  });

  it('refuses writes with 507 below the reserve (DATA_DIR_MIN_FREE_MB), serves reads, and takes writes again once space is back', async () => {
    const ana = await anaChat();
    const before = randomUUID();
    expect((await ana.send(before)).status).toBe(200);

    // Room the database could still write in, but less than the 64 MB it is kept.
    fs!.fill(16 * MB);
    expect(fs!.freeBytes()).toBeLessThan(64 * MB);
    const refused = randomUUID();
    const full = await ana.send(refused);
    expect(full.status).toBe(507);
    expect(full.body).toEqual(DISK_FULL);
    // Reads, and what keeps a session alive (a renewal), still work.
    const read = await ana.history();
    expect(read.status).toBe(200);
    expect(read.clientIds).toContain(before);
    expect(read.clientIds).not.toContain(refused);
    expect((await api('GET', '/auth/me', ana.token)).status).toBe(200);
    expect((await api('POST', '/refresh-token/use', null, { refreshToken: ana.refreshToken })).status).toBe(200);

    fs!.unfill();
    // The same clientId, as the page's outbox retries it: stored once, no restart.
    expect((await ana.send(refused)).status).toBe(200);
    expect((await ana.history()).clientIds.filter((id) => id === refused)).toHaveLength(1);
  });

  // Hundreds of durable sends one after another until the disk refuses one, then a restart: the
  // longest scenario of the file, so it has its own time limit.
  it("with no reserve, the database's own disk_full is a 507 too, and every acknowledged send survives a restart", async () => {
    await restart({ DATA_DIR_MIN_FREE_MB: '0' });
    const ana = await anaChat();
    fs!.fill();
    expect(fs!.freeBytes()).toBe(0);
    const acknowledged: string[] = [];
    const refused: string[] = [];
    // Sends that fit in the database's pages already on the disk are stored; the first that needs
    // a new page is refused. Incompressible text fills the pages fast.
    for (let i = 0; i < 500 && refused.length < 3; i++) {
      const clientId = randomUUID();
      const res = await ana.send(clientId, randomBytes(900).toString('hex'));
      if (res.status === 200) acknowledged.push(clientId);
      else {
        expect(res.status).toBe(507);
        expect(res.body).toEqual(DISK_FULL);
        refused.push(clientId);
      }
    }
    expect(refused).toHaveLength(3);
    const whileFull = await ana.history();
    expect(whileFull.status).toBe(200);
    expect(whileFull.clientIds).toEqual(expect.arrayContaining(acknowledged));

    fs!.unfill();
    const after = randomUUID();
    expect((await ana.send(after)).status).toBe(200);

    await restart();
    const reopened = await (await anaChat()).history();
    expect(reopened.status).toBe(200);
    for (const clientId of [...acknowledged, after]) expect(reopened.clientIds.filter((id) => id === clientId)).toHaveLength(1);
    for (const clientId of refused) expect(reopened.clientIds).not.toContain(clientId);
  }, 120_000);
});
