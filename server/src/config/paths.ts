import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The same code runs as TypeScript from src/ (tsx, vitest) and bundled into dist/main.js, at
// different depths; so folders are found by walking up to a marker file, never by a fixed "../..".
const here = path.dirname(fileURLToPath(import.meta.url));

function findUp(start: string, marker: string): string | null {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, marker))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The monorepo root (holds pnpm-workspace.yaml): default WEB_ROOT and base of the default DATA_DIR. */
export function repoRoot(): string {
  return findUp(here, 'pnpm-workspace.yaml') ?? process.cwd();
}

/** The committed SQL migrations, beside the schema they were generated from (server/src/db/schema/migrations). */
export function migrationsFolder(): string {
  const folder = path.join('src', 'db', 'schema', 'migrations');
  const serverDir = findUp(here, path.join(folder, 'meta', '_journal.json'));
  if (!serverDir) throw new Error(`Pasta de migrações não encontrada a partir de ${here}`);
  return path.join(serverDir, folder);
}
