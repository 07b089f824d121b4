import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The connections the HTTP server upgraded to websockets. server.close() waits for every one of
 * them, so a closing process must end them itself.
 *
 * `cut` drops them all at the transport, at once: no socket.io disconnect packet and no websocket
 * closing handshake. A restart is a deploy, and what the clients must see is a lost connection,
 * which socket.io reconnects with its back-off (a server-side disconnect, 'io server disconnect',
 * is final for socket.io: the page had to restart it by hand). It is also what a 10,000-socket
 * shutdown can afford: the polite way wrote two frames per socket, waited up to a
 * grace for the clients' answers and then handled their closes one by one, tens of seconds of
 * app.close(); here each socket costs one close(2) and the clean-up of its socket.io state.
 */
export function trackWebsockets(server: Server): { refuseNew: () => void; cut: () => Promise<void> } {
  const open = new Set<Duplex>();
  let ending = false;
  server.on('upgrade', (_request, socket: Duplex) => {
    // A client that comes back while this process is closing would be let in only to be dropped,
    // or refused at the handshake, which a page takes for an expired session. Cut at the
    // transport, it is a failed attempt that socket.io retries with its back-off, and finds the
    // next process.
    if (ending) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    /** From now on, a new upgrade is cut at once (the process is draining: its sockets move elsewhere). */
    refuseNew() {
      ending = true;
    },
    /** Drops every upgraded connection; resolves once each has closed (its socket.io disconnect handled). */
    async cut() {
      ending = true;
      const closed = [...open].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
      for (const socket of open) socket.destroy();
      await Promise.all(closed);
    },
  };
}
