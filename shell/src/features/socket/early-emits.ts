import type { ClientEventName } from '@chat/contracts';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';

/** At most this many requests are held (the oldest go first): a page's first seconds make a few. */
export const MAX_HELD_EMITS = 50;

/** Requests not worth sending late: whether someone is typing now. */
const STALE_WHEN_LATE: ReadonlySet<ClientEventName> = new Set(['user:typing']);

/**
 * Holds the socket requests the remotes make before the live connection exists (use-live-socket
 * opens it only once the page has settled), for the socket to send once it is there.
 * Without it, a chat opened and left in the page's first seconds stayed unread on the server: its
 * 'group:read' / 'message:read:all' reached no socket, and the first connect's catch-up re-reads
 * only the chat still open. socket.io itself buffers what is emitted while it reconnects; this
 * does the same for the time before it exists. Sending a read late is safe because it names the
 * newest message the chat showed (contracts' lastMessageId): what arrived after stays unread.
 * `release` stops holding and emits what was held, in order, for the socket that now listens;
 * `drop` forgets it (the session ended).
 */
export function holdEarlyEmits(): { release: () => void; drop: () => void } {
  let held: SocketEmitRequest[] = [];
  const hold = (request: SocketEmitRequest) => {
    if (STALE_WHEN_LATE.has(request.event)) return;
    held.push(request);
    if (held.length > MAX_HELD_EMITS) held.shift();
  };
  eventBus.on('socket:emit', hold);
  const drop = () => {
    eventBus.off('socket:emit', hold);
    held = [];
  };
  return {
    release: () => {
      const requests = held;
      drop();
      for (const request of requests) eventBus.emit('socket:emit', request);
    },
    drop,
  };
}
