import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './request-log';

function loggedApp(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController(level, 100) });
  app.get('/rapida', async () => ({ ok: true }));
  app.get('/lenta/:id', async () => {
    await sleep(150);
    return { ok: true };
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes no line for an ordinary request at info', async () => {
    const { app, lines } = loggedApp();
    expect((await app.inject('/rapida')).statusCode).toBe(200);
    await app.close();
    expect(lines).toEqual([]);
  });

  it('warns about a slow request with its route pattern, not its URL', async () => {
    const { app, lines } = loggedApp();
    expect((await app.inject('/lenta/42?signature=segredo')).statusCode).toBe(200);
    await app.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'requisição lenta', method: 'GET', route: '/lenta/:id', statusCode: 200 });
    expect(JSON.stringify(lines[0])).not.toContain('segredo');
  });

  it('keeps Fastify per-request lines at debug', async () => {
    const { app, lines } = loggedApp('debug');
    expect((await app.inject('/rapida')).statusCode).toBe(200);
    await app.close();
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
