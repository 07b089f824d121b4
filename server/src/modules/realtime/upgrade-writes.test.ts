import { once } from 'node:events';
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { joinUpgradeWrites } from './upgrade-writes';

type Spied = net.Socket & { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };

const opened: Array<{ io: Server; client: ClientSocket }> = [];
afterEach(async () => {
  for (const { io, client } of opened.splice(0)) {
    client.close();
    await io.close();
  }
});

/**
 * Connects a socket.io client over websocket and counts the writes the server made on that
 * connection until the client saw its namespace's CONNECT: the 101 answer, engine.io's open
 * packet, socket.io's CONNECT.
 */
async function writesUntilConnected(joined: boolean): Promise<number> {
  const server = http.createServer();
  const io = new Server(server, { transports: ['websocket'], serveClient: false });
  if (joined) joinUpgradeWrites(server);
  let writes = 0;
  // First of all listeners: counts from before the 101 is written.
  server.prependListener('upgrade', (_request, socket: Spied) => {
    for (const method of ['_write', '_writev'] as const) {
      const original = socket[method].bind(socket);
      socket[method] = (...args: unknown[]) => {
        writes++;
        original(...args);
      };
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, forceNew: true });
  opened.push({ io, client });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return writes;
}

describe('joinUpgradeWrites', () => {
  it('sends the 101 answer and the open packet in one write; the handshake still completes', async () => {
    expect(await writesUntilConnected(false)).toBe(3);
    expect(await writesUntilConnected(true)).toBe(2);
  });
});
