import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, IncomingWebhookCreated, Message } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { signDelivery } from './signature';

// The webhook examples of docs/api.md and the README, run as written: the curl posts into a
// listening server, and the signature checks accept a delivery signed as the server signs it
// (and refuse a tampered or old one).

const run = promisify(execFile);
const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');
const API_GUIDE = read('../../../../docs/api.md');
const README = read('../../../../README.md');

function section(text: string, title: string): string {
  const found = text.split(/^## /m).find((s) => s.startsWith(title));
  if (!found) throw new Error(`sem a seção ${title}`);
  return found;
}
const blocks = (text: string, lang: string) => [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

let t: TestApp;
let ana: TestUser, bruno: TestUser;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno] = await createTeam(t.app, ['Ana Guia', 'Bruno Guia']);
  dir = mkdtempSync(path.join(os.tmpdir(), 'webhook-guide-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** Loads a JS block as a module and returns the function it defines or exports. */
async function load(code: string, name: string, file: string): Promise<(secret: string, headers: object, body: string) => boolean> {
  const target = path.join(dir, file);
  writeFileSync(target, code.includes(`export function ${name}`) ? code : `${code}\nexport { ${name} };\n`);
  return ((await import(pathToFileURL(target).href)) as Record<string, never>)[name]!;
}

describe('the webhook examples of the guides', () => {
  it.each([
    ['docs/api.md', () => section(API_GUIDE, 'Webhooks de um grupo')],
    ['README', () => section(README, 'Integrações')],
  ])('the curl of %s posts into the group', async (_where, text) => {
    const group = expectStatus<Group>(
      await as(t.app, ana).post('/group/create', { name: `Guia ${_where}`, description: '', members: [bruno.id] }),
      200,
    );
    const hook = expectStatus<IncomingWebhookCreated>(await as(t.app, ana).post(`/group/${group.id}/webhooks`, { name: 'CI' }), 200);
    const port = (t.app.server.address() as { port: number }).port;
    const curl = blocks(text(), 'sh').find((b) => b.includes('$HOOK_URL'))!;
    const hookUrl = `http://127.0.0.1:${port}${new URL(hook.url).pathname}`;
    await run('sh', ['-c', curl], { env: { ...process.env, HOOK_URL: hookUrl } });
    const { messages } = expectStatus<{ messages: Message[] }>(
      await as(t.app, bruno).get(`/message/get-messages-by-group?groupId=${group.id}&all=true`),
      200,
    );
    const posted = messages.find((m) => m.bot);
    expect(posted?.content.body).toMatch(/^\*Deploy\* .*build 42 \(https:\/\/ci\.empresa\.com\/b\/42\)$/);
  });

  it.each([
    ['docs/api.md', () => section(API_GUIDE, 'Webhooks de um grupo'), 'papoSignatureOk'],
    ['README', () => section(README, 'Integrações'), 'assinaturaOk'],
  ])('the signature check of %s accepts what the server signs', async (where, text, name) => {
    const code = blocks(text(), 'js').find((b) => b.includes(name))!;
    const verify = await load(code, name, `${where.replace(/\W/g, '-')}.mjs`);
    const body = JSON.stringify({ event: 'message.created', message: { text: 'olá' } });
    const secret = 'whsec_teste';
    const now = Math.floor(Date.now() / 1000);
    const headers = (timestamp: number, signedBody = body) => ({
      'x-papo-timestamp': String(timestamp),
      'x-papo-signature': signDelivery(secret, timestamp, signedBody),
    });
    expect(verify(secret, headers(now), body)).toBe(true);
    expect(verify('whsec_outro', headers(now), body)).toBe(false);
    expect(verify(secret, headers(now, '{"mudado":1}'), body)).toBe(false);
    expect(verify(secret, headers(now - 3600), body)).toBe(false);
  });
});
