import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a closing server lets clients answer the websocket closing handshake. */
export const CLOSE_GRACE_MS = 1000;

/**
 * The connections the HTTP server upgraded to websockets. server.close() waits for every one of
 * them, and a websocket ends only when its client answers the closing handshake, or after ws's
 * 30 s: with 10,000 sockets on a busy machine app.close() took 30 s (issue 14), the restart's
 * downtime. `end` gives the clients CLOSE_GRACE_MS, then drops the rest (they reconnect as after
 * any lost connection); from its call on, new upgrades are cut at once.
 */
export function trackWebsockets(server: Server): { end: () => Promise<void> } {
  const open = new Set<Duplex>();
  let ending = false;
  server.on('upgrade', (_request, socket: Duplex) => {
    // A client that comes back while this process is closing (after the page's 1 s delay, within
    // the grace below) would be let in only to be dropped, or refused at the handshake, which a
    // page takes for an expired session. Cut at the transport, it is a failed attempt that
    // socket.io retries with its back-off, and finds the next process.
    if (ending) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    async end() {
      ending = true;
      const until = Date.now() + CLOSE_GRACE_MS;
      while (open.size > 0 && Date.now() < until) await sleep(50);
      for (const socket of open) socket.destroy();
    },
  };
}
