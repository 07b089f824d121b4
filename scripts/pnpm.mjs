#!/usr/bin/env node
// Runs the pnpm of package.json's `packageManager` through npx (see PNPM in lib.mjs).
// Usage: node scripts/pnpm.mjs <pnpm args...>
import { spawnSync } from 'node:child_process';
import { pnpmArgs } from './lib.mjs';

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', pnpmArgs(...args), {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(pnpm(process.argv.slice(2)));
}
