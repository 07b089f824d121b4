import type { Polygon, PolygonListItem } from '@chat/contracts';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { UserWithWorkspace } from '../users/user-entity';
import { toUserEntity } from '../users/user-entity';
import { findUsersByIds } from '../users/user-lookups.repository';
import * as repo from './polygons.repository';

export const POLYGON_NOT_FOUND = 'Poligonal não encontrada';
export const POLYGON_NAME_TAKEN = 'Já existe uma poligonal com este nome';
export const POLYGON_DELETED = 'Prefixo deletado com sucesso';
export const POLYGONAL_OFF = 'As poligonais estão desativadas neste workspace';

const NAME_INDEX = 'neo_custom_data_workspace_name_key';

type PolygonsContext = Pick<AppContext, 'db' | 'chatEvents'>;

/** Polygons (neo custom data) of the admin's own workspace; names unique ignoring case. */
export class PolygonsService {
  constructor(private readonly ctx: PolygonsContext) {}

  list(admin: UserWithWorkspace, search: string): Promise<PolygonListItem[]> {
    return repo.listPolygons(this.ctx.db, workspaceOf(admin), search);
  }

  create(admin: UserWithWorkspace, name: string): Promise<Polygon> {
    return uniqueName(() => repo.insertPolygon(this.ctx.db, workspaceOf(admin), name));
  }

  async rename(admin: UserWithWorkspace, id: string, name: string): Promise<Polygon> {
    const polygon = await uniqueName(() => repo.renamePolygon(this.ctx.db, workspaceOf(admin), id, name));
    if (!polygon) throw notFound(POLYGON_NOT_FOUND);
    await this.announce(admin, await repo.membersWithPolygon(this.ctx.db, id));
    return polygon;
  }

  async remove(admin: UserWithWorkspace, id: string): Promise<void> {
    const carriers = await repo.membersWithPolygon(this.ctx.db, id);
    if (!(await repo.deletePolygon(this.ctx.db, workspaceOf(admin), id))) throw notFound(POLYGON_NOT_FOUND);
    await this.announce(admin, carriers);
  }

  /** The members whose label changed: their own tabs keep a current stored user. */
  private async announce(admin: UserWithWorkspace, userIds: string[]): Promise<void> {
    for (const user of (await findUsersByIds(this.ctx.db, userIds)).values()) {
      this.ctx.chatEvents.toWorkspace(workspaceOf(admin), 'user:updated', toUserEntity(user));
    }
  }
}

function workspaceOf(admin: UserWithWorkspace): string {
  if (!admin.workspaceId) throw forbidden();
  return admin.workspaceId;
}

/** The unique index decides (also between two simultaneous requests): 409 in Portuguese. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw conflict(POLYGON_NAME_TAKEN);
    throw error;
  }
}
