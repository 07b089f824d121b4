#!/usr/bin/env node
// `npm run backup -- <file>` / `npm run restore -- <file>` / `npm run media:to-s3`: runs the
// server's operations CLI (TypeScript, through the server's tsx) in server/. npm runs scripts
// from the repository root, so the directory the operator typed the command in (INIT_CWD) is
// passed on: relative paths in <file> and DATA_DIR mean what they wrote.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const cwd = process.env.INIT_CWD ?? process.cwd();
const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', '--cwd', cwd, ...process.argv.slice(2)], {
  cwd: join(ROOT, 'server'),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
