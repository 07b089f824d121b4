import type { User } from '@chat/contracts';

/** Lower case without accents, so 'joao' finds 'João' (the search ignores case and accents). */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** docs/produto.md, Telas: the member search matches name, nickName or polygon name. */
export function filterMembers(members: readonly User[], search: string): User[] {
  const term = fold(search.trim());
  if (!term) return [...members];
  return members.filter((m) => [m.name, m.nickName, m.neoCustomData?.name ?? ''].some((text) => fold(text).includes(term)));
}
