import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRESH_DATA_DIR_MARKER, newDataDir } from './data-template';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_PASSWORD = 'demo-senha-e2e';
export const ROOT_EMAIL = 'root@e2e.chat';
export const ROOT_PASSWORD = 'root-senha-e2e';

/**
 * In a file's `productEnv`, stands for the started product's own URL, which is only known once a
 * free port has been chosen: `test.use({ productEnv: { PRODUCTION_ORIGIN: PRODUCT_URL } })`.
 */
export const PRODUCT_URL = '{{PRODUCT_URL}}';

export interface Product {
  url: string;
  dataDir: string;
  output: () => string;
  /** Stops the server and removes its DATA_DIR, unless `keepData`. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /**
   * Stops the server (SIGTERM, as a deploy would) and starts it again on the SAME port and
   * DATA_DIR. `whileDown` runs in between against a second instance of the product on another port
   * and the same DATA_DIR (as another server process of a scaled-out deployment would serve the
   * API while this one restarts); the pages never reach that instance. With `{ alone: true }`
   * no second instance starts: `whileDown` runs while nothing serves the DATA_DIR (its argument
   * is then ''), and the outage lasts only as long as it does.
   */
  restart: (whileDown?: (otherUrl: string) => Promise<void>, options?: { alone?: boolean }) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    // The test command may run with DATABASE_URL set for the server suite; the product under
    // e2e always runs on its own embedded database.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor não respondeu em 60 s:\n${output()}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Starts the built product on a free port with a fresh DATA_DIR (a copy of the template, see data-template). */
export async function startProduct(extraEnv: Record<string, string> = {}): Promise<Product> {
  const port = await freePort();
  const dataDir = newDataDir(extraEnv);
  const url = `http://127.0.0.1:${port}`;
  const envOn = (onPort: number, onUrl: string) => ({
    PORT: String(onPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: onUrl,
    ROOT_EMAIL,
    ROOT_PASSWORD,
    DEMO_PASSWORD,
    ...Object.fromEntries(
      Object.entries(extraEnv)
        .filter(([name]) => name !== FRESH_DATA_DIR_MARKER)
        .map(([name, value]) => [name, value.replaceAll(PRODUCT_URL, onUrl)]),
    ),
  });
  const outputs: Array<() => string> = [];
  const launch = async (onPort: number, onUrl: string) => {
    const server = spawnServer(envOn(onPort, onUrl));
    outputs.push(server.output);
    await waitForHealth(onUrl, server.child, server.output);
    return server.child;
  };
  let child = await launch(port, url);
  return {
    url,
    dataDir,
    output: () => outputs.map((read) => read()).join('\n--- reinício ---\n'),
    restart: async (whileDown, options) => {
      await stopServer(child);
      if (whileDown && options?.alone) await whileDown('');
      else if (whileDown) {
        const otherPort = await freePort();
        const other = await launch(otherPort, `http://127.0.0.1:${otherPort}`);
        try {
          await whileDown(`http://127.0.0.1:${otherPort}`);
        } finally {
          await stopServer(other);
        }
      }
      child = await launch(port, url);
    },
    stop: async (options) => {
      await stopServer(child);
      if (!options?.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
