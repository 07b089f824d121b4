import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../test/media';
import { LocalMediaStore } from './local-media-store';

// The disk store alone: all-or-nothing writes, the size limit while streaming, one winner per key.

let dataDir: string;
let store: LocalMediaStore;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-media-store-'));
  store = new LocalMediaStore(path.join(dataDir, 'media'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const KEY = 'avatars/3f2504e0-4f89-41d3-9a0c-0305e82c3301-x.png';
const LIMITS = { maxBytes: 10 };
/** A source that yields `chunks` with a pause between them, like a network body. */
const slowSource = (chunks: string[]) =>
  Readable.from(
    (async function* () {
      for (const chunk of chunks) {
        await new Promise((r) => setTimeout(r, 5));
        yield Buffer.from(chunk);
      }
    })(),
  );

describe('LocalMediaStore', () => {
  it('stores, reports and reads back a file', async () => {
    expect(await store.exists(KEY)).toBe(false);
    expect(await store.get(KEY)).toBeNull();
    expect(await store.put(slowSource(['0123', '456789']), KEY, LIMITS)).toEqual({ size: 10 });
    expect(await store.exists(KEY)).toBe(true);
    const stored = await store.get(KEY);
    expect(stored?.size).toBe(10);
    expect(await text(stored!.stream)).toBe('0123456789');
    expect(mediaFiles(dataDir)).toEqual([KEY]);
  });

  it('fails with 413 at the first byte over the limit and leaves nothing', async () => {
    await expect(store.put(slowSource(['0123456789', 'X']), KEY, LIMITS)).rejects.toMatchObject({
      statusCode: 413,
      message: 'Arquivo muito grande (máx 10MB)',
    });
    expect(mediaFiles(dataDir)).toEqual([]);
  });

  it('leaves nothing when the source fails midway', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('0123');
        throw new Error('conexão caiu');
      })(),
    );
    await expect(store.put(failing, KEY, LIMITS)).rejects.toThrow('conexão caiu');
    expect(mediaFiles(dataDir)).toEqual([]);
  });

  it('lets one of two racing uploads win; the other gets 409 and the winner is intact', async () => {
    const results = await Promise.allSettled([
      store.put(slowSource(['aaaa', 'aaaa']), KEY, LIMITS),
      store.put(slowSource(['bbbb', 'bbbb']), KEY, LIMITS),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ statusCode: 409, message: 'URL de upload já utilizada' });
    expect(await text((await store.get(KEY))!.stream)).toMatch(/^(a{8}|b{8})$/);
    expect(mediaFiles(dataDir)).toEqual([KEY]);
  });

  it('refuses a second put on an existing key', async () => {
    await store.put(slowSource(['first']), KEY, LIMITS);
    await expect(store.put(slowSource(['second']), KEY, LIMITS)).rejects.toMatchObject({ statusCode: 409 });
    expect(await text((await store.get(KEY))!.stream)).toBe('first');
  });

  it('never resolves a key outside its folder, even if one slipped past validation', async () => {
    await expect(store.exists('../jwt-secret')).rejects.toThrow(/fora da pasta de mídia/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/fora da pasta de mídia/);
    await expect(store.put(slowSource(['x']), 'avatars/../../x', LIMITS)).rejects.toThrow(/fora da pasta de mídia/);
    expect(mediaFiles(dataDir)).toEqual([]);
  });
});
