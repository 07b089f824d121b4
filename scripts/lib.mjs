// Small helpers shared by the root scripts (start, test, dev, sizes, transfer).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const APPS = ['shell', 'remote-chat', 'remote-team', 'remote-settings', 'remote-root'];

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolvePromise(1);
    });
  });
}

/**
 * The exact pnpm of package.json's `packageManager`, run through npx: a fresh machine has only
 * Node and npm (corepack's download fails its signature check on ours), and every script and
 * document then uses the one version the lockfile was written with.
 */
export const PNPM = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager;
/** npx's arguments for running PNPM with `args`. */
export const pnpmArgs = (...args) => ['-y', PNPM, ...args];
export const pnpm = (args, options) => run('npx', pnpmArgs(...args), options);

export async function mustRun(label, command, args, options) {
  console.log(`\n▶ ${label}`);
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`✖ ${label} falhou (código ${code})`);
    process.exit(code);
  }
}

/** Newest modification time below a folder, skipping build output and dependencies. */
export function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'dist-prerender', '.turbo', 'data'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** What each app's build leaves behind: its presence (and age) tells whether to rebuild. */
export const BUILD_MARKERS = {
  // The shell's build ends with its static sign-in page (packages/build-config/prerender.mjs).
  shell: 'shell/dist-prerender/sign-in.json',
  'remote-chat': 'remote-chat/dist/mf-manifest.json',
  'remote-team': 'remote-team/dist/mf-manifest.json',
  'remote-settings': 'remote-settings/dist/mf-manifest.json',
  'remote-root': 'remote-root/dist/mf-manifest.json',
  server: 'server/dist/main.js',
};

/** Apps whose build is missing or older than their sources or the shared packages. */
export function staleBuilds() {
  const packagesMtime = newestMtime(join(ROOT, 'packages'));
  return Object.entries(BUILD_MARKERS)
    .filter(([app, marker]) => {
      const markerPath = join(ROOT, marker);
      if (!existsSync(markerPath)) return true;
      const built = statSync(markerPath).mtimeMs;
      return Math.max(newestMtime(join(ROOT, app)), packagesMtime) > built;
    })
    .map(([app]) => app);
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

/** Flags for the system Chromium on these machines (no outside network, no sandbox, no GPU). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function freePort() {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Serves the built product (server/dist) on a free port with a fresh DATA_DIR, as `npm start`
 * would on a new machine; resolves once /api/health answers. `stop()` ends it and removes the
 * data directory.
 */
export async function startBuiltServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-product-'));
  const server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the caller's error messages: the last lines the server printed.
  let log = '';
  const keep = (chunk) => (log = (log + chunk.toString()).slice(-20_000));
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const output = () => log;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i += 1) {
    if (server.exitCode !== null) break;
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop, output, exited: () => server.exitCode !== null || server.signalCode !== null };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`o produto não respondeu em /api/health:\n${log}`);
}

/** The three keys the shell keeps a session under (SESSION_KEYS in packages/contracts). */
export const SESSION_KEYS = { user: '@team-chat:user', token: '@team-chat:token', refreshToken: '@team-chat:refreshToken' };

/** Signs in through the API (no page involved) and returns what the shell would store. */
export async function signInThroughApi(url, identifier, password) {
  const response = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`entrar como ${identifier} respondeu ${response.status}`);
  return response.json();
}

/**
 * Run inside a page of the product's origin (Playwright's or Puppeteer's evaluate, one argument):
 * stores a session as the shell would after signing in.
 */
export function storeSessionInPage({ keys, session }) {
  localStorage.setItem(keys.user, JSON.stringify(session.user));
  localStorage.setItem(keys.token, session.accessToken);
  localStorage.setItem(keys.refreshToken, session.refreshToken);
}

/**
 * For a Playwright page of the product: waits until the app has drawn its own screen (the static
 * sign-in page has given way, a page heading is there, no spinner is left: a remote's slot shows
 * one until its ./App has rendered). A pause in the network is not that moment: on a busy machine
 * the main script's own run, between its download and the chunks it asks for, outlasted
 * networkidle's 500 ms, and a measurement counted only that script. Nor can networkidle be awaited
 * again afterwards: it is an event of the page's life, reached once, and a second wait returns at
 * once; a caller that needs the network quiet after this counts its requests itself (transfer.mjs).
 * With `settled`, it also waits for the page to have settled, which the shell marks by linking its
 * web app manifest (shell/src/features/pwa/link-manifest.ts): the downloads started then (the live
 * connection's client, the lazy chunks) have begun by the time this returns.
 */
export async function waitForAppScreen(page, { settled = false } = {}) {
  await page.waitForFunction(
    (afterSettle) => {
      const doc = globalThis.document;
      const screen =
        !doc.querySelector('[data-prerendered]') &&
        doc.querySelector('#root h1') !== null &&
        doc.querySelector('#root [role="status"]') === null;
      return screen && (!afterSettle || doc.querySelector('link[rel="manifest"]') !== null);
    },
    settled,
    { timeout: 60_000 },
  );
}
