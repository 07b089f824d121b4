#!/usr/bin/env node
// Runs pnpm 10 through npx, because a fresh machine has only Node and npm (and corepack's
// download fails its signature check on ours). Usage: node scripts/pnpm.mjs <pnpm args...>
import { spawnSync } from 'node:child_process';

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['-y', 'pnpm@10', ...args], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(pnpm(process.argv.slice(2)));
}
