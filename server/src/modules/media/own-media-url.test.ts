import { describe, expect, it } from 'vitest';
import { ownMediaKey } from './own-media-url';

// The parse message send and avatars rely on: only exact public URLs of this server's media store
// (whether the file exists, and whose it is, is for media-uploads.ts).

const APP = 'http://localhost:3000';
const FILE = '3f2504e0-4f89-41d3-9a0c-0305e82c3301-foto.png';
const OWN = `http://localhost:3000/media/avatars/${FILE}`;

describe('ownMediaKey', () => {
  it('is the key of the exact public URL of a file', () => {
    expect(ownMediaKey(OWN, APP)?.key).toBe(`avatars/${FILE}`);
  });

  it.each([
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
  ])('is null for %s', (_label, url) => {
    expect(ownMediaKey(url, APP)).toBeNull();
  });

  it('follows APP_URL’s origin, whatever its case, trailing slash or path', async () => {
    const url = `https://chat.example.com/media/avatars/${FILE}`;
    for (const appUrl of ['https://chat.example.com', 'https://CHAT.example.com/', 'https://chat.example.com/app']) {
      expect(ownMediaKey(url, appUrl)?.key).toBe(`avatars/${FILE}`);
    }
    expect(ownMediaKey(url, 'http://chat.example.com')).toBeNull();
  });
});
