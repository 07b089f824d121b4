import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeIdleWhileClosing } from './close-idle-connections';

/** A server whose one route answers after `delayMs`, with a long keep-alive, and a keep-alive client. */
async function slowServer(delayMs: number) {
  const server = http.createServer((_req, res) => setTimeout(() => res.end('ok'), delayMs));
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<string>((resolve, reject) => {
      const req = http.get({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });
  return { server, agent, get };
}

describe('closeIdleWhileClosing', () => {
  it('lets a closing server end right after the last answer of a keep-alive connection, which it never cuts', async () => {
    const { server, agent, get } = await slowServer(300);
    const answer = get();
    await new Promise((r) => setTimeout(r, 100));
    // The request is in flight: server.close() leaves its connection open (not idle).
    const started = Date.now();
    const closed = once(server, 'close');
    server.close();
    const stop = closeIdleWhileClosing(server);
    expect(await answer).toBe('ok');
    await closed;
    stop();
    // Without the sweep the connection stays until keepAliveTimeout (10 s here) or the client's next request.
    expect(Date.now() - started).toBeLessThan(2000);
    agent.destroy();
  });
});
