import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type CreatedApiKey, type Message } from '@chat/contracts';
import { signIn } from '../../test/auth-helpers';
import { expectStatus } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// The curl examples of docs/api.md (the integrators' guide), run as written against a listening
// server: a copy-paste example that stopped working would fail here.

const run = promisify(execFile);
const API_GUIDE = new URL('../../../../docs/api.md', import.meta.url);

/** The shell blocks of the guide's section 'Exemplos com curl' that call the API. */
function curlExamples(): { list: string; history: string; send: string } {
  const section = readFileSync(API_GUIDE, 'utf8')
    .split(/^## /m)
    .find((s) => s.startsWith('Exemplos com curl'));
  if (!section) throw new Error('docs/api.md sem a seção Exemplos com curl');
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('curl'));
  const find = (path: string) => {
    const block = blocks.find((b) => b.includes(path));
    if (!block) throw new Error(`docs/api.md não tem exemplo de ${path}`);
    return block;
  };
  return { list: find('get-conversations'), history: find('get-messages-by-conversation'), send: find('/api/message/send') };
}

let t: TestApp;
let url: string;
let readOnlyKey: string, fullAccessKey: string;
let conversation: Conversation;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const bruno = await signIn(t.app, 'bruno');
  const carla = await signIn(t.app, 'carla');
  const call = (token: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${token}` }, payload });
  conversation = expectStatus<Conversation>(await call(bruno.accessToken, '/conversation/create', { userTwoId: carla.user.id }), 200);
  readOnlyKey = expectStatus<CreatedApiKey>(
    await call(carla.accessToken, '/api-key/create', { name: 'Leitura', permissions: 'READ_ONLY' }),
    200,
  ).key;
  fullAccessKey = expectStatus<CreatedApiKey>(
    await call(bruno.accessToken, '/api-key/create', { name: 'Bot', permissions: 'FULL_ACCESS' }),
    200,
  ).key;
});
afterAll(() => t?.close());

async function example(block: string, key: string): Promise<unknown> {
  const { stdout } = await run('bash', ['-c', block], {
    env: { ...process.env, PAPO_URL: url, PAPO_API_KEY: key, CONVERSA_ID: conversation.id },
  });
  return JSON.parse(stdout);
}

describe("docs/api.md, section 'Exemplos com curl'", () => {
  const examples = curlExamples();

  it('lists my conversations with a READ_ONLY and a FULL_ACCESS key', async () => {
    for (const key of [readOnlyKey, fullAccessKey]) {
      const list = (await example(examples.list, key)) as Conversation[];
      expect(list.map((c) => c.id)).toContain(conversation.id);
    }
  });

  it('sends a message with FULL_ACCESS; READ_ONLY gets the 403 the guide announces', async () => {
    const refused = (await example(examples.send, readOnlyKey)) as { statusCode: number };
    expect(refused.statusCode).toBe(403);
    const sent = (await example(examples.send, fullAccessKey)) as Message;
    expect(sent).toMatchObject({ conversationId: conversation.id, content: { type: 'text', body: 'Olá, enviado pela integração' } });
  });

  it('reads the conversation history with either key', async () => {
    for (const key of [readOnlyKey, fullAccessKey]) {
      const { messages } = (await example(examples.history, key)) as { messages: Message[] };
      expect(messages.at(-1)?.content.body).toBe('Olá, enviado pela integração');
    }
  });
});
