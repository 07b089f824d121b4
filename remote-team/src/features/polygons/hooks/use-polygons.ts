import { useDebouncedValue } from '@chat/ui';
import { usePolygonList } from '../../../shared/use-polygon-list';

/** docs/produto.md, Validação e limites: searches start at 2 characters and wait 500 ms. */
const SEARCH_MIN = 2;
const SEARCH_DEBOUNCE_MS = 500;

/** The workspace's polygons, searched on the server. */
export function usePolygons(search: string) {
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return usePolygonList(debounced.length >= SEARCH_MIN ? debounced : '');
}
