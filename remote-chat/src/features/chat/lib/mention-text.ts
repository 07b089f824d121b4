import { MENTION_ALL, mentionToken, mentionTargetsIn } from '@chat/contracts';
import { mentionLabel } from '../../../shared/format-text';

// The message box shows mentions as '@Name' (a textarea cannot show anything else); the sent text
// carries them as `<@id>` tokens. These convert between the two.

export interface MentionCandidate {
  /** A member id, or MENTION_ALL. */
  id: string;
  name: string;
  nickName?: string;
}

/** The chosen '@Name' labels of the box, each with its target. */
export type ChosenMentions = ReadonlyMap<string, string>;

export const labelOf = (candidate: MentionCandidate) => (candidate.id === MENTION_ALL ? `@${MENTION_ALL}` : `@${candidate.name}`);

/** The box's text as it is sent: each chosen label still in the text becomes its token. */
export function toTokens(text: string, chosen: ChosenMentions): { text: string; mentions: string[] } {
  let result = text;
  // Longer labels first, so '@Ana Maria' is not taken for '@Ana'.
  const labels = [...chosen.keys()].sort((a, b) => b.length - a.length);
  for (const label of labels) result = result.split(label).join(mentionToken(chosen.get(label)!));
  return { text: result, mentions: mentionTargetsIn(result) };
}

/** A stored text back into the box (an edit): tokens become labels, remembered as chosen. */
export function fromTokens(text: string, nameOf: (id: string) => string | undefined): { text: string; chosen: Map<string, string> } {
  const chosen = new Map<string, string>();
  for (const target of mentionTargetsIn(text)) {
    const label = mentionLabel(target, nameOf);
    chosen.set(label, target);
  }
  const replaced = text.replace(/<@([0-9a-f-]{36}|todos)>/gi, (_m, target: string) => mentionLabel(target.toLowerCase(), nameOf));
  return { text: replaced, chosen };
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The '@query' being typed just before the caret, or null. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Members whose name or nickName contains the query, ignoring case and accents. */
export function matchCandidates(candidates: readonly MentionCandidate[], query: string): MentionCandidate[] {
  const q = fold(query);
  return candidates.filter((c) => fold(c.name).includes(q) || (c.nickName !== undefined && fold(c.nickName).includes(q))).slice(0, 8);
}
