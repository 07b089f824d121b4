import type { Server } from 'node:http';
import { Socket } from 'node:net';

/**
 * Each websocket upgrade's first answers leave in one write: the connection is corked from the
 * 'upgrade' event until the loop's check phase, so ws's `101 Switching Protocols` (written at
 * once) and engine.io's open packet (written a microtask later, after the handshake's id) go out
 * together. Over loopback or a LAN each write wakes the client on its own; in a reconnection wave
 * of thousands of sockets the writes were a third of the server's time.
 */
export function joinUpgradeWrites(server: Server): void {
  // Before engine.io's own listener, which answers synchronously.
  server.prependListener('upgrade', (_request, socket) => {
    if (!(socket instanceof Socket)) return;
    socket.cork();
    setImmediate(() => socket.uncork());
  });
}
