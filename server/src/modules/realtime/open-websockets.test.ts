import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { trackWebsockets } from './open-websockets';

describe('trackWebsockets', () => {
  it('lets a closing server end although a client never answers on its upgraded connection', async () => {
    const server = http.createServer();
    const websockets = trackWebsockets(server);
    server.on('upgrade', (_request, socket: net.Socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    client.write('GET / HTTP/1.1\r\nHost: teste\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    await once(client, 'data');
    const clientClosed = once(client, 'close');

    // This client stays silent: without end(), server.close() would wait for it forever.
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    await websockets.end();
    await serverClosed;
    await clientClosed;
    expect(client.destroyed).toBe(true);
  });
});
