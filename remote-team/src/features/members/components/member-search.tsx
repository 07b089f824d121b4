import { useEffect, useState } from 'react';
import { SearchInput, useDebouncedValue } from '@chat/ui';

interface Props {
  /** The trimmed text, once typing has paused. */
  onSearch: (term: string) => void;
}

/** Typing pauses this long before the server is asked: one request per burst of keys. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 350;

/**
 * The member search box. It keeps what is typed to itself, so a keystroke redraws the box only,
 * never the list; the list follows the debounced term.
 */
export function MemberSearch({ onSearch }: Props) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  useEffect(() => onSearch(term), [term, onSearch]);
  return <SearchInput value={text} onChange={setText} placeholder="Buscar membro ou poligonal" aria-label="Buscar membro" />;
}
