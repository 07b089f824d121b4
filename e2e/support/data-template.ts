import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A fresh embedded database takes seconds to create (initdb and migrations) and a fraction of
// that to open.
// Global setup therefore boots the product once on an empty DATA_DIR (migrations, ROOT and demo
// accounts) and each test file's product starts on a copy of that directory. Only products whose
// bootstrap settings are the defaults use it: any override of what bootstrap reads starts empty.

const TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/**
 * `test.use({ productEnv: FRESH_DATA_DIR })` for a file that tests the first start itself; the
 * marker is not passed on to the server.
 */
export const FRESH_DATA_DIR_MARKER = 'E2E_FRESH_DATA_DIR';
export const FRESH_DATA_DIR = { [FRESH_DATA_DIR_MARKER]: '1' };
const BOOTSTRAP_VARIABLES = ['ROOT_EMAIL', 'ROOT_PASSWORD', 'DEMO_PASSWORD', 'SEED_DEMO', 'DATABASE_URL'];

const usesDefaultBootstrap = (extraEnv: Record<string, string>) =>
  ![...BOOTSTRAP_VARIABLES, FRESH_DATA_DIR_MARKER].some((name) => name in extraEnv);

/** Called by global setup with the directory a product left behind after a clean stop. */
export function publishTemplate(dataDir: string): void {
  process.env[TEMPLATE_ENV] = dataDir;
}

/** A new DATA_DIR: a copy of the template when there is one and the product may use it. */
export function newDataDir(extraEnv: Record<string, string>): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(template) && usesDefaultBootstrap(extraEnv)) {
    cpSync(template, dataDir, { recursive: true });
    // The copy must not look like a fresh install's: the credentials were printed once already.
    rmSync(join(dataDir, 'server.lock'), { force: true });
  }
  return dataDir;
}
