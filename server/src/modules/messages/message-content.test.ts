import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target, uploadUrlFor } from '../../test/media';
import type { MediaAccess } from '../media/media-uploads';
import { storableContent } from './message-content';

// What a message may carry, on a real app: text, or an image its author's workspace uploaded.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let access: MediaAccess;
let uploaded: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno] = await createTeam(t.app, ['Ana Conteúdo', 'Bruno Conteúdo']);
  [carla] = await createTeam(t.app, ['Carla Outra']);
  access = { db: t.app.ctx.db, env: t.env, store: t.app.ctx.mediaStore };
  const url = await uploadUrlFor(t.app, ana.token, 'image/png', 'gato.png');
  const put = await t.app.inject({
    method: 'PUT',
    url: target(url),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  expect(put.statusCode).toBe(200);
  uploaded = put.json().url;
});
afterAll(() => t?.close());

const image = (body: string, author: TestUser = ana) => storableContent({ type: 'image', body }, author, access);
const REFUSED = expect.objectContaining({ statusCode: 400, message: 'A imagem deve ser enviada pelo upload do chat' });

describe('storableContent', () => {
  it('lets text through', async () => {
    await expect(storableContent({ type: 'text', body: 'oi' }, ana, access)).resolves.toBeDefined();
  });

  it('accepts a file uploaded in the author’s workspace, by them or a colleague', async () => {
    await expect(image(uploaded)).resolves.toBeDefined();
    await expect(image(uploaded, bruno)).resolves.toBeDefined();
  });

  it.each([
    ['a file never uploaded', () => uploaded.replace(/[0-9a-f]{12}-gato/, '000000000000-gato')],
    ['another host', () => uploaded.replace(t.env.appUrl, 'https://exemplo.com')],
    ['a query string', () => `${uploaded}?x=1`],
    ['dot segments', () => uploaded.replace('/media/avatars/', '/media/avatars/../avatars/')],
  ])('refuses %s with a Portuguese 400', async (_label, url) => {
    await expect(image(url())).rejects.toEqual(REFUSED);
  });

  it('refuses another workspace’s file exactly like an unknown one', async () => {
    await expect(image(uploaded, carla)).rejects.toEqual(REFUSED);
  });
});
