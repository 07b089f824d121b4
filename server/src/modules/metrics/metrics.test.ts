import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll } from '../../test/socket-helpers';

let t: TestApp;
let ana: TestUser, bruno: TestUser;
const listeners: Listener[] = [];
const METRICS_TOKEN = 'token-de-metricas-com-folga';

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { METRICS_TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno] = await createTeam(t.app, ['Ana Métrica', 'Bruno Métrica']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`) of the exposition text. */
function sample(text: string, line: string): number | null {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : null;
}

describe('GET /api/metrics', () => {
  it('refuses a scrape without the METRICS_TOKEN bearer', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer outro-token-qualquer-aqui')).statusCode).toBe(401);
  });

  it('answers Prometheus text with the send histogram, the connected sockets and event-loop delay', async () => {
    const before = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(before.body, 'chat_connected_sockets')).toBe(0);
    expect(before.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);

    await listenAll(t.app, [ana, bruno, bruno], listeners);
    const conversation = expectStatus<{ id: string }>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    for (let i = 0; i < 3; i++) expectStatus(await as(t.app, ana).post('/message/send', textMessage(conversation.id, `medida ${i}`)), 200);
    expect((await as(t.app, bruno).post('/message/send', textMessage(conversation.id, ''))).statusCode).toBe(400);

    const after = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(sample(after, 'chat_connected_sockets')).toBe(3);
    expect(sample(after, 'chat_message_send_duration_seconds_count{status="200"}')).toBe(3);
    expect(sample(after, 'chat_message_send_duration_seconds_count{status="400"}')).toBe(1);
    expect(sample(after, 'chat_message_send_duration_seconds_bucket{le="+Inf",status="200"}')).toBe(3);
  });
});
