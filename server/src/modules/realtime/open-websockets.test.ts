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

  it('cuts an upgrade that arrives while it is ending, before any answer (the client retries elsewhere)', async () => {
    const server = http.createServer();
    const websockets = trackWebsockets(server);
    server.on('upgrade', (_request, socket: net.Socket) => {
      if (!socket.destroyed) socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as net.AddressInfo;
    const upgrade = (client: net.Socket) => client.write('GET / HTTP/1.1\r\nHost: teste\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    const silent = net.connect(port, '127.0.0.1');
    upgrade(silent);
    await once(silent, 'data');

    // The silent client holds end() for its grace: an upgrade meanwhile gets no answer, only a close.
    const ending = websockets.end();
    const late = net.connect(port, '127.0.0.1');
    const answered: Buffer[] = [];
    late.on('data', (chunk: Buffer) => answered.push(chunk));
    late.on('error', () => undefined);
    upgrade(late);
    await once(late, 'close');
    expect(Buffer.concat(answered).toString()).toBe('');
    server.close();
    await ending;
  });
});
