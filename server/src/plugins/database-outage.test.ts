import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseEnv } from '../config/env';
import { signIn } from '../test/auth-helpers';
import { TEST_DEMO_PASSWORD, TEST_ROOT_PASSWORD } from '../test/harness';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-services';

// A PostgreSQL of this test's own is stopped as by a crash (pg_ctl -m immediate) while messages are
// being sent. Sends answer 200 or 503 with Retry-After, never 500; and nothing secret reaches
// any line the server logged, at the most talkative level, whatever failed.

const PRIVATE_TEXT = 'texto-privado-da-mensagem';

let postgres: PrivatePostgres;
let app: FastifyInstance;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-outage-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    LOG_LEVEL: 'trace',
  });
  app = await buildApp({ env, logStream: { write: (line: string) => void lines.push(line) } });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await postgres?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function passwordHashOf(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    return rows[0]!.password_hash;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL down mid-send', () => {
  it('answers 503 with Retry-After and logs no secret', async () => {
    const ana = await signIn(app, 'ana');
    const bruno = await signIn(app, 'bruno');
    const hash = await passwordHashOf('ana@demo.chat');
    const auth = { authorization: `Bearer ${ana.accessToken}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/conversation/create',
      headers: auth,
      payload: { userTwoId: bruno.user.id },
    });
    expect(created.statusCode).toBe(200);
    const conversationId = (created.json() as { id: string }).id;

    let n = 0;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/message/send',
        headers: auth,
        payload: { conversationId, isGroup: false, content: { type: 'text', body: `${PRIVATE_TEXT}-${++n}` }, clientId: `cli-outage-${n}` },
      });
    expect((await send()).statusCode).toBe(200);

    // Sends keep arriving while the database goes away, as from a chat in use.
    const inFlight: ReturnType<typeof send>[] = [];
    const sending = setInterval(() => inFlight.push(send()), 5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await postgres.stop('immediate');
    await new Promise((resolve) => setTimeout(resolve, 200));
    clearInterval(sending);
    const during = await Promise.all(inFlight);
    const after = await send();

    expect(during.map((res) => res.statusCode).filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(after.statusCode).toBe(503);
    expect(after.headers['retry-after']).toMatch(/^\d+$/);
    expect(after.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    });
    // A sign-in (its password in the body) and a refresh (its token) fail the same way.
    const signin = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { identifier: 'ana', password: TEST_DEMO_PASSWORD },
    });
    expect(signin.statusCode).toBe(503);
    const refresh = await app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: bruno.refreshToken } });
    expect(refresh.statusCode).toBe(503);

    const logged = lines.join('');
    // The outage was logged, as an outage, with the driver's code or class and not its data.
    expect(lines.filter((line) => line.includes('serviço indisponível: conexão')).length).toBeGreaterThan(0);
    const secrets = {
      hash,
      anaAccess: ana.accessToken,
      anaRefresh: ana.refreshToken,
      brunoAccess: bruno.accessToken,
      brunoRefresh: bruno.refreshToken,
      password: TEST_DEMO_PASSWORD,
      text: PRIVATE_TEXT,
    };
    const found = Object.entries(secrets).filter(([, secret]) => logged.includes(secret));
    expect(found.map(([name]) => name)).toEqual([]);
  });
});
