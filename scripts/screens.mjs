#!/usr/bin/env node
// `npm run screens`: screenshots of every screen the e2e widths test visits (sign-in, chats, team,
// settings, ROOT), at 360, 390, 768, 1024 and 1440 px, under test-results/screens/widths, for
// people to look at. Not part of `npm test`: the tests check the screens, they compare no pictures.
import { join } from 'node:path';
import { findChromium, mustRun, pnpmArgs, ROOT, staleBuilds } from './lib.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error('Chromium não encontrado: instale com `apt-get install -y chromium` ou aponte CHROMIUM_PATH para o executável.');
  process.exit(1);
}

const stale = staleBuilds();
if (stale.length > 0) {
  const filters = stale.flatMap((app) => ['--filter', `./${app}`]);
  await mustRun(`Compilando ${stale.join(', ')}`, 'npx', pnpmArgs(...filters, '--workspace-concurrency=2', 'build'));
}

const screens = join(ROOT, 'test-results', 'screens', 'widths');
await mustRun('Capturando as telas', 'npx', pnpmArgs('--filter', '@chat/e2e', 'exec', 'playwright', 'test', 'tests/widths.spec.ts'), {
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_SCREENS_DIR: screens },
});
console.log(`\nTelas em ${screens}`);
