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
});
