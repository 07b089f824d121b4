import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@chat/contracts';
import { createLocalData, type LocalData } from './local-data';
import type { OutboxTransport } from './outbox-runner';
import type { OutboxEntry } from './types';

class Refused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The server's side of POST /message/send as far as the outbox can tell: idempotent on clientId,
 * reachable or not, refusing what it is told to refuse, and able to store a message but lose the
 * answer (the case the same clientId exists for).
 */
function fakeServer() {
  const stored: OutboxEntry[] = [];
  const server = {
    online: true,
    attempts: [] as string[],
    refuse: new Set<string>(),
    loseAnswerOnce: new Set<string>(),
    neverAnswer: false,
    stored,
    bodies: () => stored.map((e) => e.content.body),
  };
  const transport: OutboxTransport = {
    upload: async (file) => {
      if (!server.online) throw new Error('offline');
      return `/media/avatars/${file.name}`;
    },
    send: async (entry) => {
      server.attempts.push(entry.content.body);
      if (server.neverAnswer) return new Promise<Message>(() => undefined);
      if (!server.online) throw new Error('Network Error');
      if (server.refuse.has(entry.content.body)) throw new Refused('Mensagem inválida');
      if (!stored.some((e) => e.clientId === entry.clientId)) stored.push(entry);
      if (server.loseAnswerOnce.delete(entry.content.body)) throw new Error('socket hang up');
      return { id: `srv-${entry.clientId}`, clientId: entry.clientId } as Message;
    },
    refusal: (error) => (error instanceof Refused ? { reason: error.reason } : null),
  };
  return { server, transport };
}

const opened: LocalData[] = [];
let users = 0;
const newUser = () => `user-${++users}-${Math.random()}`;

function open(userId: string, transport: OutboxTransport, answerTimeoutMs = 1000): LocalData {
  // A long retry delay: these tests wake the runner themselves, as the connection's return does.
  const data = createLocalData(userId, transport, { retryDelayMs: 60_000, answerTimeoutMs });
  opened.push(data);
  return data;
}

const text = (chatId: string, body: string, chatKind: 'conversation' | 'group' = 'conversation') => ({
  clientId: crypto.randomUUID(),
  chatKind,
  chatId,
  content: { type: 'text' as const, body },
  replyTo: null,
  mentions: [],
});

async function settle(data: LocalData) {
  // enqueue() wakes the runner without waiting; a second wake joins that pass and waits for it.
  await data.runner.wake();
  await data.outbox.ready;
}

afterEach(() => {
  opened.splice(0).forEach((data) => data.close());
});

describe('outbox', () => {
  it('keeps what is written offline and sends it in order per chat when the connection is back', async () => {
    const { server, transport } = fakeServer();
    const data = open(newUser(), transport);
    server.online = false;
    for (const body of ['a1', 'a2', 'a3']) await data.enqueue(text('chat-a', body));
    await data.enqueue(text('chat-b', 'b1', 'group'));
    await settle(data);
    expect(server.stored).toHaveLength(0);
    expect(data.outbox.count()).toBe(4);
    // Each chat stopped at its first failure: a2 and a3 were never tried before a1.
    expect(new Set(server.attempts.filter((b) => b.startsWith('a')))).toEqual(new Set(['a1']));

    server.online = true;
    await data.runner.wake();
    expect(server.bodies().filter((b) => b.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(server.bodies()).toContain('b1');
    expect(data.outbox.count()).toBe(0);
  });

  it('sends a message whose answer was lost again with the same clientId, and the server keeps one', async () => {
    const { server, transport } = fakeServer();
    const data = open(newUser(), transport);
    server.loseAnswerOnce.add('olá');
    const entry = await data.enqueue(text('chat-a', 'olá'));
    await settle(data);
    await data.runner.wake();
    expect(server.attempts.length).toBeGreaterThanOrEqual(2);
    expect(server.stored.map((e) => e.clientId)).toEqual([entry.clientId]);
    expect(data.outbox.count()).toBe(0);
  });

  it('tries again later when the server never answers', async () => {
    const { server, transport } = fakeServer();
    const data = open(newUser(), transport, 50);
    server.neverAnswer = true;
    await data.enqueue(text('chat-a', 'sem resposta'));
    await settle(data);
    expect(data.outbox.entries()[0]).toMatchObject({ state: 'queued' });
    server.neverAnswer = false;
    await data.runner.wake();
    expect(server.bodies()).toEqual(['sem resposta']);
  });

  it('marks a refused message, goes on with the next of its chat, and retries it with the same clientId on request', async () => {
    const { server, transport } = fakeServer();
    const data = open(newUser(), transport);
    server.refuse.add('ruim');
    const bad = await data.enqueue(text('chat-a', 'ruim'));
    await data.enqueue(text('chat-a', 'boa'));
    await settle(data);
    expect(server.bodies()).toEqual(['boa']);
    expect(data.outbox.entries()).toEqual([
      expect.objectContaining({ clientId: bad.clientId, state: 'refused', reason: 'Mensagem inválida' }),
    ]);

    // Refused stays refused: waking the runner does not send it again.
    await data.runner.wake();
    expect(server.attempts.filter((b) => b === 'ruim')).toHaveLength(1);

    server.refuse.clear();
    await data.retry(bad.clientId);
    await data.runner.wake();
    expect(server.stored.map((e) => e.clientId)).toContain(bad.clientId);
    expect(data.outbox.count()).toBe(0);
  });

  it('deletes a refused message on request', async () => {
    const { server, transport } = fakeServer();
    const data = open(newUser(), transport);
    server.refuse.add('ruim');
    const bad = await data.enqueue(text('chat-a', 'ruim'));
    await settle(data);
    await data.outbox.remove(bad.clientId);
    expect(data.outbox.entries()).toEqual([]);
  });

  it('survives a reload: a new instance on the same database finds the queue in its order', async () => {
    const { server, transport } = fakeServer();
    const userId = newUser();
    const before = open(userId, transport);
    server.online = false;
    for (const body of ['um', 'dois', 'três']) await before.enqueue(text('chat-a', body));
    await settle(before);
    before.close();

    const after = open(userId, transport);
    await after.outbox.ready;
    expect(after.outbox.entries().map((e) => e.content.body)).toEqual(['um', 'dois', 'três']);
    server.online = true;
    await after.runner.wake();
    expect(server.bodies()).toEqual(['um', 'dois', 'três']);
  });

  it('keeps an image file until it is uploaded, then sends its public URL with its caption', async () => {
    const { server, transport } = fakeServer();
    const data = open(newUser(), transport);
    server.online = false;
    await data.enqueue({
      ...text('chat-a', ''),
      content: { type: 'image', body: '', caption: 'o quadro' },
      file: { blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), name: 'foto.png', type: 'image/png' },
    });
    await settle(data);
    const kept = data.outbox.entries()[0]!;
    expect(kept.file?.blob.size).toBe(4);
    server.online = true;
    await data.runner.wake();
    expect(server.stored[0]).toMatchObject({
      content: { type: 'image', body: '/media/avatars/foto.png', caption: 'o quadro' },
      file: null,
    });
  });

  it('uploads again after a reload in the middle of an upload, and sends the image once with its clientId', async () => {
    const { server, transport } = fakeServer();
    const userId = newUser();
    const uploads: string[] = [];
    // The first page's upload never ends: the page is reloaded while the file is on its way.
    const stalled: OutboxTransport = { ...transport, upload: (file) => (uploads.push(file.name), new Promise<string>(() => undefined)) };
    const before = open(userId, stalled);
    const image = await before.enqueue({
      ...text('chat-a', ''),
      content: { type: 'image', body: '' },
      file: { blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), name: 'foto.png', type: 'image/png' },
    });
    await before.enqueue(text('chat-a', 'depois da foto'));
    await expect.poll(() => uploads).toEqual(['foto.png']);
    before.close();

    const after = open(userId, {
      ...transport,
      upload: (file, onProgress) => (uploads.push(file.name), transport.upload(file, onProgress)),
    });
    await after.outbox.ready;
    expect(after.outbox.entries().map((e) => [e.clientId, e.file?.blob.size])).toEqual([
      [image.clientId, 4],
      [expect.any(String), undefined],
    ]);
    await after.runner.wake();
    expect(uploads).toEqual(['foto.png', 'foto.png']);
    expect(server.stored.map((e) => [e.clientId, e.content.body])).toEqual([
      [image.clientId, '/media/avatars/foto.png'],
      [expect.any(String), 'depois da foto'],
    ]);
    expect(after.outbox.entries()).toEqual([]);
  });

  it('does not upload again an image whose upload ended before the reload: only its URL is sent, once', async () => {
    const { server, transport } = fakeServer();
    const userId = newUser();
    let uploads = 0;
    const counting: OutboxTransport = { ...transport, upload: (file, onProgress) => ((uploads += 1), transport.upload(file, onProgress)) };
    const before = open(userId, { ...counting, send: () => new Promise<Message>(() => undefined) });
    const image = await before.enqueue({
      ...text('chat-a', ''),
      content: { type: 'image', body: '' },
      file: { blob: new Blob([new Uint8Array([137, 80, 78, 71])]), name: 'foto.png', type: 'image/png' },
    });
    await expect.poll(async () => (await before.outbox.get(image.clientId))?.content.body).toBe('/media/avatars/foto.png');
    before.close();

    const after = open(userId, counting);
    await after.outbox.ready;
    await after.runner.wake();
    expect(uploads).toBe(1);
    expect(server.stored.map((e) => [e.clientId, e.content.body])).toEqual([[image.clientId, '/media/avatars/foto.png']]);
  });

  it("never shows one user's outbox to another", async () => {
    const { server, transport } = fakeServer();
    server.online = false;
    const ana = open(newUser(), transport);
    await ana.enqueue(text('chat-a', 'da Ana'));
    const bruno = open(newUser(), transport);
    await bruno.outbox.ready;
    expect(bruno.outbox.entries()).toEqual([]);
    expect(ana.outbox.count()).toBe(1);
  });

  it('tells listeners about each accepted message before its entry leaves', async () => {
    const { transport } = fakeServer();
    const data = open(newUser(), transport);
    const seen: string[] = [];
    data.runner.onSent((message, entry) => seen.push(`${message.id}|${data.outbox.entries().some((e) => e.clientId === entry.clientId)}`));
    const entry = await data.enqueue(text('chat-a', 'oi'));
    await settle(data);
    expect(seen).toEqual([`srv-${entry.clientId}|true`]);
  });

  it('clears everything on request (sign-out)', async () => {
    const { server, transport } = fakeServer();
    server.online = false;
    const data = open(newUser(), transport);
    await data.enqueue(text('chat-a', 'x'));
    await data.outbox.clear();
    expect(data.outbox.count()).toBe(0);
  });
});
