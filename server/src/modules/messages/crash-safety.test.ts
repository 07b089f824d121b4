import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Message, signinResponseSchema } from '@chat/contracts';
import { createScratchDatabase, testDatabaseUrl } from '../../test/harness';
import { freePort, type ServerProcess, startServerProcess } from '../../test/server-process';

// Acknowledged means stored: several clients send messages concurrently to the real server (a
// child process), which is killed with SIGKILL in the middle of it, then started again on the same
// data (embedded PGlite with its default durability; PostgreSQL when the suite has DATABASE_URL).
// Every send that was answered 2xx must be there exactly once, with the id it was answered with;
// the clients then retry everything with the same clientId, which adds no duplicate.
// What a SIGKILL cannot show: a power cut or an OS crash (the kernel's page cache survives a killed
// process); for those, strict durability rests on fsync (db/pglite/node-fs.test.ts).

const DEMO_PASSWORD = 'senha-demo-crash';
const SENDERS = ['ana', 'bruno', 'carla', 'diego'] as const;
/** Sends in flight per client. */
const IN_FLIGHT = 2;
/** Acknowledged sends before the kill. */
const KILL_AFTER = 120;

interface Attempt {
  clientId: string;
  chatId: string;
  isGroup: boolean;
  /** The id the server answered with, when it answered 2xx. */
  ackId: string | null;
}

interface Client {
  nick: string;
  token: string;
  chatId: string;
  isGroup: boolean;
  attempts: Attempt[];
}

let dataDir: string;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
let server: ServerProcess | null = null;
let env: Record<string, string>;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-crash-'));
  const adminUrl = testDatabaseUrl();
  scratch = adminUrl ? await createScratchDatabase(adminUrl, inject('postgresTemplate')) : null;
  const template = inject('pgliteTemplate');
  if (!scratch && template) cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  env = {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ROOT_PASSWORD: 'senha-root-crash',
    DEMO_PASSWORD,
  };
  port = await freePort();
  server = await startServerProcess(env, port);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server!.url}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function openClient(nick: string, index: number, anaId: string): Promise<Client> {
  const signin = await api('POST', '/auth/signin', null, { identifier: nick, password: DEMO_PASSWORD });
  const { accessToken: token, user } = signinResponseSchema.parse(signin.body);
  // Two clients write in the demo group, the others in a conversation with ana (diego is in no
  // group: his conversation with ana is created here).
  if (index % 2 === 1) {
    const groups = await api<Array<{ id: string }>>('GET', '/group/list', token);
    if (groups.body[0]) return { nick, token, chatId: groups.body[0].id, isGroup: true, attempts: [] };
  }
  const chat =
    user.id === anaId
      ? (await api<Array<{ id: string }>>('GET', '/conversation/get-conversations', token)).body[0]!
      : (await api<{ id: string }>('POST', '/conversation/create', token, { userTwoId: anaId })).body;
  return { nick, token, chatId: chat.id, isGroup: false, attempts: [] };
}

async function send(client: Client, attempt: Attempt): Promise<string | null> {
  try {
    const res = await api<Message>('POST', '/message/send', client.token, {
      conversationId: attempt.chatId,
      isGroup: attempt.isGroup,
      content: { type: 'text', body: `crash ${client.nick} ${attempt.clientId}` },
      clientId: attempt.clientId,
    });
    return res.status >= 200 && res.status < 300 ? res.body.id : null;
  } catch {
    return null; // connection refused or reset: not acknowledged
  }
}

/** How many times each clientId is stored, over every chat the clients wrote in (each chat read once). */
async function storedClientIds(clients: readonly Client[]): Promise<Map<string, string[]>> {
  const stored = new Map<string, string[]>();
  const chats = new Map(clients.map((client) => [client.chatId, client]));
  for (const client of chats.values()) {
    const query = client.isGroup
      ? `get-messages-by-group?groupId=${client.chatId}`
      : `get-messages-by-conversation?conversationId=${client.chatId}`;
    const res = await api<{ messages: Message[] }>('GET', `/message/${query}&all=true`, client.token);
    expect(res.status).toBe(200);
    for (const message of res.body.messages) {
      if (message.clientId) stored.set(message.clientId, [...(stored.get(message.clientId) ?? []), message.id]);
    }
  }
  return stored;
}

describe(`crash safety of acknowledged messages (${testDatabaseUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('every message answered 2xx before a SIGKILL is stored exactly once, and retries add no duplicate', { timeout: 90_000 }, async () => {
    const ana = signinResponseSchema.parse((await api('POST', '/auth/signin', null, { identifier: 'ana', password: DEMO_PASSWORD })).body);
    const clients = await Promise.all(SENDERS.map((nick, i) => openClient(nick, i, ana.user.id)));

    let acknowledged = 0;
    let killing: Promise<void> | null = null;
    const writer = async (client: Client) => {
      // Keeps sending until the server is gone (a few sends fail after the kill: not acknowledged).
      for (let failures = 0; failures < 3;) {
        const attempt: Attempt = { clientId: randomUUID(), chatId: client.chatId, isGroup: client.isGroup, ackId: null };
        client.attempts.push(attempt);
        attempt.ackId = await send(client, attempt);
        if (attempt.ackId) acknowledged++;
        else failures++;
        if (acknowledged >= KILL_AFTER) killing ??= server!.kill();
      }
    };
    await Promise.all(clients.flatMap((client) => Array.from({ length: IN_FLIGHT }, () => writer(client))));
    // Set inside the writers, which TypeScript's narrowing of `killing` does not follow.
    await (killing as Promise<void> | null);

    server = await startServerProcess(env, port);
    const attempts = clients.flatMap((c) => c.attempts);
    const acked = attempts.filter((a) => a.ackId);

    // After the restart, before any retry: every acknowledged message is there, once, with its id.
    const stored = await storedClientIds(clients);
    const recovered = acked.filter((a) => stored.get(a.clientId)?.length === 1 && stored.get(a.clientId)![0] === a.ackId).length;
    const duplicatesAfterCrash = [...stored.values()].filter((ids) => ids.length > 1).length;

    // Each client retries every send it made, answered or not, with the same clientId.
    for (const client of clients) {
      for (const attempt of client.attempts) {
        const id = await send(client, attempt);
        expect(id, `retry of ${attempt.clientId}`).not.toBeNull();
        if (attempt.ackId) expect(id).toBe(attempt.ackId);
      }
    }
    const afterRetry = await storedClientIds(clients);
    const duplicatesAfterRetry = [...afterRetry.values()].filter((ids) => ids.length > 1).length;
    const missingAfterRetry = attempts.filter((a) => afterRetry.get(a.clientId)?.length !== 1).length;

    console.log(
      `crash (${testDatabaseUrl() ? 'PostgreSQL' : 'PGlite'}): enviadas ${attempts.length}, confirmadas ${acked.length}, ` +
        `recuperadas ${recovered}, perdidas ${acked.length - recovered}, duplicadas ${duplicatesAfterCrash} + ${duplicatesAfterRetry} após reenvio`,
    );
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Sends were still in flight when it died.
    expect(attempts.length).toBeGreaterThan(acked.length);
    expect(recovered).toBe(acked.length);
    expect(duplicatesAfterCrash).toBe(0);
    expect(duplicatesAfterRetry).toBe(0);
    expect(missingAfterRetry).toBe(0);
    // It opened cleanly: no startup error in its output.
    expect(server.output()).not.toMatch(/Falha ao iniciar|error/i);
  });
});
