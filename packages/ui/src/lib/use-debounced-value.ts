import { useEffect, useState } from 'react';

/**
 * The value, once it has stopped changing for `delayMs` (searches wait 500 ms: docs/produto.md,
 * Validação e limites). Shared by the remotes.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
