import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_IMAGES } from '../../test/images';
import { LocalMediaStore } from './local-media-store';
import { isOwnMediaUrl, ownMediaKey } from './own-media-url';

// The predicate message send relies on: only exact public URLs of files this server stored.

const APP = { appUrl: 'http://localhost:3000' };
const FILE = '3f2504e0-4f89-41d3-9a0c-0305e82c3301-foto.png';
const OWN = `http://localhost:3000/media/avatars/${FILE}`;
let dataDir: string;
let store: LocalMediaStore;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-own-media-'));
  store = new LocalMediaStore(path.join(dataDir, 'media'));
  await store.put(Readable.from([TINY_IMAGES['image/png']]), `avatars/${FILE}`, { maxBytes: 1024 });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('isOwnMediaUrl', () => {
  it('is true for the public URL of a stored file', async () => {
    expect(await isOwnMediaUrl(OWN, APP, store)).toBe(true);
  });

  it.each([
    ['a file never uploaded', 'http://localhost:3000/media/avatars/3f2504e0-4f89-41d3-9a0c-0305e82c3302-foto.png'],
    ['another host', `http://evil.example/media/avatars/${FILE}`],
    ['another scheme', `https://localhost:3000/media/avatars/${FILE}`],
    ['another port', `http://localhost:3001/media/avatars/${FILE}`],
    ['credentials', `http://ana@localhost:3000/media/avatars/${FILE}`],
    ['a lookalike host', `http://localhost:3000.evil.example/media/avatars/${FILE}`],
    ['a query string', `${OWN}?expires=1&contentType=image%2Fpng&signature=x`],
    ['an empty query', `${OWN}?`],
    ['a fragment', `${OWN}#x`],
    ['a trailing slash', `${OWN}/`],
    ['a dot segment', `http://localhost:3000/media/avatars/../avatars/${FILE}`],
    ['an encoded dot segment', `http://localhost:3000/media/avatars/%2e%2e/avatars/${FILE}`],
    ['an encoded character', `http://localhost:3000/media/avatars/${FILE.replace('.png', '%2Epng')}`],
    ['a traversal out of media', 'http://localhost:3000/media/../jwt-secret'],
    ['another folder', `http://localhost:3000/media/outra/${FILE}`],
    ['no folder', `http://localhost:3000/media/${FILE}`],
    ['a path outside /media', `http://localhost:3000/api/media/avatars/${FILE}`],
    ['a relative URL', `/media/avatars/${FILE}`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['not a URL', 'gato'],
  ])('is false for %s', async (_label, url) => {
    expect(await isOwnMediaUrl(url, APP, store)).toBe(false);
  });

  it('follows APP_URL’s origin, whatever its case, trailing slash or path', async () => {
    const url = `https://chat.example.com/media/avatars/${FILE}`;
    for (const appUrl of ['https://chat.example.com', 'https://CHAT.example.com/', 'https://chat.example.com/app']) {
      expect(ownMediaKey(url, appUrl)?.key).toBe(`avatars/${FILE}`);
    }
    expect(ownMediaKey(url, 'http://chat.example.com')).toBeNull();
  });
});
