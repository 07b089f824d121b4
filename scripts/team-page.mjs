#!/usr/bin/env node
// `npm run measure:team`: the team page (/auth/team) of a workspace with 5,000 members, in Chromium
// against the built product on PostgreSQL (DATABASE_URL, the server's base URL: a scratch database
// is created and dropped). Prints, at 1440 and 390 px: the bytes of the team's data and of the
// whole visit (empty cache), the time to the first member row, the DOM size, the longest task,
// and the keypress-to-paint of the member search. Screenshots go to test-results/screens/team-5000.
// Members are inserted with one SQL statement (no argon2 per member). Build first (`npm run build`).
/* global document, MutationObserver, requestAnimationFrame -- functions below run inside the page */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium, ROOT, SESSION_KEYS, signInThroughApi, startBuiltServer, storeSessionInPage } from './lib.mjs';

const PASSWORD = 'medindo-equipe';
const MEMBERS = Number(process.argv.find((a) => a.startsWith('--members='))?.slice(10) ?? 5000);
const CPU_SLOWDOWN = Number(process.argv.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 1);
const SCREENS = join(ROOT, 'test-results', 'screens', 'team-5000');
const base = process.env.DATABASE_URL;
if (!base) {
  console.error('Defina DATABASE_URL (ex.: postgres://postgres@127.0.0.1:5432/postgres): o banco de medida é criado e apagado nele.');
  process.exit(2);
}
const dbName = `papo_team_measure_${process.pid}`;
const dbUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
const psql = (url, sql) => execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], { encoding: 'utf8' });

// Names with accents and repeated first names, as a real team has; every 7th member has a polygon.
const SEED = `
INSERT INTO neo_custom_data (workspace_id, name)
  SELECT id, p FROM workspaces, unnest(ARRAY['Zona Sul','São Paulo','Nordeste','Centro-Oeste']) p WHERE workspaces.name = 'Equipe Demo';
INSERT INTO users (name, nick_name, email, password_hash, workspace_id, neo_custom_data_id)
  SELECT (ARRAY['João','Márcia','Luíza','André','Conceição','Bruna','Caio','Débora','Érico','Fábio','Gisele','Heitor','Íris','Júlia','Lúcio','Mônica','Nádia','Otávio','Paula','Sérgio'])[1 + g % 20]
         || ' ' || (ARRAY['Araújo','Brandão','Cardoso','Dias','Estevão','Fonseca','Gonçalves','Hermes','Ilha','Jesus','Lima','Melo','Nóbrega','Oliveira','Peçanha','Queiroz','Ribeiro','Simões','Teixeira','Uchôa','Vasconcelos','Xavier','Yamada','Zanetti','Álvares'])[1 + (g / 20) % 25]
         || ' ' || g,
         'medida' || g, 'medida' || g || '@medida.chat', 'sem-senha', w.id,
         CASE WHEN g % 7 = 0 THEN (SELECT id FROM neo_custom_data n WHERE n.workspace_id = w.id ORDER BY name LIMIT 1 OFFSET (g / 7) % 4) END
  FROM generate_series(1, ${MEMBERS}) g, (SELECT id FROM workspaces WHERE name = 'Equipe Demo') w;
ANALYZE users;`;

/** Bytes of every finished request of a page (DevTools protocol), and of the team's API calls. */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const urls = new Map();
  let total = 0;
  const api = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response }) => urls.set(requestId, response.url));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    total += encodedDataLength;
    const url = urls.get(requestId) ?? '';
    if (url.includes('/api/')) api.set(new URL(url).pathname + new URL(url).search, encodedDataLength);
  });
  return { figures: () => ({ totalKb: total / 1024, api: new Map(api) }) };
}

// Before any script of the page: when the first member row appears, and the longest task.
function watchPage() {
  globalThis.__team = { firstRow: null, longest: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__team.longest = Math.max(globalThis.__team.longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role="list"][aria-label="Membros"] [role="listitem"]')) {
      globalThis.__team.firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Types `text` key by key; for each key, the time from the keydown to the frame after it (a paint). */
async function keypressToPaint(page, text) {
  await page.evaluate(() => {
    globalThis.__keys = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => globalThis.__keys.push(performance.now() - start), 0));
      },
      { capture: true },
    );
    globalThis.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name.startsWith('key')) globalThis.__events.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  const search = page.getByRole('searchbox', { name: 'Buscar membro' });
  await search.click();
  for (const key of text) {
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await page.waitForTimeout(120);
  }
  // The debounced search has answered: the rows are those of the term.
  await page.waitForTimeout(1200);
  const { keys, events } = await page.evaluate(() => ({ keys: globalThis.__keys, events: globalThis.__events }));
  return {
    max: Math.max(...keys),
    median: keys.sort((a, b) => a - b)[Math.floor(keys.length / 2)],
    eventMax: events.length ? Math.max(...events) : 0,
  };
}

async function measure(browser, url, session, width) {
  const phone = width < 600;
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}),
  });
  const setup = await context.newPage();
  await setup.goto(url);
  await setup.evaluate(storeSessionInPage, { keys: SESSION_KEYS, session });
  await setup.close();
  const page = await context.newPage();
  await page.addInitScript(watchPage);
  const recorded = await recorder(page);
  await page.goto(`${url}/auth/team`);
  const firstRowLocator = page.getByRole('list', { name: 'Membros' }).getByRole('listitem').first();
  await firstRowLocator.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  // When the page asked for the members and when the answer was in: the rest of the first row's time
  // is the app's own start (shell, remote) before, and drawing after.
  const request = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/workspace/members'));
    return entry ? { start: entry.startTime, end: entry.responseEnd } : null;
  });
  const shot = (name) => page.screenshot({ path: join(SCREENS, `${name}-${width}.png`) });
  await shot('equipe');
  const { firstRow, longest } = await page.evaluate(() => globalThis.__team);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const { totalKb, api } = recorded.figures();
  const dataKb =
    [...api.entries()].filter(([path]) => /workspace|invites|neo-custom-data/.test(path)).reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
  const typing = await keypressToPaint(page, 'joao araujo');
  const found = await page.getByRole('list', { name: 'Membros' }).getByRole('listitem').count();
  await shot('equipe-busca');
  // Scrolling far: later pages come as the list reaches its end.
  const list = page.getByRole('list', { name: 'Membros' });
  await page.getByRole('searchbox', { name: 'Buscar membro' }).fill('');
  await page.waitForTimeout(1000);
  for (let i = 0; i < 6; i += 1) {
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForTimeout(400);
  }
  const pagesAsked = [...recorded.figures().api.keys()].filter((path) => path.startsWith('/api/workspace/members')).length;
  const domAfterScroll = await page.evaluate(() => document.getElementsByTagName('*').length);
  await shot('equipe-rolada');
  // In the app, as a person goes there: from Conversas, a click on Equipe (its code already loaded
  // once), to the first member row.
  const inApp = [];
  for (let i = 0; i < 3; i += 1) {
    await page.goto(`${url}/auth/conversations`);
    await page.getByRole('heading', { name: 'Conversas' }).first().waitFor();
    await page.waitForTimeout(800);
    const start = await page.evaluate(() => performance.now());
    await page.getByRole('link', { name: 'Equipe' }).first().click();
    await firstRowLocator.waitFor();
    await page.waitForTimeout(300);
    inApp.push(await page.evaluate((from) => globalThis.__team.firstRow - from, start));
  }
  await context.close();
  return { width, firstRow, request, inApp, longest, domNodes, domAfterScroll, totalKb, dataKb, api, typing, found, pagesAsked };
}

psql(base, `CREATE DATABASE ${dbName}`);
const server = await startBuiltServer({ DATABASE_URL: dbUrl, DEMO_PASSWORD: PASSWORD, ROOT_PASSWORD: PASSWORD });
try {
  psql(dbUrl, SEED);
  mkdirSync(SCREENS, { recursive: true });
  const { chromium } = createRequire(join(ROOT, 'e2e', 'package.json'))('@playwright/test');
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_FLAGS });
  const session = await signInThroughApi(server.url, 'ana', PASSWORD);
  for (const width of [1440, 390]) {
    const r = await measure(browser, server.url, session, width);
    console.log(`\n${width} px${CPU_SLOWDOWN > 1 ? ` (CPU ${CPU_SLOWDOWN}x mais lenta)` : ''}, ${MEMBERS} membros`);
    console.log(
      `  primeira linha      ${r.firstRow.toFixed(0)} ms desde a navegação (cache vazio); membros pedidos em ${r.request?.start.toFixed(0)} ms, recebidos em ${r.request?.end.toFixed(0)} ms`,
    );
    console.log(`  clique em Equipe    -> primeira linha: ${r.inApp.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.log(`  tarefa mais longa   ${r.longest.toFixed(0)} ms`);
    console.log(`  nós no DOM          ${r.domNodes} (depois de rolar ${r.pagesAsked} páginas: ${r.domAfterScroll})`);
    console.log(`  bytes da visita     ${r.totalKb.toFixed(1)} kB (cache vazio); dados da equipe ${r.dataKb.toFixed(1)} kB`);
    for (const [path, bytes] of r.api)
      if (/workspace|invites|neo-custom-data/.test(path)) console.log(`    ${path.padEnd(60)} ${(bytes / 1024).toFixed(1)} kB`);
    console.log(
      `  tecla -> pintura    mediana ${r.typing.median.toFixed(0)} ms, máx. ${r.typing.max.toFixed(0)} ms (Event Timing, máx. ${r.typing.eventMax.toFixed(0)} ms); ${r.found} linhas para 'joao araujo'`,
    );
  }
  await browser.close();
} finally {
  await server.stop();
  psql(base, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
console.log(`\nTelas em ${SCREENS}`);
