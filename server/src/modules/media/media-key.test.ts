import { describe, expect, it } from 'vitest';
import { newMediaKey, parseMediaKey, safeFileName } from './media-key';

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('safeFileName', () => {
  it.each([
    ['Foto da Reunião.PNG', 'image/png', 'foto-da-reuniao.png'],
    ['gato.jpeg', 'image/jpeg', 'gato.jpg'],
    // The extension follows the declared type, never the name's claim.
    ['página.html', 'image/png', 'pagina.png'],
    ['desenho.svg', 'image/webp', 'desenho.webp'],
    ['../../etc/passwd', 'image/gif', 'passwd.gif'],
    ['C:\\Users\\ana\\..\\foto.png', 'image/png', 'foto.png'],
    ['a..b...c.png', 'image/png', 'a.b.c.png'],
    ['...', 'image/png', 'imagem.png'],
    ['😀😀.png', 'image/png', 'imagem.png'],
    ['.bashrc', 'image/png', 'imagem.png'],
  ] as const)('%s (%s) -> %s', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });

  it('keeps names short', () => {
    const safe = safeFileName(`${'x'.repeat(300)}.png`, 'image/png');
    expect(safe).toBe(`${'x'.repeat(55)}.png`);
  });
});

describe('parseMediaKey', () => {
  it('reads what newMediaKey makes', () => {
    const media = newMediaKey('avatars', 'Foto.png', 'image/png');
    expect(media.key).toMatch(/^avatars\/[0-9a-f-]{36}-foto\.png$/);
    expect(parseMediaKey(media.key)).toEqual(media);
  });

  it.each([
    ['jpg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ])('takes the type from the extension .%s', (ext, type) => {
    expect(parseMediaKey(`avatars/${UUID}-x.${ext}`)?.contentType).toBe(type);
  });

  it.each([
    `../avatars/${UUID}-x.png`,
    `avatars/../${UUID}-x.png`,
    `avatars/${UUID}-..png`,
    `avatars/${UUID}-a..b.png`,
    `avatars/%2e%2e/${UUID}-x.png`,
    `avatars/${UUID}-x%2epng`,
    `avatars\\${UUID}-x.png`,
    `/avatars/${UUID}-x.png`,
    `avatars//${UUID}-x.png`,
    `avatars/x/${UUID}-x.png`,
    `outra/${UUID}-x.png`,
    `avatars/${UUID}-x.svg`,
    `avatars/${UUID}-x.html`,
    `avatars/${UUID}-x`,
    `avatars/.${UUID}-x.png.0a1b2c.part`,
    `avatars/x.png`,
    `avatars/${UUID.toUpperCase()}-x.png`,
    `avatars/${UUID}-x.png?a=1`,
    `avatars/${UUID}-x.png#a`,
    `avatars/${UUID}-${'x'.repeat(100)}.png`,
    '',
  ])('refuses %s', (raw) => {
    expect(parseMediaKey(raw)).toBeNull();
  });
});
