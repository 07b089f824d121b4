import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { SERVER_DIR } from '../server-dir';
import { onCleanup } from './cleanup';

// One server process of the built product (server/dist/main.js, as `npm start` runs it), started
// on a given port and environment, killed with SIGKILL and started again on the same ones.

const MAIN_JS = path.join(SERVER_DIR, 'dist', 'main.js');

/** The last lines a process wrote, shown when it fails to start. */
const KEPT_OUTPUT = 4000;

export class ProductProcess {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    onCleanup(() => this.kill());
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process; resolves when /api/health answers 200 (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [MAIN_JS], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(this.port), ...this.env },
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

  /** SIGKILL: nothing of the server's shutdown runs. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}
