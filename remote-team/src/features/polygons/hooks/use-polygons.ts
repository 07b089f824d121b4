import { useCallback, useEffect, useState } from 'react';
import { listPolygons } from '@chat/api-client';
import { ERROR_TEXTS, type PolygonListItem } from '@chat/contracts';
import { notifyError } from '../../../shared/notify';
import { useDebouncedValue } from '@chat/ui';

/** docs/produto.md, Validação e limites: searches start at 2 characters and wait 500 ms. */
const SEARCH_MIN = 2;
const SEARCH_DEBOUNCE_MS = 500;

/** The workspace's polygons, searched on the server; `reloadKey` refetches from outside. */
export function usePolygons(search: string, reloadKey: number) {
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const term = debounced.length >= SEARCH_MIN ? debounced : '';
  const [polygons, setPolygons] = useState<PolygonListItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    listPolygons(term).then(
      (res) => {
        if (!current) return;
        setPolygons(res.data);
        setLoading(false);
      },
      (error: unknown) => {
        if (current) setLoading(false);
        notifyError(error, ERROR_TEXTS.polygon.list);
      },
    );
    // A slower answer to an older search must not replace a newer one.
    return () => {
      current = false;
    };
  }, [term, reloadKey, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { polygons, loading, reload };
}
