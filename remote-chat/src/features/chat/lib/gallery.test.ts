import { describe, expect, it } from 'vitest';
import { message } from '../../../test/fixtures';
import { downloadName, galleryImages } from './gallery';

const image = (id: string, body: string, extra: object = {}) => message(id, { content: { id, body, type: 'image' }, ...extra });

describe('the chat gallery', () => {
  it("lists the chat's sent pictures in order with their captions; not texts, deleted ones, uploads or unsafe URLs", () => {
    const list = [
      image('a', 'http://localhost:3000/media/avatars/a.png'),
      message('t', { content: { id: 't', body: 'oi', type: 'text' } }),
      image('b', '/media/avatars/b.png', { content: { id: 'b', body: '/media/avatars/b.png', type: 'image', caption: 'a praia' } }),
      image('gone', 'http://localhost:3000/media/avatars/c.png', { deletedAt: '2026-01-01T00:00:00.000Z' }),
      image('local:x', 'blob:preview-1'),
      image('js', 'javascript:alert(1)'),
    ];
    const shown = galleryImages(list);
    expect(shown.map((i) => [i.id, i.src, i.caption])).toEqual([
      ['a', 'http://localhost:3000/media/avatars/a.png', undefined],
      ['b', '/media/avatars/b.png', 'a praia'],
    ]);
    expect(shown[0]!.alt).toMatch(/^Imagem enviada por /);
  });

  it("downloads under the file's own name, without the upload's unique prefix", () => {
    expect(downloadName('http://x/media/avatars/3f2504e0-4f89-41d3-9a0c-0305e82c3301-f%C3%A9rias.png')).toBe('férias.png');
    expect(downloadName('/media/avatars/quadro.png')).toBe('quadro.png');
    expect(downloadName('http://x/')).toBe('imagem');
  });
});
