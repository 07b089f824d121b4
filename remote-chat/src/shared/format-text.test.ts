import { describe, expect, it } from 'vitest';
import { parseFormattedText, plainText } from './format-text';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('mentions and the plain preview', () => {
  it('parses mention tokens, in formatting too', () => {
    expect(parseFormattedText(`oi <@${ID}>!`)).toEqual([
      { type: 'text', text: 'oi ' },
      { type: 'mention', target: ID },
      { type: 'text', text: '!' },
    ]);
    expect(parseFormattedText('*<@todos>*')).toEqual([{ type: 'bold', children: [{ type: 'mention', target: 'todos' }] }]);
    expect(parseFormattedText('<@ana>')).toEqual([{ type: 'text', text: '<@ana>' }]);
  });

  it('reads without markers, with names for mentions', () => {
    const names = (id: string) => (id === ID ? 'Bruno' : undefined);
    expect(plainText('reunião às *10h* com _todos_ ~ontem~', names)).toBe('reunião às 10h com todos ontem');
    expect(plainText(`<@${ID}> e <@todos>, veja https://x.com/a*b`, names)).toBe('@Bruno e @todos, veja https://x.com/a*b');
    expect(plainText(`<@${ID}>`)).toBe('@alguém');
    expect(plainText('2*3*4 fica')).toBe('2*3*4 fica');
  });
});
