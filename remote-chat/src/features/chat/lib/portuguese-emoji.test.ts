import { describe, expect, it } from 'vitest';
import data from '@emoji-mart/data';
import annotations from 'emojibase-data/pt/compact.json';
import { SearchIndex, init } from 'emoji-mart';
import { withPortugueseSearch, type PickerData } from './portuguese-emoji';

const thumbsUp = {
  id: '+1',
  name: 'Thumbs Up',
  keywords: ['thumbsup', 'like'],
  skins: [{ unified: '1f44d', native: '👍' }],
};
const heart = { id: 'heart', name: 'Red Heart', keywords: ['love'], skins: [{ unified: '2764-fe0f', native: '❤️' }] };
const unknown = { id: 'x', name: 'X', keywords: ['x'], skins: [{ unified: 'e000', native: '\ue000' }] };

describe('withPortugueseSearch', () => {
  const source = { emojis: { '+1': thumbsUp, heart, x: unknown }, categories: [] };
  const result = withPortugueseSearch(source, [
    { hexcode: '1F44D', label: 'polegar para cima', tags: ['joia', 'dedão'] },
    { hexcode: '2764', label: 'coração vermelho', tags: ['amor'] },
  ]);

  it('names each emoji in Portuguese and puts its words, with and without accents, before the English ones', () => {
    expect(result.emojis['+1']!.name).toBe('Polegar para cima');
    expect(result.emojis['+1']!.keywords).toEqual(['polegar', 'para', 'cima', 'joia', 'dedão', 'dedao', 'thumbsup', 'like']);
  });

  it('matches codes written with and without the variation selector', () => {
    expect(result.emojis.heart!.keywords).toEqual(['coração', 'vermelho', 'amor', 'coracao', 'love']);
  });

  it('leaves what it has no annotation for, and the given data, as they were', () => {
    expect(result.emojis.x).toBe(unknown);
    expect(source.emojis['+1'].name).toBe('Thumbs Up');
    expect(result.categories).toBe(source.categories);
  });
});

describe("emoji-mart's own search over the shipped data sets", () => {
  it('finds by Portuguese words, accented or not, and still by English ones', async () => {
    await init({ data: withPortugueseSearch(data as unknown as PickerData, annotations) });
    const natives = async (query: string) =>
      ((await SearchIndex.search(query)) as { skins: { native: string }[] }[]).map((emoji) => emoji.skins[0]!.native);
    expect((await natives('polegar')).slice(0, 2)).toEqual(expect.arrayContaining(['👍', '👎']));
    expect(await natives('coração')).toContain('❤️');
    expect(await natives('coracao')).toContain('❤️');
    expect(await natives('gato')).toContain('🐱');
    expect(await natives('thumbsup')).toContain('👍');
  });
});
