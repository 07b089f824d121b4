import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// What the cluster drill needs from the machine, checked before anything is built, so that a
// machine without it gets one clear sentence rather than a failure half-way.

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function runs(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** The problems, one sentence each, in Portuguese; empty when the drill can run. */
export function missingRequirements(): string[] {
  const missing: string[] = [];
  if (process.getuid?.() !== 0)
    missing.push('precisa de root: cria namespaces de rede (ip netns) e pares veth. Rode como root (sudo npm run drill:cluster).');
  if (!runs('ip', ['-V'])) missing.push('precisa do comando ip (pacote iproute2).');
  if (!runs('haproxy', ['-v'])) missing.push('precisa do HAProxy no PATH: apt-get install -y haproxy.');
  if (!runs('redis-server', ['--version'])) missing.push('precisa do redis-server no PATH: apt-get install -y redis-server.');
  if (!existsSync(path.join(PG_BIN, 'initdb')))
    missing.push(`precisa dos programas do PostgreSQL 15 em ${PG_BIN} (outro lugar: PG_BIN=...): apt-get install -y postgresql-15.`);
  return missing;
}
