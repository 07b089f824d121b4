import { describe, expect, it } from 'vitest';
import { messagesAt } from '../testing/issues';
import { groupCreateFormSchema } from './groups';
import { messageFormSchema } from './messages';
import { polygonFormSchema } from './polygons';
import { updateProfileBodySchema } from './profile';
import { hasHiddenCharacters, hasVisibleText } from './visible-text';
import { updateWorkspaceBodySchema } from './workspaces';

// Names refuse what hides or reorders text and must show something; messages must show something.

/** Names a member could pick to hide, reverse or blank out what others read. */
const HIDDEN = {
  zeroWidthSpace: 'Ana\u200BSouza',
  zeroWidthJoinerAlone: 'Ana\u200DSouza',
  rightToLeftOverride: 'Ana \u202Eazuos',
  leftToRightEmbedding: '\u202AAna',
  popDirectional: 'Ana\u202C',
  isolates: '\u2066Ana\u2069',
  firstStrongIsolate: '\u2068Ana',
  rightToLeftMark: 'Ana\u200F',
  softHyphen: 'An\u00ADa',
  byteOrderMark: '\uFEFFAna',
  nul: 'Ana\u0000',
  bell: 'Ana\u0007',
  newline: 'Ana\nSouza',
  delete: 'Ana\u007F',
  c1Control: 'Ana\u0085',
  lineSeparator: 'Ana\u2028Souza',
  loneSurrogate: 'Ana\uD800',
  tagOutsideFlag: 'Ana\u{E0041}',
} as const;

/** Names that look empty although they are not. */
const BLANK = ['\u200B\u200B\u200B', '\u3164\u3164\u3164', '\u2800\u2800\u2800', '\u0301\u0301\u0301', '\u115F\u1160\u3164'];

/** Emoji sequences that need ZWJ, variation selectors, skin tones or tags. */
const EMOJI = ['👩‍💻', '🏳️‍🌈', '👨‍👩‍👧‍👦', '🧑🏽‍💻', '❤️‍🔥', '🏳️‍⚧️', '👁️‍🗨️', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '🇧🇷', '✌🏿'];

describe('hasHiddenCharacters', () => {
  it.each(Object.entries(HIDDEN))('flags %s', (_name, text) => {
    expect(hasHiddenCharacters(text)).toBe(true);
  });

  it('passes names in any script, with accents, punctuation and emoji sequences', () => {
    for (const name of ['Ana Souza', 'José D’Ávila-Neto', 'محمد علي', 'שרה', '李小龙', 'Zoë 👋', ...EMOJI.map((e) => `Ana ${e}`)]) {
      expect(hasHiddenCharacters(name), name).toBe(false);
    }
  });

  it('allows a joiner only between two pictographs', () => {
    expect(hasHiddenCharacters('👩\u200D💻')).toBe(false);
    expect(hasHiddenCharacters('a\u200D💻')).toBe(true);
    expect(hasHiddenCharacters('👩\u200D')).toBe(true);
    expect(hasHiddenCharacters('👩\u200D\u200D💻')).toBe(true);
  });
});

describe('hasVisibleText', () => {
  it.each(BLANK)('refuses %j', (text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it('accepts letters, digits, punctuation and emoji, however few', () => {
    for (const text of ['a', '7', '?', ...EMOJI]) expect(hasVisibleText(text), text).toBe(true);
  });
});

describe('the rule in the schemas, one message per field', () => {
  it('person, group, polygon and workspace names', () => {
    const rtl = HIDDEN.rightToLeftOverride;
    expect(messagesAt(updateProfileBodySchema, { name: rtl }, 'name')).toEqual(['O nome contém caracteres não permitidos']);
    expect(messagesAt(updateProfileBodySchema, { name: '\u3164\u3164' }, 'name')).toEqual(['O nome precisa ter texto visível']);
    expect(messagesAt(groupCreateFormSchema, { name: rtl, description: '' }, 'name')).toEqual([
      'O nome do grupo contém caracteres não permitidos',
    ]);
    expect(messagesAt(groupCreateFormSchema, { name: '\u2800', description: '' }, 'name')).toEqual([
      'O nome do grupo precisa ter texto visível',
    ]);
    expect(messagesAt(polygonFormSchema, { name: 'Sul\u200B' }, 'name')).toEqual(['O nome da poligonal contém caracteres não permitidos']);
    expect(messagesAt(updateWorkspaceBodySchema, { name: 'Equipe\u2066', description: '', limitOfMembers: 0 }, 'name')).toEqual([
      'O nome do workspace contém caracteres não permitidos',
    ]);
  });

  it('a message of zero-width characters only is refused; emoji sequences, line breaks and RTL text pass', () => {
    expect(messagesAt(messageFormSchema, { text: '\u200B\u200C\u200D\u2060' }, 'text')).toEqual(['A mensagem precisa ter texto visível']);
    for (const text of [...EMOJI, 'linha 1\nlinha 2', 'שלום\u200F!', '👍🏽'])
      expect(messagesAt(messageFormSchema, { text }, 'text'), text).toEqual([]);
  });

  it('nickNames already take ASCII letters and digits only', () => {
    expect(messagesAt(updateProfileBodySchema, { nickName: 'ana\u200B' }, 'nickName')).toEqual(['Apenas letras e números']);
  });
});
