import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

// A Web Push service on 127.0.0.1 that behaves as the real ones do (RFC 8030, 8291, 8292): it takes
// a POST only with a valid VAPID Authorization (ES256 JWT signed by the server's key, audience this
// origin, expiring within 24 hours), decrypts the aes128gcm body with the key pair the test made for
// the "browser", and answers 201, or what the test asks for (404, 410, 429, 5xx).

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted body, parsed. */
  payload: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceOptions {
  /** The server's VAPID public key (base64url): a JWT signed by any other key is refused with 403. */
  vapidPublicKey: () => string;
}

export interface TestPushService {
  /** `127.0.0.1:<port>`, for PUSH_ENDPOINT_HOSTS. */
  host: string;
  /** Trusts this service's self-signed certificate. */
  agent: Agent;
  /** That certificate (PEM), for another process to trust it (the load benchmark's server). */
  certificate: string;
  /** A new browser subscription: its endpoint here and its public keys (the private one stays here). */
  subscribe(): TestSubscription;
  /** The pushes accepted so far (answered 201), in order of arrival. */
  received: ReceivedPush[];
  /** TLS connections opened to this service so far (a client that keeps its connections open opens few). */
  readonly connections: number;
  /** Every request, accepted or not: its subscription and the status it got. */
  attempts: Array<{ subscriptionId: string; status: number }>;
  /** The next requests to this subscription get these statuses, in order (then 201 again). */
  answer(subscriptionId: string, ...statuses: number[]): void;
  /** Resolves once `count` pushes have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A throwaway certificate for 127.0.0.1, made with the openssl the machine has. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile].concat([
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushService(options: PushServiceOptions): Promise<TestPushService> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const attempts: TestPushService['attempts'] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  async function check(authorization: string | undefined, body: Buffer, id: string): Promise<{ status: number; payload?: unknown }> {
    const browser = browsers.get(id);
    if (!browser) return { status: 404 };
    // RFC 8292: `vapid t=<jwt>, k=<public key>`.
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match) return { status: 401 };
    const [, jwt, k] = match as unknown as [string, string, string];
    if (k !== options.vapidPublicKey()) return { status: 403 };
    const point = Buffer.from(k, 'base64url');
    const publicKey = await importJWK(
      { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
      'ES256',
    );
    try {
      const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['ES256'], audience: origin, requiredClaims: ['exp', 'sub'] });
      if (payload.exp! > Date.now() / 1000 + 24 * 60 * 60) return { status: 403 };
    } catch {
      return { status: 403 };
    }
    const plain = decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
    return { status: 201, payload: JSON.parse(plain.toString('utf8')) };
  }

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      void (async () => {
        let status = request.method === 'POST' && request.headers['content-encoding'] === 'aes128gcm' ? 0 : 400;
        let payload: unknown;
        if (status === 0) ({ status, payload } = await check(request.headers.authorization, Buffer.concat(chunks), id));
        const forced = status === 201 ? scripted.get(id)?.shift() : undefined;
        if (forced !== undefined) status = forced;
        attempts.push({ subscriptionId: id, status });
        if (status === 201) {
          received.push({ subscriptionId: id, payload, headers: { ...request.headers } });
          for (const wake of waiters) wake();
        }
        response.writeHead(status, status === 429 ? { 'retry-after': '0' } : {});
        response.end();
      })().catch(() => {
        attempts.push({ subscriptionId: id, status: 400 });
        response.writeHead(400);
        response.end();
      });
    });
  });
  let connections = 0;
  server.on('secureConnection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  const agent = new Agent({ ca: cert });

  return {
    host: `127.0.0.1:${port}`,
    agent,
    certificate: cert.toString('utf8'),
    received,
    attempts,
    get connections() {
      return connections;
    },
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    answer(subscriptionId, ...statuses) {
      scripted.set(subscriptionId, [...(scripted.get(subscriptionId) ?? []), ...statuses]);
    },
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`esperava ${count} notificações, chegaram ${received.length}`));
        }, timeoutMs);
        function wake() {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(received.slice());
        }
        waiters.add(wake);
      });
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
