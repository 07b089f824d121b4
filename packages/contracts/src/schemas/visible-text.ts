import * as z from 'zod/mini';
import '../zod-locale';

// What a name or a message may be made of. A name is read to decide who someone is: control
// characters, format characters (zero-width spaces and joiners, soft hyphen, bidi marks and the
// overrides U+202A-202E and isolates U+2066-2069 that reorder what follows), lone surrogates and
// line/paragraph separators could hide text, reverse it or make two different names look alike,
// so names refuse them. Both names and messages must show something.
//
// Emoji are written with format characters: a zero-width joiner between pictographs
// (👩‍💻, 🏳️‍🌈) and tag characters in subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Inside such a sequence they
// draw one picture and hide nothing, so they are allowed there, and only there.

const NOT_IN_NAMES = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
/** Pictographs joined by ZWJ, each optionally with a skin tone or an emoji-presentation selector. */
const EMOJI_ZWJ_SEQUENCE =
  /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?)+/gu;
/** A flag of a subdivision: black flag, tag letters, cancel tag. */
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/**
 * Letters, digits, punctuation and symbols, minus the ones that draw nothing: the Hangul fillers
 * (letters by category, blank on screen) and the blank Braille pattern.
 */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const BLANK_GRAPHIC = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

const withoutEmojiSequences = (text: string) => text.replace(EMOJI_ZWJ_SEQUENCE, '').replace(EMOJI_TAG_SEQUENCE, '');

/** True when `text` has a character names refuse, outside the emoji sequences that need them. */
export function hasHiddenCharacters(text: string): boolean {
  return NOT_IN_NAMES.test(withoutEmojiSequences(text));
}

/** True when `text` shows at least one letter, digit, punctuation mark or symbol (an emoji counts). */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text.replace(BLANK_GRAPHIC, ''));
}

/** "O nome", "O nome do grupo"...: the subject of the two messages below. */
export const hiddenCharactersMessage = (subject: string) => `${subject} contém caracteres não permitidos`;
export const noVisibleTextMessage = (subject: string) => `${subject} precisa ter texto visível`;

/** Empty text is the minimum-length rule's to report, in its own words. */
const emptyOr = (rule: (text: string) => boolean) => (text: string) => text === '' || rule(text);

/** The two checks of a name field, after its trim and length checks. */
export const visibleNameChecks = (subject: string) =>
  [
    z.refine<string>(
      emptyOr((text) => !hasHiddenCharacters(text)),
      hiddenCharactersMessage(subject),
    ),
    z.refine<string>(emptyOr(hasVisibleText), noVisibleTextMessage(subject)),
  ] as const;

/** The check of a message's text, after its trim and length checks. */
export const visibleTextCheck = (message: string) => z.refine<string>(emptyOr(hasVisibleText), message);
