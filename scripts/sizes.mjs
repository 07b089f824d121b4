#!/usr/bin/env node
// `npm run sizes`: builds the apps, serves the product, opens the sign-in page in Chromium and
// prints the gzip size of every JS file the page really downloaded (the shell's initial JS),
// then what each remote's page downloads from that remote. Fails when the shell or a remote
// exceeds its budget.
// `--json` prints the figures as JSON (the e2e suite asserts the budget with it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  CHROMIUM_FLAGS,
  findChromium,
  mustRun,
  pnpmArgs,
  ROOT,
  SESSION_KEYS,
  signInThroughApi,
  startBuiltServer,
  storeSessionInPage,
  waitForAppScreen,
} from './lib.mjs';

const SHELL_BUDGET_KB = 170;
/**
 * What each remote adds on its own route (its entry and its own chunks, gzip): the current build
 * plus a few kB of margin. Raise one only with a reason (how each budget got where it is:
 * docs/desempenho.md, Orçamentos de JavaScript). The chat's route is the list only: the open
 * chat's view loads apart (on a chat route, or when a pointer or the focus comes to the list; no
 * idle prefetch, which this script would count), and ./App's first screen is one file. Each route
 * is measured on a first visit where nothing points or focuses (see measurePages), so a prefetch
 * started by where the mouse was left does not count. Settings' 'Conta' page and its forms load
 * when it opens (or is pointed at), not with the menu. TanStack Query is a shared singleton, not
 * tree-shaken: the first remote a page opens downloads it, and each route here is a first visit,
 * so each remote that holds server data in it counts it.
 */
const REMOTE_BUDGETS_KB = { chat: 62, team: 113, settings: 22, root: 82 };
const asJson = process.argv.includes('--json');
const log = asJson ? () => {} : console.log;
const gzipKb = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

if (!process.argv.includes('--no-build')) {
  await mustRun('Compilando', 'npx', pnpmArgs('-r', '--workspace-concurrency=2', 'build'), asJson ? { stdio: 'ignore' } : {});
}

/** Maps a URL path the server serves back to the built file on disk. */
function fileFor(pathname) {
  const remote = pathname.match(/^\/remotes\/([a-z]+)\/(.*)$/);
  if (remote) return join(ROOT, `remote-${remote[1]}`, 'dist', remote[2]);
  return join(ROOT, 'shell', 'dist', pathname);
}

const DEMO_PASSWORD = 'medindo-tamanhos';

/**
 * Opens the product in Chromium and records the JS files each page really downloads: the sign-in
 * page (the shell's first download), then each remote's page as ADMIN or ROOT. Each page loads
 * in a context of its own with the session already stored (signed in through the API), and
 * nothing moves the pointer or the focus before the network is idle: a pointer or focus on the
 * chat list prefetches the open chat's view (remote-chat's conversations-screen), and counting
 * that would make the chat's figure depend on where the mouse was left.
 */
async function measurePages() {
  const { url, stop } = await startBuiltServer({ DEMO_PASSWORD, ROOT_PASSWORD: DEMO_PASSWORD });
  try {
    const require = createRequire(join(ROOT, 'e2e', 'package.json'));
    const { chromium } = require('@playwright/test');
    const browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: CHROMIUM_FLAGS,
    });
    /** The scripts one first visit of `path` downloads, as `identifier` (or signed out). */
    const visit = async (path, identifier) => {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      if (identifier) {
        const session = await signInThroughApi(url, identifier, DEMO_PASSWORD);
        await page.goto(`${url}/api/health`);
        await page.evaluate(storeSessionInPage, { keys: SESSION_KEYS, session });
      }
      const scripts = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
      });
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
      await waitForAppScreen(page);
      if (!new URL(page.url()).pathname.startsWith(path)) throw new Error(`${path} terminou em ${page.url()}`);
      await context.close();
      return scripts;
    };
    const signInScripts = await visit('/');
    const routes = [
      ['/auth/conversations', 'ana'],
      ['/auth/team', 'ana'],
      ['/auth/settings', 'ana'],
      ['/root/workspaces', 'root@chat.local'],
    ];
    const routeScripts = [];
    for (const [path, identifier] of routes) routeScripts.push(...(await visit(path, identifier)));
    await browser.close();
    const sized = (paths) => [...new Set(paths)].map((path) => ({ path, gzipKb: gzipKb(fileFor(path)) }));
    return { signIn: sized(signInScripts), all: sized(routeScripts) };
  } finally {
    await stop();
  }
}

/** What the browser fetched from one remote: its entry and the chunks of its own ./App. */
function remoteFigures(name, downloaded) {
  const files = downloaded.filter((file) => file.path.startsWith(`/remotes/${name}/`));
  const sum = (list) => list.reduce((total, file) => total + file.gzipKb, 0);
  // The entry is named after the container (remote_<name>.<hash>.js), see packages/build-config.
  const isEntry = (file) => file.path.includes(`/remote_${name}.`);
  const own = files.filter((file) => !isEntry(file));
  const entryGzipKb = sum(files.filter(isEntry));
  const ownChunksGzipKb = sum(own);
  return {
    remote: name,
    entryGzipKb,
    ownChunksGzipKb,
    totalGzipKb: entryGzipKb + ownChunksGzipKb,
    budgetKb: REMOTE_BUDGETS_KB[name],
    ownChunks: own.length,
  };
}

const { signIn, all } = await measurePages();
const shellTotal = signIn.reduce((sum, file) => sum + file.gzipKb, 0);
const remotes = ['chat', 'team', 'settings', 'root'].map((name) => remoteFigures(name, all));
const result = { budgetKb: SHELL_BUDGET_KB, shellInitialJsGzipKb: shellTotal, signInScripts: signIn, remotes };

if (asJson) {
  console.log(JSON.stringify(result));
} else {
  log('\nJS baixado pela página de login (gzip):');
  for (const file of signIn.sort((a, b) => b.gzipKb - a.gzipKb)) log(`  ${file.gzipKb.toFixed(1).padStart(7)} kB  ${file.path}`);
  log(`  ${shellTotal.toFixed(1).padStart(7)} kB  total (orçamento ${SHELL_BUDGET_KB} kB)`);
  log('\nRemotes: o que a página de cada um baixou dele (gzip):');
  for (const r of remotes) {
    log(
      `  ${r.remote.padEnd(9)} remoteEntry ${r.entryGzipKb.toFixed(1).padStart(6)} kB · ${r.ownChunks} chunks do próprio remote ${r.ownChunksGzipKb.toFixed(1).padStart(6)} kB · total ${r.totalGzipKb.toFixed(1).padStart(6)} kB (orçamento ${r.budgetKb} kB)`,
    );
  }
}
const overBudget = remotes.filter((r) => r.totalGzipKb > r.budgetKb);
for (const r of overBudget)
  console.error(`\nO remote ${r.remote} (${r.totalGzipKb.toFixed(1)} kB) passa do orçamento de ${r.budgetKb} kB.`);
if (shellTotal > SHELL_BUDGET_KB)
  console.error(`\nO JS inicial do shell (${shellTotal.toFixed(1)} kB) passa do orçamento de ${SHELL_BUDGET_KB} kB.`);
if (shellTotal > SHELL_BUDGET_KB || overBudget.length > 0) process.exit(1);
