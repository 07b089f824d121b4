import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Message, signinResponseSchema } from '@chat/contracts';
import { createScratchDatabase, testDatabaseUrl } from '../test/harness';
import { TINY_IMAGES } from '../test/images';
import { freePort, type ServerProcess, startServerProcess } from '../test/server-process';

// `npm run backup` while the server runs (PGlite: through its control socket; PostgreSQL: pg_dump),
// then `npm run restore` into an empty DATA_DIR (and an empty database), and a server started on
// the restored data finds every user, message and image. The CLI runs as the operator would run it.

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');
const DEMO_PASSWORD = 'senha-demo-backup';
const root = mkdtempSync(path.join(os.tmpdir(), 'chat-backup-test-'));
const scratches: Array<Awaited<ReturnType<typeof createScratchDatabase>>> = [];
const servers: ServerProcess[] = [];

async function newDeployment(name: string): Promise<Record<string, string>> {
  const dataDir = path.join(root, name);
  const adminUrl = testDatabaseUrl();
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : null;
  if (scratch) scratches.push(scratch);
  return { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}), ROOT_PASSWORD: 'senha-root-backup', DEMO_PASSWORD };
}

/** `npm run <command> -- <file>` as scripts/ops.mjs runs it, from `root`. */
async function cli(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', '--cwd', root, command, file], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function api<T>(server: ServerProcess, method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${url}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** What a deployment holds, as the API shows it to ana: her colleagues and every message of her chats. */
async function snapshot(server: ServerProcess) {
  const signin = signinResponseSchema.parse(
    await api(server, 'POST', '/auth/signin', null, { identifier: 'ana', password: DEMO_PASSWORD }),
  );
  const token = signin.accessToken;
  const users = await api<Array<{ id: string; email: string }>>(server, 'GET', '/user/search-in-same-workspace?content=', token);
  const conversations = await api<Array<{ id: string }>>(server, 'GET', '/conversation/get-conversations', token);
  const groups = await api<Array<{ id: string }>>(server, 'GET', '/group/list', token);
  const messages: Message[] = [];
  for (const c of conversations)
    messages.push(
      ...(await api<{ messages: Message[] }>(server, 'GET', `/message/get-messages-by-conversation?conversationId=${c.id}&all=true`, token))
        .messages,
    );
  for (const g of groups)
    messages.push(
      ...(await api<{ messages: Message[] }>(server, 'GET', `/message/get-messages-by-group?groupId=${g.id}&all=true`, token)).messages,
    );
  return {
    token,
    conversationId: conversations[0]!.id,
    users: [signin.user.id, ...users.map((u) => u.id)].sort(),
    messages: messages
      .map((m) => ({ id: m.id, body: m.content.body, type: m.content.type, status: m.status }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}

let original: Record<string, string>;
let server: ServerProcess;
beforeAll(async () => {
  original = await newDeployment('original');
  const template = inject('pgliteTemplate');
  if (!original.DATABASE_URL && template)
    cpSync(path.join(template, 'pglite'), path.join(original.DATA_DIR!, 'pglite'), { recursive: true });
  server = await startServerProcess(original, await freePort());
  servers.push(server);
}, 90_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const scratch of scratches) await scratch.drop();
  rmSync(root, { recursive: true, force: true });
});

describe(`backup and restore (${testDatabaseUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a backup taken while the server runs restores every user, message and image', { timeout: 120_000 }, async () => {
    const before = await snapshot(server);
    // An image, uploaded and sent, and a few texts.
    const { url } = await api<{ url: string }>(server, 'POST', '/cloud/generate-public-media-url', before.token, {
      fileName: 'foto.png',
      contentType: 'image/png',
      folder: 'avatars',
    });
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(TINY_IMAGES['image/png']),
    });
    expect(put.status).toBe(200);
    const imageUrl = new URL(url);
    imageUrl.search = '';
    const send = (content: { type: 'text' | 'image'; body: string }, clientId: string) =>
      api(server, 'POST', '/message/send', before.token, { conversationId: before.conversationId, isGroup: false, content, clientId });
    await send({ type: 'image', body: imageUrl.toString() }, 'backup-imagem');
    for (let i = 0; i < 3; i++) await send({ type: 'text', body: `antes do backup ${i}` }, `backup-texto-${i}`);
    const backedUp = await snapshot(server);
    expect(backedUp.messages.length).toBe(before.messages.length + 4);

    const backup = await cli('backup', 'copia.tar.gz', original);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(original.DATABASE_URL ? 'pg_dump' : 'copiado pelo servidor em execução');

    // A non-empty DATA_DIR is refused and left as it was.
    const busy = await newDeployment('ocupado');
    mkdirSync(busy.DATA_DIR!, { recursive: true });
    writeFileSync(path.join(busy.DATA_DIR!, 'nota.txt'), 'não apagar');
    const refused = await cli('restore', 'copia.tar.gz', busy);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('não está vazio');

    const restored = await newDeployment('restaurado');
    const restore = await cli('restore', 'copia.tar.gz', restored);
    expect(restore.code, restore.output).toBe(0);
    const again = await startServerProcess(restored, await freePort());
    servers.push(again);

    const after = await snapshot(again);
    expect(after.users).toEqual(backedUp.users);
    expect(after.messages).toEqual(backedUp.messages);
    const image = await fetch(`${again.url}${imageUrl.pathname}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(TINY_IMAGES['image/png']);
    console.log(`backup restaurado: ${after.users.length} usuários, ${after.messages.length} mensagens, 1 imagem`);
  });
});
