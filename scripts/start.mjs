#!/usr/bin/env node
// `npm start`: installs dependencies, builds whatever is missing or out of date, then serves
// the whole product (API, socket, shell and remotes) on one port with the embedded database.
import { mustRun, pnpmArgs, ROOT, run, staleBuilds } from './lib.mjs';

await mustRun('Instalando dependências', 'npx', pnpmArgs('install', '--frozen-lockfile'));

const stale = staleBuilds();
if (stale.length > 0) {
  const filters = stale.flatMap((app) => ['--filter', `./${app}`]);
  await mustRun(`Compilando ${stale.join(', ')}`, 'npx', pnpmArgs(...filters, '--workspace-concurrency=2', 'build'));
} else {
  console.log('\n▶ Compilação em dia');
}

const code = await run(process.execPath, ['server/dist/main.js'], {
  cwd: ROOT,
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(code);
