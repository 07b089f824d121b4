import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { onCleanup } from '../drill/cleanup';
import { next } from '../load/children';
import type { Host } from './topology';

// The cluster drill's S3-compatible store: s3rver (s3-host.ts) in the store's namespace, one
// bucket with the CORS rules of docs/operacao.md, and the S3_* variables every application host
// gets for it. s3rver checks no signature and no policy: the bucket policy of the guide is not
// what this shows, the path of an image between hosts is.

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = 9000;
export const BUCKET = 'papo-cluster';
/** s3rver's one account. */
const KEY = 'S3RVER';

/** docs/operacao.md, "Preparar o bucket", step 4, in S3's XML; any origin, since the drill's clients have none. */
const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin>
  <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>content-type</AllowedHeader><AllowedHeader>content-disposition</AllowedHeader>
  <AllowedHeader>cache-control</AllowedHeader><AllowedHeader>if-none-match</AllowedHeader>
  <ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export interface Store {
  endpoint: string;
  /** Where s3rver keeps the objects, on this machine's disk. */
  directory: string;
  /** The application hosts' S3_* variables. */
  env: Record<string, string>;
}

export async function startStore(host: Host, root: string): Promise<Store> {
  const directory = path.join(root, 's3');
  mkdirSync(directory, { recursive: true });
  const config = { address: host.address, port: PORT, directory, bucket: BUCKET, cors: CORS };
  // Through tsx's loader, as this process runs (process.execArgv); `ip netns exec` execs node in place.
  const child: ChildProcess = fork(path.join(here, 's3-host.ts'), [], {
    execPath: 'ip',
    execArgv: ['netns', 'exec', host.netns, process.execPath, ...process.execArgv],
    env: { ...process.env, S3_HOST: JSON.stringify(config) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: true,
  });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(3000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  await Promise.race([
    next<{ type: string }, 'ready'>(child, 'ready'),
    sleep(30_000).then(() => Promise.reject(new Error(`o s3rver não respondeu em 30 s:\n${output}`))),
  ]).catch((error: Error) => {
    throw new Error(`o s3rver não partiu: ${error.message}\n${output}`);
  });
  const endpoint = `http://${host.address}:${PORT}`;
  return {
    endpoint,
    directory,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}
