import { describe, expect, it } from 'vitest';
import type { MediaStore } from '../media/media-store';
import { assertStorableContent } from './message-content';

const env = { appUrl: 'http://localhost:3000' };
const uploaded = 'avatars/3f2504e0-4f89-41d3-9a0c-0305e82c3301-gato.png';
const store: MediaStore = {
  put: () => Promise.reject(new Error('não usado')),
  get: () => Promise.resolve(null),
  exists: (key) => Promise.resolve(key === uploaded),
  delete: () => Promise.reject(new Error('não usado')),
};
const image = (body: string) => assertStorableContent({ type: 'image', body }, env, store);
const REFUSED = expect.objectContaining({ statusCode: 400, message: 'A imagem deve ser enviada pelo upload do chat' });

describe('assertStorableContent', () => {
  it('lets text through', async () => {
    await expect(assertStorableContent({ type: 'text', body: 'oi' }, env, store)).resolves.toBeUndefined();
  });

  it('accepts an uploaded file of this server’s media store', async () => {
    await expect(image(`http://localhost:3000/media/${uploaded}`)).resolves.toBeUndefined();
  });

  it.each([
    ['a file never uploaded', 'http://localhost:3000/media/avatars/3f2504e0-4f89-41d3-9a0c-0305e82c3302-outro.png'],
    ['another host', `https://exemplo.com/media/${uploaded}`],
    ['another port', `http://localhost:3001/media/${uploaded}`],
    ['a query string', `http://localhost:3000/media/${uploaded}?x=1`],
    ['dot segments', `http://localhost:3000/media/avatars/../${uploaded}`],
  ])('refuses %s with a Portuguese 400', async (_label, url) => {
    await expect(image(url)).rejects.toEqual(REFUSED);
  });
});
