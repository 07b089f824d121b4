import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '@chat/server/bench-api';
import { onCleanup } from './cleanup';

// A TCP proxy standing in for a load balancer in front of the two processes: each connection goes
// to the preferred process, or to the other one when the preferred refuses it. A connection stays
// where it was placed; when its process dies, the proxy closes the client's side too.

function dial(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const upstream = connect(port, '127.0.0.1');
    upstream.once('connect', () => {
      upstream.off('error', reject);
      resolve(upstream);
    });
    upstream.once('error', reject);
  });
}

export interface FailoverProxy {
  url: string;
  close(): Promise<void>;
}

/** `ports`: the preferred process first, then the one to fail over to. */
export async function startFailoverProxy(ports: readonly number[]): Promise<FailoverProxy> {
  const port = await freePort();
  const clients = new Set<Socket>();
  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    clients.add(client);
    client.once('close', () => clients.delete(client));
    client.on('error', () => client.destroy());
    void (async () => {
      for (const target of ports) {
        if (client.destroyed) return;
        try {
          const upstream = await dial(target);
          upstream.on('error', () => upstream.destroy());
          upstream.once('close', () => client.destroy());
          client.once('close', () => upstream.destroy());
          client.pipe(upstream);
          upstream.pipe(client);
          client.resume();
          return;
        } catch {
          // refused: the next process
        }
      }
      client.destroy();
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = onCleanup(async () => {
    for (const client of clients) client.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${port}`, close };
}
