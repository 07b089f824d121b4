/**
 * The rows of a statement read for several viewers at once (a `viewer` column), as one
 * list per viewer asked, in the statement's order; a viewer with no row gets an empty list.
 */
export function rowsByViewer<R extends { viewer: string }>(
  viewerIds: Iterable<string>,
  rows: readonly R[],
): Map<string, Array<Omit<R, 'viewer'>>> {
  const lists = new Map<string, Array<Omit<R, 'viewer'>>>();
  for (const id of viewerIds) lists.set(id, []);
  for (const { viewer, ...row } of rows) lists.get(viewer)?.push(row);
  return lists;
}
