import type { FastifyInstance } from 'fastify';
import { pushSubscriptions, sessions } from '@chat/server/bench-api';
import type { BenchMember, ServerPush } from './protocol';

/** Long enough for any run. */
const SESSION_TTL_MS = 6 * 3600 * 1000;

/**
 * --push: each away member's device, subscribed to the harness's push service as the page's
 * POST /push/subscriptions stores it (a session and its subscription), written directly.
 */
export async function seedSubscriptions(app: FastifyInstance, members: BenchMember[], push: ServerPush): Promise<void> {
  const { db } = app.ctx;
  const subscribed = Object.entries(push.subscriptions).map(([index, sub]) => ({ member: members[Number(index)]!, sub }));
  if (subscribed.length === 0) return;
  const rows = await db
    .insert(sessions)
    .values(
      subscribed.map(({ member }) => ({
        userId: member.id,
        device: 'Carga',
        browser: 'Carga',
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      })),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
  await db.insert(pushSubscriptions).values(
    subscribed.map(({ member, sub }, i) => ({
      userId: member.id,
      sessionId: rows[i]!.id,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    })),
  );
}
