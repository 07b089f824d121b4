#!/usr/bin/env node
// `npm test`: installs, type-checks, lints, checks the formatting, audits, then runs the three groups of tests and ends
// with one summary line. Each group also runs alone (`npm run test:unit`, `test:server`,
// `test:e2e`, i.e. `node scripts/test.mjs <group>`), after the install only:
// - unit: the packages', the shell's and the remotes' unit and component tests (vitest);
// - server: the server suite on PGlite, and again on PostgreSQL + Redis when DATABASE_URL
//   (and REDIS_URL) are set;
// - e2e: builds the product and runs the Playwright suite in Chromium.
// A failing group does not stop the next one: the summary counts every test that ran.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, mustRun, pnpmArgs, ROOT, run } from './lib.mjs';

const GROUPS = { unit: unitTests, server: serverTests, e2e: e2eTests };
const only = process.argv[2];
if (only && !(only in GROUPS)) {
  console.error(`Uso: node scripts/test.mjs [${Object.keys(GROUPS).join('|')}]`);
  process.exit(2);
}

const reports = join(ROOT, 'test-results', 'summary');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// The embedded engine is always tested; a DATABASE_URL from the caller is kept for the second run.
const { DATABASE_URL, REDIS_URL, ...baseEnv } = process.env;
/** Exit codes of the test steps that failed (a failed step may have left no report). */
const failedSteps = [];

async function testStep(label, args, env) {
  console.log(`\n▶ ${label}`);
  const code = await run('npx', pnpmArgs(...args), { env });
  if (code !== 0) failedSteps.push(label);
  return code;
}

const vitest = (label, report, projects, env) =>
  testStep(
    label,
    [
      'exec',
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(reports, `${report}.json`)}`,
    ],
    env,
  );

async function unitTests() {
  await vitest('Testes unitários e de componentes', 'vitest-unit', ['!@chat/server'], baseEnv);
}

async function serverTests() {
  await vitest('Testes do servidor (PGlite)', 'vitest-server', ['@chat/server'], baseEnv);
  if (!DATABASE_URL) {
    console.log('\n(DATABASE_URL não definido: a suíte do servidor rodou só no PGlite)');
    return;
  }
  await vitest('Testes do servidor (PostgreSQL + Redis)', 'vitest-server-postgres', ['@chat/server'], {
    ...baseEnv,
    DATABASE_URL,
    ...(REDIS_URL ? { REDIS_URL } : {}),
  });
}

async function e2eTests(chromium) {
  if ((await testStep('Compilando o produto', ['-r', '--workspace-concurrency=2', 'build'], baseEnv)) !== 0) return;
  await testStep('Testes e2e (Playwright + Chromium)', ['--filter', '@chat/e2e', 'test'], {
    ...baseEnv,
    // Products under e2e run on their own embedded database; the few that test several processes
    // on PostgreSQL + Redis get these.
    ...(DATABASE_URL && REDIS_URL ? { E2E_DATABASE_URL: DATABASE_URL, E2E_REDIS_URL: REDIS_URL } : {}),
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json'),
  });
}

/** Counts of every report the steps left: vitest's JSON reports and Playwright's. */
function summary() {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const name of readdirSync(reports)) {
    const report = JSON.parse(readFileSync(join(reports, name), 'utf8'));
    if (report.stats) {
      total.passed += report.stats.expected + (report.stats.flaky ?? 0);
      total.failed += report.stats.unexpected;
      total.skipped += report.stats.skipped;
    } else {
      total.passed += report.numPassedTests;
      total.failed += report.numFailedTests;
      total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    }
  }
  return total;
}

const chromium = !only || only === 'e2e' ? findChromium() : null;
if ((!only || only === 'e2e') && !chromium) {
  console.error(
    'Chromium não encontrado: os testes e2e precisam dele. Instale com `apt-get install -y chromium` ' +
      'ou aponte CHROMIUM_PATH para o executável.',
  );
  process.exit(1);
}

await mustRun('Instalando dependências', 'npx', pnpmArgs('install', '--frozen-lockfile'));
if (!only) {
  await mustRun('Verificando tipos', 'npx', pnpmArgs('-r', '--workspace-concurrency=2', 'typecheck'));
  await mustRun('Lint', 'npx', pnpmArgs('exec', 'eslint', '.', '--max-warnings=0'));
  await mustRun('Formatação', 'npx', pnpmArgs('exec', 'prettier', '--check', '.'));
  await mustRun('Auditoria de dependências (high/critical)', 'node', [join(ROOT, 'scripts', 'audit.mjs')]);
}
for (const [name, group] of Object.entries(GROUPS)) if (!only || only === name) await group(chromium);

const { passed, failed, skipped } = summary();
if (failedSteps.length > 0) console.log(`\n✖ Falharam: ${failedSteps.join('; ')}`);
else console.log('\nTodos os passos concluídos.');
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
