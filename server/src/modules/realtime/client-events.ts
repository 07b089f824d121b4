import type { FastifyBaseLogger } from 'fastify';
import { type ClientEventName, type ClientEventPayloads, parseEvent } from '@chat/contracts';
import type { RealtimeSocket } from './handshake';

export type ClientEventHandler<K extends ClientEventName> = (payload: ClientEventPayloads[K]) => Promise<void> | void;

/** Each socket's events are handled one after the other, in the order they came. */
const queues = new WeakMap<RealtimeSocket, Promise<void>>();

/**
 * Listens to one client event through the contracts' schema. A payload that does not match is
 * logged by event name and issue paths only (never its values) and dropped; a handler that fails
 * is logged. Neither reaches socket.io, so the socket stays connected and the process up.
 *
 * One socket's events run in order (a typing start is never overtaken by its stop because the
 * first one waited for a query), and a flood from one socket waits for itself, not for others.
 */
export function onClientEvent<K extends ClientEventName>(
  socket: RealtimeSocket,
  name: K,
  log: FastifyBaseLogger,
  handler: ClientEventHandler<K>,
): void {
  const userId = socket.data.user.id;
  // Widened: socket.io's typed listener for a generic event name does not resolve.
  const event: string = name;
  socket.on(event, (payload: unknown) => {
    const parsed = parseEvent('clientToServer', name, payload);
    if (!parsed.ok) {
      log.warn({ event: name, userId, issues: parsed.issues }, 'evento do socket inválido descartado');
      return;
    }
    const next = (queues.get(socket) ?? Promise.resolve())
      .then(() => handler(parsed.data))
      .catch((error: unknown) => log.error({ err: error, event: name, userId }, 'falha ao tratar evento do socket'));
    queues.set(socket, next);
  });
}
