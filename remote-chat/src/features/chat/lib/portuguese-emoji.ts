/**
 * emoji-mart searches each emoji's id, name and keywords, which its data gives in English only:
 * 'polegar' or 'coração' find nothing. emojibase's Portuguese annotations (CLDR's, kept up to date
 * with each Unicode release) name the same emoji; this puts their name and tags in front of the
 * English words, so Portuguese matches rank first, and adds each word without accents too,
 * because people type 'coracao' as often as 'coração'. English words stay: 'ok' and 'smile' are
 * typed here as well.
 */

/** The part of emoji-mart's data this reads and rewrites. */
export interface PickerEmoji {
  id: string;
  name: string;
  keywords: string[];
  skins: { unified: string; native: string }[];
}

export interface PickerData<E extends PickerEmoji = PickerEmoji> {
  emojis: Record<string, E>;
}

/** The part of an emojibase entry this reads. */
export interface EmojiAnnotation {
  hexcode: string;
  label: string;
  tags?: string[];
}

/** The variation selector (FE0F) is written by one data set and left out by the other. */
const codeKey = (hexcode: string) =>
  hexcode
    .toUpperCase()
    .split('-')
    .filter((part) => part !== 'FE0F')
    .join('-');

const withoutAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

function portugueseWords(annotation: EmojiAnnotation): string[] {
  const words = [...annotation.label.split(/[\s:,]+/), ...(annotation.tags ?? [])].map((word) => word.toLowerCase()).filter(Boolean);
  return [...new Set([...words, ...words.map(withoutAccents)])];
}

const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** A copy of `data` whose emoji carry their Portuguese name and search words; the rest as given. */
export function withPortugueseSearch<E extends PickerEmoji, D extends PickerData<E>>(data: D, annotations: readonly EmojiAnnotation[]): D {
  const byCode = new Map(annotations.map((annotation) => [codeKey(annotation.hexcode), annotation]));
  const emojis: Record<string, E> = {};
  for (const [id, emoji] of Object.entries(data.emojis)) {
    const annotation = emoji.skins[0] && byCode.get(codeKey(emoji.skins[0].unified));
    emojis[id] = annotation
      ? { ...emoji, name: capitalised(annotation.label), keywords: [...new Set([...portugueseWords(annotation), ...emoji.keywords])] }
      : emoji;
  }
  return { ...data, emojis };
}
