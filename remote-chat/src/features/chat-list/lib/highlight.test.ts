import { describe, expect, it } from 'vitest';
import { highlightParts, snippetAround } from './highlight';

describe('highlightParts', () => {
  it('marks every occurrence ignoring accents and case, keeping the original letters', () => {
    expect(highlightParts('Reunião amanhã; a REUNIAO de ontem', 'reuniao')).toEqual([
      { text: 'Reunião', match: true },
      { text: ' amanhã; a ', match: false },
      { text: 'REUNIAO', match: true },
      { text: ' de ontem', match: false },
    ]);
    expect(highlightParts('amanha às 10', 'AMANHÃ')).toEqual([
      { text: 'amanha', match: true },
      { text: ' às 10', match: false },
    ]);
  });

  it('keeps emoji whole and leaves a text without the term alone', () => {
    expect(highlightParts('🎉 festa 🎉', 'festa')).toEqual([
      { text: '🎉 ', match: false },
      { text: 'festa', match: true },
      { text: ' 🎉', match: false },
    ]);
    expect(highlightParts('nada aqui', 'xyz')).toEqual([{ text: 'nada aqui', match: false }]);
  });
});

describe('snippetAround', () => {
  it('cuts a long text around the first match with ellipses', () => {
    const text = `${'a'.repeat(100)} reunião ${'b'.repeat(300)}`;
    const snippet = snippetAround(text, 'reuniao', 10, 40);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('reunião');
    expect(snippetAround('curta reunião', 'reuniao')).toBe('curta reunião');
  });

  it('starts and ends between words', () => {
    const text = 'Ontem combinamos que a reunião de planejamento trimestral fica para quinta-feira às dez horas';
    expect(snippetAround(text, 'reuniao', 12, 40)).toBe('…que a reunião de planejamento trimestral…');
    // The match's own word is never cut, even when the window would start inside it.
    expect(snippetAround(text, 'niao', 2, 40)).toBe('…reunião de planejamento trimestral fica…');
  });

  it('cuts inside a word only when the word is longer than the window allows', () => {
    const text = `${'x'.repeat(60)}reunião fim`;
    expect(snippetAround(text, 'reuniao', 12, 40)).toBe(`…${'x'.repeat(12)}reunião fim`);
  });
});
