import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, freePort, ROOT_EMAIL, ROOT_PASSWORD, spawnServer, stopServer, waitForHealth } from './product';

// Two product processes on one PostgreSQL database and one Redis, with their media in one
// S3-compatible bucket (s3rver on 127.0.0.1, a process of its own), as two machines behind a
// balancer would run: nothing shared on disk. PostgreSQL and Redis are the ones the test command
// is given (E2E_DATABASE_URL / E2E_REDIS_URL, or DATABASE_URL / REDIS_URL).

export const BUCKET = 'papo-e2e';

/** The CORS rules docs/operacao.md gives a real bucket: the browser PUTs with the signed headers and reads. */
const CORS = `<CORSConfiguration><CORSRule>
<AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedHeader>content-type</AllowedHeader><AllowedHeader>content-disposition</AllowedHeader>
<AllowedHeader>cache-control</AllowedHeader><AllowedHeader>if-none-match</AllowedHeader>
<ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export const sharedServices = () => {
  const databaseUrl = process.env.E2E_DATABASE_URL || process.env.DATABASE_URL;
  const redisUrl = process.env.E2E_REDIS_URL || process.env.REDIS_URL;
  return databaseUrl && redisUrl ? { databaseUrl, redisUrl } : null;
};

export interface ServerPair {
  urls: [string, string];
  endpoint: string;
  /** Where s3rver keeps the bucket's objects. */
  bucketDir: string;
  output: () => string;
  close(): Promise<void>;
}

async function startS3rver(dir: string): Promise<{ endpoint: string; child: ChildProcess }> {
  const port = await freePort();
  const cors = join(dir, 'cors.xml');
  writeFileSync(cors, CORS);
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const args = [bin, '-d', join(dir, 'objects'), '-a', '127.0.0.1', '-p', String(port), '--silent', '--no-vhost-buckets'];
  const child = spawn(process.execPath, [...args, '--configure-bucket', BUCKET, cors], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o s3rver saiu com código ${child.exitCode}`);
    if (
      await fetch(`${endpoint}/${BUCKET}`).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return { endpoint, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('o s3rver não respondeu em 20 s');
}

function psql(adminUrl: string, sql: string): void {
  const result = spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql falhou: ${result.stderr}`);
}

export async function startServerPair(services: { databaseUrl: string; redisUrl: string }): Promise<ServerPair> {
  const root = mkdtempSync(join(tmpdir(), 'chat-e2e-balde-'));
  const { endpoint, child: s3 } = await startS3rver(root);
  const name = `chat_e2e_${randomBytes(4).toString('hex')}`;
  psql(services.databaseUrl, `CREATE DATABASE ${name}`);
  const database = new URL(services.databaseUrl);
  database.pathname = `/${name}`;
  const shared = {
    DATABASE_URL: database.toString(),
    REDIS_URL: services.redisUrl,
    REDIS_KEY_PREFIX: name,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ROOT_EMAIL,
    ROOT_PASSWORD,
    DEMO_PASSWORD,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const servers: Array<{ child: ChildProcess; output: () => string }> = [];
  const urls: string[] = [];
  const close = async () => {
    for (const server of servers) await stopServer(server.child);
    s3.kill('SIGTERM');
    psql(services.databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates the database and creates the demo workspace.
    for (const process of ['a', 'b']) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = spawnServer({ ...shared, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: join(root, process) });
      servers.push(server);
      await waitForHealth(url, server.child, server.output);
      urls.push(url);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    urls: urls as [string, string],
    endpoint,
    bucketDir: join(root, 'objects', BUCKET),
    output: () => servers.map((s) => s.output()).join('\n--- outro processo ---\n'),
    close,
  };
}
