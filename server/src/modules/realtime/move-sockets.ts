import { setTimeout as sleep } from 'node:timers/promises';
import { SOCKET_NAMESPACE, type ServerDraining } from '@chat/contracts';
import type { RealtimeServer } from './handshake';

// A draining process hands its sockets to the others: each client is told to reconnect at a
// random moment of a window (the balancer, which has stopped routing to this process, puts it
// elsewhere), rather than all of them being cut at once and coming back in one wave.

/** The window never shrinks below this: a handful of sockets still spread over it. */
export const MOVE_WINDOW_MIN_MS = 500;
/** Nor grows past this: the shutdown must stay bounded whatever the socket count. */
export const MOVE_WINDOW_MAX_MS = 5000;
/** Reconnections per second the window aims at: a pace the remaining processes take in their stride. */
const MOVES_PER_SECOND = 2000;
/** After the window: for the last clients' own disconnects to arrive before close cuts what is left. */
const MOVE_GRACE_MS = 500;
const POLL_MS = 50;

export function moveWindowMs(sockets: number): number {
  return Math.min(MOVE_WINDOW_MAX_MS, Math.max(MOVE_WINDOW_MIN_MS, Math.ceil((sockets / MOVES_PER_SECOND) * 1000)));
}

/**
 * Refuses new websockets (refuseNew), tells every socket of this process ('server:draining', to
 * this process's sockets only, never through the adapter) and waits until they have left or the
 * window and a grace have passed. What is left is cut by app.close().
 */
export async function moveSockets(io: RealtimeServer, refuseNew: () => void): Promise<void> {
  const events = io.of(SOCKET_NAMESPACE);
  refuseNew();
  const notice: ServerDraining = { reconnectWithinMs: moveWindowMs(events.sockets.size) };
  events.local.emit('server:draining', notice);
  const until = Date.now() + notice.reconnectWithinMs + MOVE_GRACE_MS;
  while (events.sockets.size > 0 && Date.now() < until) await sleep(POLL_MS);
}
