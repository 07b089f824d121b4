#!/usr/bin/env node
// `npm run transfer`: the bytes a first visit really downloads (on the wire, headers included,
// empty cache) on the sign-in page and on a member's /auth/conversations, in Chromium against
// the built product, once per set of encodings the browser accepts: none (every file sent as
// is, as a server without precompressed copies would), gzip only, and br + gzip (a current
// browser). Service workers are blocked so the precache download does not count as the page's.
// `--json` prints the figures as JSON. Build first (`npm run build`).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium, ROOT, startBuiltServer, waitForAppScreen } from './lib.mjs';

const PASSWORD = 'medindo-transferencia';
const SCENARIOS = [
  { label: 'sem compressão', acceptEncoding: 'identity' },
  { label: 'gzip', acceptEncoding: 'gzip' },
  { label: 'br + gzip', acceptEncoding: 'br, gzip' },
];

/**
 * Records every finished request of a page through the DevTools protocol. `quiet(ms)` waits until
 * no request has been in flight for `ms`. Playwright's networkidle, reached once in a page's life,
 * came before the downloads the page starts once it has settled (the live connection's client,
 * the lazy chunks) in some visits and after them in others: one visit counted 17 requests and the
 * next 25, and in CI the br visit outweighed the gzip one.
 */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  const inFlight = new Set();
  let lastActivity = Date.now();
  const settle = (requestId) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (request.url.startsWith('data:')) return;
    inFlight.add(requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    requests.set(requestId, { type, url: response.url, encoding: encoding ?? 'identity', bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) request.bytes = encodedDataLength;
    settle(requestId);
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => settle(requestId));
  const quiet = async (ms) => {
    while (inFlight.size > 0 || Date.now() - lastActivity < ms) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const figures = () => {
    const all = [...requests.values()];
    const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
    const scripts = all.filter((r) => r.type === 'Script');
    return {
      requests: all.length,
      totalKb: sum(all) / 1024,
      scriptKb: sum(scripts) / 1024,
      compressed: all.filter((r) => r.encoding !== 'identity').length,
    };
  };
  return { figures, quiet };
}

/** Until the page has drawn its screen and settled, and its network has been quiet for a second. */
async function loaded(page, recorded) {
  await waitForAppScreen(page, { settled: true });
  await recorded.quiet(1000);
  return recorded.figures();
}

async function measure(browser, url, scenario, signedIn) {
  const headers = { extraHTTPHeaders: { 'accept-encoding': scenario.acceptEncoding } };
  const signInContext = await browser.newContext({ serviceWorkers: 'block', ...headers });
  const page = await signInContext.newPage();
  const signInRecorded = await recorder(page);
  await page.goto(url);
  await page.getByText('Entrar na sua conta').waitFor();
  const signIn = await loaded(page, signInRecorded);

  // A member who comes back: the session is stored, the HTTP cache is empty.
  const conversationsContext = await browser.newContext({ serviceWorkers: 'block', storageState: signedIn, ...headers });
  const chat = await conversationsContext.newPage();
  const chatRecorded = await recorder(chat);
  await chat.goto(`${url}/auth/conversations`);
  await chat.waitForURL(/\/auth\/conversations/);
  const conversations = await loaded(chat, chatRecorded);
  await signInContext.close();
  await conversationsContext.close();
  return { scenario: scenario.label, signIn, conversations };
}

async function storedSession(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('E-mail ou usuário').fill('ana');
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/auth\//);
  const state = await context.storageState();
  await context.close();
  return state;
}

const asJson = process.argv.includes('--json');
const server = await startBuiltServer({ DEMO_PASSWORD: PASSWORD, ROOT_PASSWORD: PASSWORD });
let results;
try {
  const { chromium } = createRequire(join(ROOT, 'e2e', 'package.json'))('@playwright/test');
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_FLAGS,
  });
  const signedIn = await storedSession(browser, server.url);
  results = [];
  for (const scenario of SCENARIOS) results.push(await measure(browser, server.url, scenario, signedIn));
  await browser.close();
} finally {
  await server.stop();
}

if (asJson) {
  console.log(JSON.stringify(results));
} else {
  const base = results[0];
  const cell = (figures, baseFigures) =>
    `${figures.totalKb.toFixed(1).padStart(7)} kB (JS ${figures.scriptKb.toFixed(1).padStart(6)} kB) ${(figures.totalKb / baseFigures.totalKb).toFixed(2)}x · ${figures.compressed}/${figures.requests} comprimidos`;
  console.log('\nBytes baixados numa primeira visita (cabeçalhos incluídos, cache vazio):');
  for (const r of results) {
    console.log(`\n  aceita ${r.scenario}`);
    console.log(`    login               ${cell(r.signIn, base.signIn)}`);
    console.log(`    /auth/conversations ${cell(r.conversations, base.conversations)}`);
  }
}
