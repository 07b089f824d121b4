import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { SERVER_DIR } from '../server-dir';
import { onCleanup } from './cleanup';
import { inNetns } from './private-postgres';

// One server process of the built product (server/dist/main.js, as `npm start` runs it), started
// on a given port and environment, killed with SIGKILL and started again on the same ones.

const MAIN_JS = path.join(SERVER_DIR, 'dist', 'main.js');

/** The last lines a process wrote, shown when it fails to start. */
const KEPT_OUTPUT = 4000;

export class ProductProcess {
  private child: ChildProcess | null = null;
  private output = '';

  /** `netns`: the network namespace the process runs in (its host), listening on `host` there. */
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly place: { netns?: string; host: string } = { host: '127.0.0.1' },
  ) {
    onCleanup(() => this.kill());
  }

  get url(): string {
    return `http://${this.place.host}:${this.port}`;
  }

  /** Its DATA_DIR (where the local disk's uploads would go). */
  get dataDir(): string {
    return this.env.DATA_DIR ?? '';
  }

  /** The running process's id (null when it is not running). */
  get pid(): number | null {
    const child = this.child;
    return child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null;
  }

  /** Starts the process; resolves when /api/health answers 200 (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    this.output = '';
    const [file, argv] = inNetns(this.place.netns, [process.execPath, [MAIN_JS]]);
    const child = spawn(file, argv, {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: this.place.host, PORT: String(this.port), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-KEPT_OUTPUT));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (!(await this.healthy())) {
      if (child.exitCode !== null) throw new Error(`${this.name} saiu com código ${child.exitCode}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`${this.name} não respondeu em ${timeoutMs / 1000} s:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** GET /api/health straight to the process (not through a proxy) answered 200. */
  async healthy(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  }

  /** SIGTERM, as a deploy stops it: resolves with the exit code once the process has exited. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = once(child, 'exit') as Promise<[number | null]>;
    child.kill('SIGTERM');
    const [code] = await exited;
    return code;
  }

  /** The last lines the process wrote. */
  lastOutput(): string {
    return this.output;
  }

  /** SIGKILL: nothing of the server's shutdown runs. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}
