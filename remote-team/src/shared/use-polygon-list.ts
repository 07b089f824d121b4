import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listPolygons } from '@chat/api-client';
import { ERROR_TEXTS, type PolygonListItem } from '@chat/contracts';
import { teamKeys } from '../query-keys';

const NO_POLYGONS: PolygonListItem[] = [];

/**
 * The workspace's polygons matching `term` ('' for all): the polygons section and the member
 * edit's select share it. `enabled` false asks for nothing.
 */
export function usePolygonList(term: string, enabled = true) {
  const query = useQuery({
    queryKey: teamKeys.polygons(term),
    queryFn: async () => (await listPolygons(term)).data,
    enabled,
    // While a new search runs the last answer stays on screen, without the spinner.
    placeholderData: keepPreviousData,
    meta: { errorToast: { fallback: ERROR_TEXTS.polygon.list } },
  });
  return { polygons: query.data ?? NO_POLYGONS, loading: query.isPending };
}
