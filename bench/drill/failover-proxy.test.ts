import { once } from 'node:events';
import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@chat/server/bench-api';
import { startFailoverProxy, type FailoverProxy } from './failover-proxy';

// The drill's stand-in for a load balancer: its figures for a killed process are only right if
// a connection goes to the preferred process while it listens, and to the other when it refuses.

/** A TCP server answering every connection with its name. */
async function named(name: string, port: number): Promise<Server> {
  const server = createServer((socket) => socket.end(name));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

async function reply(proxy: FailoverProxy): Promise<string> {
  const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await once(socket, 'close');
  return text;
}

describe('startFailoverProxy', () => {
  const servers: Server[] = [];
  const proxies: FailoverProxy[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) server.close();
    for (const proxy of proxies.splice(0)) await proxy.close();
  });

  it('sends each connection to the preferred target while it listens, to the other while it refuses', async () => {
    const [preferredPort, otherPort] = [await freePort(), await freePort()];
    const other = await named('outro', otherPort);
    const proxy = await startFailoverProxy([preferredPort, otherPort]);
    servers.push(other);
    proxies.push(proxy);

    expect(await reply(proxy)).toBe('outro');
    const preferred = await named('preferido', preferredPort);
    servers.push(preferred);
    expect(await reply(proxy)).toBe('preferido');
    await new Promise((resolve) => preferred.close(resolve));
    expect(await reply(proxy)).toBe('outro');
  });

  it('closes the client when no target accepts', async () => {
    const proxy = await startFailoverProxy([await freePort(), await freePort()]);
    proxies.push(proxy);
    expect(await reply(proxy)).toBe('');
  });
});
