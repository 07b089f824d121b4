import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

// The real entry point in a real second process (through tsx, so no build is needed).
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runMain(env: Record<string, string>, timeoutMs = 25_000) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', PORT: '0', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  Object.assign(childEnv, env);
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: childEnv });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main não terminou em ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('main (second process)', () => {
  // The lock is about the embedded engine, so this file always runs on PGlite.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite', seedDemo: false });
  });
  afterAll(() => t?.close());

  it('refuses to open a DATA_DIR already in use, and the first server keeps serving', async () => {
    const { code, output } = await runMain({ DATA_DIR: t.env.dataDir });
    expect(code).not.toBe(0);
    expect(output).toContain(`DATA_DIR ${t.env.dataDir} já está em uso por outro processo (pid ${process.pid})`);
    expect(output).toContain('is already in use by another process');

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', engine: 'pglite' });
  });

  it('stops at once on bad configuration, naming each bad variable', async () => {
    const { code, output } = await runMain({ PORT: 'nope', SMTP_URL: 'http://mail', DATA_DIR: t.env.dataDir });
    expect(code).toBe(1);
    expect(output).toContain('Configuração inválida');
    expect(output).toMatch(/- PORT: /);
    expect(output).toMatch(/- SMTP_URL: /);
  });
});
