#!/usr/bin/env node
// `npm run lighthouse`: serves the built product on a fresh DATA_DIR and audits, as a first
// visit (fresh Chromium profile, empty HTTP cache, no service worker), the sign-in page and a
// signed-in member's conversations page with Lighthouse, mobile and desktop presets, N runs
// each. Prints the medians and writes every run's figures as JSON.
//
//   npm run lighthouse -- [--runs 3] [--out lighthouse-report.json] [--no-build]
//                         [--only sign-in|conversations] [--preset mobile|desktop] [--lhr-dir DIR]
//                         [--trace-dir DIR] [--scheme light|dark]
//
// Each case runs in the light and in the dark theme (--scheme for one only): the dark runs emulate
// a device set to dark (prefers-color-scheme) and store the dark choice too, as Configurações
// would, so the page is dark from its first paint either way.
//
// --lhr-dir keeps each run's whole Lighthouse report (DIR/<page>-<preset>-<run>.json), for the
// audits the summary leaves out (critical request chains, main-thread breakdown, LCP element);
// --trace-dir keeps each run's trace (DIR/<page>-<preset>-<run>.trace.json), which Chromium's
// performance panel opens, to see what each task did.
//
// The figures are noisy on a shared machine: read medians of several runs, never one run, and
// compare before/after runs made alternately whose benchmarkIndex (Lighthouse's measure of the
// machine's CPU at the time, printed and recorded with each run) is alike.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import {
  CHROMIUM_FLAGS,
  findChromium,
  mustRun,
  pnpmArgs,
  SESSION_KEYS,
  signInThroughApi,
  startBuiltServer,
  staleBuilds,
  storeSessionInPage,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'lighthouse-report.json' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    preset: { type: 'string' },
    'lhr-dir': { type: 'string' },
    'trace-dir': { type: 'string' },
    scheme: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs precisa ser um inteiro positivo');

const DEMO_PASSWORD = 'medindo-lighthouse';
const MEMBER = 'bruno'; // a USER of the demo workspace

const PAGES = [
  { name: 'sign-in', path: '/', signedIn: false },
  { name: 'conversations', path: '/auth/conversations', signedIn: true },
].filter((page) => !options.only || page.name === options.only);
const PRESETS = ['mobile', 'desktop'].filter((preset) => !options.preset || preset === options.preset);
const SCHEMES = ['light', 'dark'].filter((scheme) => !options.scheme || scheme === options.scheme);
if (SCHEMES.length === 0) throw new Error('--scheme precisa ser light ou dark');
/** Where the app keeps the theme choice of the device (@chat/contracts, THEME_STORAGE_KEY). */
const THEME_KEY = '@team-chat:theme';

if (!options['no-build']) {
  const stale = staleBuilds();
  if (stale.length > 0) {
    const filters = stale.flatMap((app) => ['--filter', `./${app}`]);
    await mustRun(`Compilando ${stale.join(', ')}`, 'npx', pnpmArgs(...filters, '--workspace-concurrency=2', 'build'));
  }
}

/**
 * The waterfall of a signed-in page, as observed in the (unthrottled) load: when each step of
 * shell -> config -> remote manifest -> remote entry -> remote code -> first API call started,
 * in ms after the document request.
 */
const MILESTONES = {
  config: (path) => path === '/config.json',
  manifest: (path) => path.endsWith('/mf-manifest.json'),
  remoteEntry: (path) => /^\/remotes\/[a-z]+\/static\/js\/remote_[a-z]+\./.test(path),
  remoteApp: (path) => path.includes('__federation_expose_App'),
  firstApi: (path) => path.startsWith('/api/') && !path.startsWith('/api/health'),
};

function milestones(requests) {
  const start = requests[0]?.networkRequestTime ?? 0;
  return Object.fromEntries(
    Object.entries(MILESTONES).map(([name, matches]) => {
      const request = requests.find((item) => matches(new URL(item.url).pathname));
      return [name, request ? Math.round(request.networkRequestTime - start) : null];
    }),
  );
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const script = audit('resource-summary')?.details?.items?.find((item) => item.resourceType === 'script');
  const requests = audit('network-requests')?.details?.items ?? [];
  const lcpBreakdown = audit('lcp-breakdown-insight')?.details?.items ?? [];
  const accessibilityFailures = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && audit(ref.id).score !== null && audit(ref.id).score < 1)
    .map((ref) => ({
      id: ref.id,
      nodes: (audit(ref.id).details?.items ?? []).map((item) => ({ selector: item.node?.selector, explanation: item.node?.explanation })),
    }));
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    jsKb: (script?.transferSize ?? 0) / 1024,
    jsRequests: script?.requestCount ?? 0,
    milestones: milestones(requests),
    lcpElement: lcpBreakdown.find((item) => item.type === 'node')?.selector ?? null,
    lcpPhases: lcpBreakdown.find((item) => item.type === 'table')?.items.map(({ subpart, duration }) => ({ subpart, duration })) ?? null,
    accessibilityFailures,
    scripts: requests
      .filter((item) => item.resourceType === 'Script')
      .map((item) => ({ path: new URL(item.url).pathname, kb: Math.round(item.transferSize / 102.4) / 10 })),
    // Lighthouse's CPU benchmark of the machine at the time of the run: figures measured on machines
    // (or moments) with very different indexes are not comparable.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    longTasks: (audit('long-tasks')?.details?.items ?? []).map(({ url, startTime, duration }) => ({
      url: url && url.startsWith('http') ? new URL(url).pathname : url,
      startTime: Math.round(startTime),
      duration: Math.round(duration),
    })),
    bootup: (audit('bootup-time')?.details?.items ?? []).map(({ url, total, scripting, scriptParseCompile }) => ({
      url: url && url.startsWith('http') ? new URL(url).pathname : url,
      total: Math.round(total),
      scripting: Math.round(scripting),
      parse: Math.round(scriptParseCompile),
    })),
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/** One audit in a Chromium of its own: a new profile, so nothing is cached or registered. */
async function audit(url, page, preset, scheme, run) {
  const chrome = await launch({
    chromePath: findChromium() ?? undefined,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    if (page.signedIn || scheme === 'dark') {
      // The session the shell would have stored after signing in (the three session keys), and
      // the dark choice, written from an API URL of the origin in a tab of its own, so that no
      // app file is loaded.
      const setup = await browser.newPage();
      await setup.goto(`${url}/api/health`);
      if (page.signedIn) {
        const session = await signInThroughApi(url, MEMBER, DEMO_PASSWORD);
        await setup.evaluate(storeSessionInPage, { keys: SESSION_KEYS, session });
      }
      if (scheme === 'dark') await setup.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_KEY);
      await setup.close();
    }
    const tab = await browser.newPage();
    if (scheme === 'dark') await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // disableStorageReset keeps the stored session; the profile is new, so the cache is empty.
    const result = await lighthouse(
      `${url}${page.path}`,
      { output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] },
      preset === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    // The theme the audited page really had: a dark run on a light page would report nothing.
    const theme = await tab.evaluate(() => globalThis.document.documentElement.getAttribute('data-theme'));
    if (theme !== scheme) throw new Error(`${page.path} (${preset}) ficou com o tema ${theme}, não ${scheme}`);
    await browser.disconnect();
    if (options['lhr-dir']) {
      mkdirSync(options['lhr-dir'], { recursive: true });
      writeFileSync(resolve(options['lhr-dir'], `${page.name}-${preset}-${scheme}-${run}.json`), JSON.stringify(result.lhr));
    }
    if (options['trace-dir']) {
      mkdirSync(options['trace-dir'], { recursive: true });
      writeFileSync(
        resolve(options['trace-dir'], `${page.name}-${preset}-${scheme}-${run}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    return figures(result.lhr);
  } finally {
    chrome.kill();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const METRICS = ['performance', 'accessibility', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'jsKb', 'jsRequests', 'benchmarkIndex'];

const product = await startBuiltServer({ DEMO_PASSWORD, ROOT_PASSWORD: DEMO_PASSWORD });
const results = [];
try {
  for (const page of PAGES) {
    for (const preset of PRESETS) {
      for (const scheme of SCHEMES) {
        const runs = [];
        for (let run = 1; run <= RUNS; run += 1) {
          // Lighthouse sometimes loses the trace's navigation start on a busy machine (NO_NAVSTART):
          // such a run has no figures, so it is repeated (twice at most), never counted.
          let figure = await audit(product.url, page, preset, scheme, run);
          for (let retry = 0; figure.runtimeError && retry < 2; retry += 1) {
            console.log(`  ${page.name} ${preset} ${scheme} #${run}: ${figure.runtimeError}; repetindo`);
            figure = await audit(product.url, page, preset, scheme, run);
          }
          if (figure.runtimeError) throw new Error(`Lighthouse falhou em ${page.path} (${preset}): ${figure.runtimeError}`);
          if (page.signedIn && !new URL(figure.finalUrl).pathname.startsWith(page.path)) {
            throw new Error(`a página assinada terminou em ${figure.finalUrl}: a sessão não foi aceita`);
          }
          console.log(
            `  ${page.name} ${preset} ${scheme} #${run}: desempenho ${figure.performance}, acessibilidade ${figure.accessibility}, LCP ${Math.round(figure.lcpMs)} ms`,
          );
          runs.push(figure);
        }
        const medians = Object.fromEntries(METRICS.map((metric) => [metric, median(runs.map((figure) => figure[metric]))]));
        medians.milestones = Object.fromEntries(
          Object.keys(MILESTONES).map((name) => [name, median(runs.map((figure) => figure.milestones[name]))]),
        );
        const accessibilityFailures = [...new Set(runs.flatMap((figure) => figure.accessibilityFailures.map((failure) => failure.id)))];
        results.push({ page: page.name, path: page.path, preset, scheme, medians, accessibilityFailures, runs });
      }
    }
  }
} catch (error) {
  if (product.exited()) console.error(`O servidor parou. Últimas linhas:\n${product.output()}`);
  throw error;
} finally {
  await product.stop();
}

const out = resolve(options.out);
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), runsPerCase: RUNS, results }, null, 2)}\n`);

const row = (cells) => `| ${cells.join(' | ')} |`;
console.log(`\nMedianas de ${RUNS} execução(ões) por caso (primeira visita, cache vazio):\n`);
console.log(
  row(['página', 'preset', 'tema', 'desempenho', 'acessib.', 'LCP s', 'TBT ms', 'CLS', 'FCP s', 'JS kB', 'JS req.', 'benchmarkIndex']),
);
console.log(row(Array(12).fill('---')));
for (const { page, preset, scheme, medians: m } of results) {
  console.log(
    row([
      page,
      preset,
      scheme,
      m.performance,
      m.accessibility,
      (m.lcpMs / 1000).toFixed(2),
      Math.round(m.tbtMs),
      m.cls.toFixed(3),
      (m.fcpMs / 1000).toFixed(2),
      m.jsKb.toFixed(1),
      m.jsRequests,
      m.benchmarkIndex === null ? '-' : Math.round(m.benchmarkIndex),
    ]),
  );
}
console.log('\nCascata observada (início de cada etapa, ms depois do documento, sem limitação de rede):\n');
console.log(row(['página', 'preset', 'tema', ...Object.keys(MILESTONES)]));
console.log(row(Array(3 + Object.keys(MILESTONES).length).fill('---')));
for (const { page, preset, scheme, medians: m } of results) {
  console.log(row([page, preset, scheme, ...Object.values(m.milestones).map((value) => (value === null ? '-' : value))]));
}
for (const { page, preset, scheme, accessibilityFailures, runs } of results) {
  if (accessibilityFailures.length === 0) continue;
  console.log(`acessibilidade (${page}, ${preset}, ${scheme}): ${accessibilityFailures.join(', ')}`);
  for (const failure of runs.flatMap((figure) => figure.accessibilityFailures)) {
    for (const node of failure.nodes) console.log(`  ${failure.id}: ${node.selector ?? ''} ${node.explanation ?? ''}`);
  }
}
for (const { page, preset, scheme, runs } of results) {
  const element = runs.find((figure) => figure.lcpElement)?.lcpElement;
  if (element) console.log(`elemento do LCP (${page}, ${preset}, ${scheme}): ${element}`);
}
console.log(`\nJSON: ${out}`);
