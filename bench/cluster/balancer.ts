import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { onCleanup } from '../drill/cleanup';

// HAProxy in the balancer's namespace, started on the configuration the operator's guide gives
// (docs/haproxy.cfg, its addresses from the environment as the guide says), and read and steered
// through its stats socket: each server's state and the sessions it took.

export const HAPROXY_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'haproxy.cfg');
const BACKEND = 'papo';

export interface ServerStat {
  /** app1, app2 (the `server` lines of the configuration). */
  name: string;
  /** UP, DOWN, MAINT, "UP 1/2" (going down), "DOWN 1/2" (coming up)... */
  status: string;
  /** Connections it holds now (websockets included). */
  current: number;
  /** Sessions (connections) it has taken since the start. */
  sessions: number;
}

export interface Balancer {
  /** The front URL clients use. */
  url: string;
  stats(): Promise<ServerStat[]>;
  waitStatus(server: string, status: 'UP' | 'DOWN' | 'MAINT' | 'DRAIN', timeoutMs?: number): Promise<number>;
  /** drain: no new connection, those it holds stay (a websocket stays where it is); maint: none at all. */
  setState(server: string, state: 'maint' | 'drain' | 'ready'): Promise<void>;
}

function command(socketPath: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
    socket.write(`${line}\n`);
  });
}

export async function startBalancer(options: {
  netns: string;
  bind: string;
  servers: [string, string];
  socketPath: string;
  publicUrl: string;
}): Promise<Balancer> {
  const env = {
    PATH: process.env.PATH ?? '',
    PAPO_BIND: options.bind,
    PAPO_APP1: options.servers[0],
    PAPO_APP2: options.servers[1],
    PAPO_STATS_SOCKET: options.socketPath,
    // Within this machine's descriptor limit (the guide's 20,000 needs 40,000); the drill uses a few hundred.
    PAPO_MAXCONN: '4000',
  };
  let output = '';
  const child: ChildProcess = spawn('ip', ['netns', 'exec', options.netns, 'haproxy', '-W', '-db', '-f', HAPROXY_CONFIG], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(3000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const stats = async (): Promise<ServerStat[]> => {
    const csv = await command(options.socketPath, 'show stat');
    const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    return lines
      .map((line) => line.split(','))
      .filter((cells) => cells[at('pxname')] === BACKEND && !['BACKEND', 'FRONTEND'].includes(cells[at('svname')]!))
      .map((cells) => ({
        name: cells[at('svname')]!,
        status: cells[at('status')]!,
        current: Number(cells[at('scur')]),
        sessions: Number(cells[at('stot')]),
      }));
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy saiu com código ${child.exitCode}:\n${output}`);
    if (await stats().catch(() => null)) break;
    if (Date.now() > deadline) throw new Error(`haproxy não abriu o socket de estatísticas em 10 s:\n${output}`);
    await sleep(100);
  }
  return {
    url: options.publicUrl,
    stats,
    /** Resolves with the time it took once HAProxy reports `server` in `status`. */
    async waitStatus(server, status, timeoutMs = 30_000) {
      const started = performance.now();
      for (;;) {
        const found = (await stats()).find((s) => s.name === server);
        if (found?.status === status) return performance.now() - started;
        if (performance.now() - started > timeoutMs)
          throw new Error(`haproxy: ${server} não ficou ${status} em ${timeoutMs / 1000} s (${found?.status ?? '?'})`);
        await sleep(100);
      }
    },
    async setState(server, state) {
      await command(options.socketPath, `set server ${BACKEND}/${server} state ${state}`);
    },
  };
}
