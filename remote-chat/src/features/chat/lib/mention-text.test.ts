import { describe, expect, it } from 'vitest';
import { fromTokens, matchCandidates, mentionQueryAt, toTokens } from './mention-text';

const ANA = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const ANA_MARIA = '3f2504e0-4f89-41d3-9a0c-0305e82c3302';

describe('mention text', () => {
  it('turns chosen labels into tokens, longest first, and lists the mentions', () => {
    const chosen = new Map([
      ['@Ana', ANA],
      ['@Ana Maria', ANA_MARIA],
      ['@todos', 'todos'],
    ]);
    expect(toTokens('@Ana Maria e @Ana, @todos', chosen)).toEqual({
      text: `<@${ANA_MARIA}> e <@${ANA}>, <@todos>`,
      mentions: [ANA_MARIA, ANA, 'todos'],
    });
    expect(toTokens('sem menção', chosen)).toEqual({ text: 'sem menção', mentions: [] });
  });

  it('turns tokens back into labels for an edit', () => {
    const names = (id: string) => (id === ANA ? 'Ana' : undefined);
    const back = fromTokens(`oi <@${ANA}> e <@todos>`, names);
    expect(back.text).toBe('oi @Ana e @todos');
    expect(toTokens(back.text, back.chosen).text).toBe(`oi <@${ANA}> e <@todos>`);
  });

  it('finds the query before the caret and matches names and nicknames without accents', () => {
    expect(mentionQueryAt('oi @jo', 6)).toEqual({ start: 3, query: 'jo' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('email@x', 7)).toBeNull();
    const members = [
      { id: ANA, name: 'Ana Júlia', nickName: 'aninha' },
      { id: ANA_MARIA, name: 'Bruno', nickName: 'bru' },
    ];
    expect(matchCandidates(members, 'juli').map((m) => m.id)).toEqual([ANA]);
    expect(matchCandidates(members, 'BRU').map((m) => m.id)).toEqual([ANA_MARIA]);
  });
});
