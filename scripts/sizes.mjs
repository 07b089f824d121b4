#!/usr/bin/env node
// `npm run sizes`: builds the apps, serves the product, opens the sign-in page in Chromium and
// prints the gzip size of every JS file the page really downloaded (the shell's initial JS),
// then each remote's entry and its own chunks. Fails when the shell exceeds its budget.
// `--json` prints the figures as JSON (the e2e suite asserts the budget with it).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findChromium, mustRun, ROOT } from './lib.mjs';

const SHELL_BUDGET_KB = 200;
const asJson = process.argv.includes('--json');
const log = asJson ? () => {} : console.log;
const gzipKb = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

if (!process.argv.includes('--no-build')) {
  await mustRun('Compilando', 'npx', ['-y', 'pnpm@10', '-r', '--workspace-concurrency=2', 'build'], asJson ? { stdio: 'ignore' } : {});
}

/** Maps a URL path the server serves back to the built file on disk. */
function fileFor(pathname) {
  const remote = pathname.match(/^\/remotes\/([a-z]+)\/(.*)$/);
  if (remote) return join(ROOT, `remote-${remote[1]}`, 'dist', remote[2]);
  return join(ROOT, 'shell', 'dist', pathname);
}

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function measureSignInPage() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-sizes-'));
  const server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', ROOT_PASSWORD: 'medindo-tamanhos' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 240; i += 1) {
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const require = createRequire(join(ROOT, 'e2e', 'package.json'));
    const { chromium } = require('@playwright/test');
    const browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByText('Entrar na sua conta').waitFor();
    await browser.close();
    return [...scripts].map((path) => ({ path, gzipKb: gzipKb(fileFor(path)) }));
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function remoteFigures(name) {
  const dist = join(ROOT, `remote-${name}`, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  const entry = manifest.metaData.remoteEntry;
  const own = new Set();
  for (const expose of manifest.exposes) for (const file of [...expose.assets.js.sync, ...expose.assets.js.async]) own.add(file);
  return {
    remote: name,
    entryGzipKb: gzipKb(join(dist, entry.path ?? '', entry.name)),
    ownChunksGzipKb: [...own].reduce((sum, file) => sum + (existsSync(join(dist, file)) ? gzipKb(join(dist, file)) : 0), 0),
    ownChunks: own.size,
  };
}

const signIn = await measureSignInPage();
const shellTotal = signIn.reduce((sum, file) => sum + file.gzipKb, 0);
const remotes = ['chat', 'team', 'settings', 'root'].map(remoteFigures);
const result = { budgetKb: SHELL_BUDGET_KB, shellInitialJsGzipKb: shellTotal, signInScripts: signIn, remotes };

if (asJson) {
  console.log(JSON.stringify(result));
} else {
  log('\nJS baixado pela página de login (gzip):');
  for (const file of signIn.sort((a, b) => b.gzipKb - a.gzipKb)) log(`  ${file.gzipKb.toFixed(1).padStart(7)} kB  ${file.path}`);
  log(`  ${shellTotal.toFixed(1).padStart(7)} kB  total (orçamento ${SHELL_BUDGET_KB} kB)`);
  log('\nRemotes (gzip):');
  for (const r of remotes) {
    log(`  ${r.remote.padEnd(9)} remoteEntry ${r.entryGzipKb.toFixed(1).padStart(6)} kB · ${r.ownChunks} chunks próprios do ./App ${r.ownChunksGzipKb.toFixed(1).padStart(6)} kB`);
  }
}
if (shellTotal > SHELL_BUDGET_KB) {
  console.error(`\nO JS inicial do shell (${shellTotal.toFixed(1)} kB) passa do orçamento de ${SHELL_BUDGET_KB} kB.`);
  process.exit(1);
}
