import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { trackWebsockets } from './open-websockets';

const UPGRADE = 'GET / HTTP/1.1\r\nHost: teste\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n';

async function upgradingServer() {
  const server = http.createServer();
  const websockets = trackWebsockets(server);
  server.on('upgrade', (_request, socket: net.Socket) => {
    if (!socket.destroyed) socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return { server, websockets, port };
}

/** A client whose upgrade was answered, and everything it receives from then on. */
async function upgradedClient(port: number) {
  const client = net.connect(port, '127.0.0.1');
  client.on('error', () => undefined);
  client.write(UPGRADE);
  await once(client, 'data');
  const after: Buffer[] = [];
  client.on('data', (chunk: Buffer) => after.push(chunk));
  return { client, received: () => Buffer.concat(after) };
}

describe('trackWebsockets', () => {
  it('cuts every upgraded connection at once, with nothing written to it first, and lets the server close', async () => {
    const { server, websockets, port } = await upgradingServer();
    const clients = await Promise.all([upgradedClient(port), upgradedClient(port), upgradedClient(port)]);
    const closed = clients.map(({ client }) => once(client, 'close'));

    // These clients stay silent: a closing handshake would wait for them, server.close() forever.
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    const started = Date.now();
    await websockets.cut();
    await serverClosed;
    await Promise.all(closed);
    expect(Date.now() - started).toBeLessThan(500);
    // A lost transport (what socket.io-client reconnects after), not a close frame or a packet.
    for (const { client, received } of clients) {
      expect(client.destroyed).toBe(true);
      expect(received().length).toBe(0);
    }
  });

  it('cuts an upgrade that arrives once it has cut, before any answer (the client retries elsewhere)', async () => {
    const { server, websockets, port } = await upgradingServer();
    await upgradedClient(port);
    await websockets.cut();

    const late = net.connect(port, '127.0.0.1');
    const answered: Buffer[] = [];
    late.on('data', (chunk: Buffer) => answered.push(chunk));
    late.on('error', () => undefined);
    late.write(UPGRADE);
    await once(late, 'close');
    expect(Buffer.concat(answered).toString()).toBe('');
    server.close();
  });
});
