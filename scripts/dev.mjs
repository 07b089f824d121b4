#!/usr/bin/env node
// `npm run dev`: the server (tsx watch) and every app's Rsbuild dev server with live reload.
// Open http://localhost:3100 (the shell's dev server proxies /api, /config.json and the socket to
// the server on :3000; the server's /config.json points the shell at the remotes' dev servers).
import { spawn } from 'node:child_process';
import { mustRun, pnpmArgs, ROOT } from './lib.mjs';

const REMOTE_PORTS = { chat: 3101, team: 3102, settings: 3103, root: 3104 };

await mustRun('Instalando dependências', 'npx', pnpmArgs('install', '--frozen-lockfile'));

const remoteUrls = Object.fromEntries(
  Object.entries(REMOTE_PORTS).map(([name, port]) => [`REMOTE_${name.toUpperCase()}_URL`, `http://localhost:${port}/mf-manifest.json`]),
);

// The page lives on the shell's dev server: links in mails and signed media upload URLs must point
// there too (it proxies /media to the server), or the browser would PUT cross-origin to :3000.
const serverEnv = { APP_URL: process.env.APP_URL || 'http://localhost:3100', ...remoteUrls };

const processes = [
  ['server', ['--filter', '@chat/server', 'dev'], serverEnv],
  ['shell', ['--filter', '@chat/shell', 'dev'], {}],
  ...Object.keys(REMOTE_PORTS).map((name) => [`remote-${name}`, ['--filter', `@chat/remote-${name}`, 'dev'], {}]),
];

const children = processes.map(([label, args, env]) => {
  // Own process group, so stopping kills pnpm's grandchildren too (tsx watch, rsbuild).
  const child = spawn('npx', pnpmArgs(...args), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${label}]`.padEnd(18);
  const forward = (stream) => (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`${prefix} ${line}\n`);
  };
  child.stdout.on('data', forward(process.stdout));
  child.stderr.on('data', forward(process.stderr));
  return child;
});

console.log('\nShell em http://localhost:3100 · API em http://localhost:3000 · Ctrl+C encerra tudo.\n');
const stopAll = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
