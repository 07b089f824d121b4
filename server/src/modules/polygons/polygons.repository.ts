import { and, asc, count, eq } from 'drizzle-orm';
import type { PolygonListItem } from '@chat/contracts';
import type { Db } from '../../db/client';
import { neoCustomData, users } from '../../db/schema';
import { containsFolded, folded } from '../../lib/search';

/** A workspace's polygons whose name contains `search` (case and accents ignored), by name, with member counts. */
export async function listPolygons(db: Db, workspaceId: string, search: string): Promise<PolygonListItem[]> {
  const rows = await db
    .select({ id: neoCustomData.id, name: neoCustomData.name, membersCount: count(users.id) })
    .from(neoCustomData)
    // Only active members carry a label that anyone sees.
    .leftJoin(users, and(eq(users.neoCustomDataId, neoCustomData.id), eq(users.active, true)))
    .where(and(eq(neoCustomData.workspaceId, workspaceId), search ? containsFolded(neoCustomData.name, search) : undefined))
    .groupBy(neoCustomData.id)
    .orderBy(asc(folded(neoCustomData.name)), asc(neoCustomData.id));
  return rows;
}

export async function insertPolygon(db: Db, workspaceId: string, name: string) {
  const [row] = await db.insert(neoCustomData).values({ workspaceId, name }).returning({ id: neoCustomData.id, name: neoCustomData.name });
  return row!;
}

/** Renames a polygon of the workspace; null when it has no polygon with that id. */
export async function renamePolygon(db: Db, workspaceId: string, id: string, name: string) {
  const [row] = await db
    .update(neoCustomData)
    .set({ name })
    .where(and(eq(neoCustomData.id, id), eq(neoCustomData.workspaceId, workspaceId)))
    .returning({ id: neoCustomData.id, name: neoCustomData.name });
  return row ?? null;
}

/** Deletes a polygon of the workspace (members lose the label: ON DELETE SET NULL); false when absent. */
export async function deletePolygon(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(neoCustomData)
    .where(and(eq(neoCustomData.id, id), eq(neoCustomData.workspaceId, workspaceId)))
    .returning({ id: neoCustomData.id });
  return deleted.length > 0;
}

/** Ids of the active members carrying a polygon (told about the change of their label). */
export async function membersWithPolygon(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.neoCustomDataId, id), eq(users.active, true)));
  return rows.map((r) => r.id);
}

export async function polygonExists(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: neoCustomData.id })
    .from(neoCustomData)
    .where(and(eq(neoCustomData.id, id), eq(neoCustomData.workspaceId, workspaceId)));
  return !!row;
}
