import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { SessionDevice } from '../auth/session-device';
import { record } from './audit';

/**
 * After a sign-in: when its session is the person's first on this device and browser (as the list
 * of sessions names them), the activity log gets an entry, so an administrator can see an
 * account opened from somewhere new.
 */
export async function recordIfNewDevice(
  db: Db,
  user: { id: string; workspaceId: string | null },
  device: SessionDevice,
  ip: string,
): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.device, device.device), eq(sessions.browser, device.browser)));
  if ((row?.n ?? 0) > 1) return;
  await record(db, {
    action: 'session.new_device',
    workspaceId: user.workspaceId,
    actor: { id: user.id, ip },
    targetUserId: user.id,
    details: { device: device.device, browser: device.browser },
  });
}
