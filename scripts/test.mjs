#!/usr/bin/env node
// `npm test`: installs, type-checks, lints, checks the formatting, runs every unit/component/server
// test (the server suite on PGlite, and again on PostgreSQL + Redis when DATABASE_URL / REDIS_URL
// are set), builds the product and runs the Playwright e2e suite in Chromium. Ends with one summary line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, mustRun, ROOT } from './lib.mjs';

const reports = join(ROOT, 'test-results', 'summary');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const pnpmArgs = (...args) => ['-y', 'pnpm@10', ...args];
const vitestReport = (name) => ['--reporter=default', '--reporter=json', `--outputFile=${join(reports, `${name}.json`)}`];

const chromium = findChromium();
if (!chromium) {
  console.error(
    'Chromium não encontrado: os testes e2e precisam dele. Instale com `apt-get install -y chromium` ' +
      'ou aponte CHROMIUM_PATH para o executável.',
  );
  process.exit(1);
}

await mustRun('Instalando dependências', 'npx', pnpmArgs('install', '--frozen-lockfile'));
await mustRun('Verificando tipos', 'npx', pnpmArgs('-r', '--workspace-concurrency=2', 'typecheck'));
await mustRun('Lint', 'npx', pnpmArgs('exec', 'eslint', '.', '--max-warnings=0'));
await mustRun('Formatação', 'npx', pnpmArgs('exec', 'prettier', '--check', '.'));
await mustRun('Auditoria de dependências (high/critical)', 'node', [join(ROOT, 'scripts', 'audit.mjs')]);

// The embedded engine is always tested; a DATABASE_URL from the caller is kept for the second run.
const { DATABASE_URL, REDIS_URL, ...baseEnv } = process.env;
await mustRun('Testes unitários, de componentes e do servidor (PGlite)', 'npx', pnpmArgs('exec', 'vitest', 'run', ...vitestReport('vitest')), {
  env: baseEnv,
});
if (DATABASE_URL) {
  await mustRun('Testes do servidor (PostgreSQL + Redis)', 'npx', pnpmArgs('exec', 'vitest', 'run', '--project', '@chat/server', ...vitestReport('vitest-postgres')), {
    env: { ...baseEnv, DATABASE_URL, ...(REDIS_URL ? { REDIS_URL } : {}) },
  });
} else {
  console.log('\n(DATABASE_URL não definido: a suíte do servidor rodou só no PGlite)');
}

await mustRun('Compilando o produto', 'npx', pnpmArgs('-r', '--workspace-concurrency=2', 'build'));
await mustRun('Testes e2e (Playwright + Chromium)', 'npx', pnpmArgs('--filter', '@chat/e2e', 'test'), {
  env: { ...baseEnv, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
});

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ['vitest', 'vitest-postgres']) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const e2eFile = join(reports, 'e2e.json');
if (existsSync(e2eFile)) {
  const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8'));
  passed += stats.expected + (stats.flaky ?? 0);
  failed += stats.unexpected;
  skipped += stats.skipped;
}
console.log(`\nTodos os passos concluídos.\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
