import { describe, expect, it } from 'vitest';
import { assertStorableContent, isOwnMediaUrl } from './message-content';

const APP = 'http://localhost:3000';

describe('isOwnMediaUrl', () => {
  it.each([
    ['http://localhost:3000/media/avatars/3f2504e0-foto.png', true],
    ['http://localhost:3000/media/x.webp', true],
    ['https://localhost:3000/media/x.png', false],
    ['http://localhost:3001/media/x.png', false],
    ['http://evil.example/media/x.png', false],
    ['http://localhost:3000/api/x.png', false],
    ['http://localhost:3000/media/../api/x', false],
    ['http://localhost:3000/media/%2e%2e/api/x', false],
    ['http://localhost:3000/media/x.png?sig=1', false],
    ['http://user@localhost:3000/media/x.png', false],
    ['javascript:alert(1)', false],
    ['não é url', false],
  ])('%s -> %s', (url, expected) => {
    expect(isOwnMediaUrl(url, APP)).toBe(expected);
  });
});

describe('assertStorableContent', () => {
  it('lets text through and refuses a foreign image with a Portuguese 400', () => {
    expect(() => assertStorableContent({ type: 'text', body: 'oi' }, APP)).not.toThrow();
    expect(() => assertStorableContent({ type: 'image', body: 'https://exemplo.com/a.png' }, APP)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'A imagem deve ser enviada pelo upload do chat' }),
    );
  });
});
