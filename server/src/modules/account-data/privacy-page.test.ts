import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { createTestApp, type TestApp } from '../../test/harness';
import { privacyPage } from './privacy-page';

// 'Privacidade': public, server-rendered, and true of this deployment's configuration.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t?.close());

const envOf = (vars: Record<string, string>) => parseEnv({ DATA_DIR: '/srv/papo', ...vars });

describe('GET /privacidade', () => {
  it('answers anyone with a Portuguese HTML page, under the site’s security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacidade' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).toContain('<h1>Privacidade</h1>');
    expect(res.body).not.toContain('<script');
  });

  it('says where data lives, from the configuration: embedded or PostgreSQL, outbox or SMTP, memory or Redis', () => {
    const laptop = privacyPage({ env: envOf({}), mediaOnLocalDisk: true });
    expect(laptop).toContain('banco de dados embutido');
    expect(laptop).toContain('arquivos .eml');
    expect(laptop).toContain('Na memória do servidor');
    expect(laptop).toContain('No disco do servidor');
    // The page is public: kinds of place, never the server's paths.
    expect(laptop).not.toContain('/srv/papo');

    const cluster = privacyPage({
      env: envOf({
        DATABASE_URL: 'postgres://papo:segredo@db.interno:5432/papo',
        REDIS_URL: 'redis://r:6379',
        SMTP_URL: 'smtp://u:p@mail:25',
      }),
      mediaOnLocalDisk: false,
    });
    expect(cluster).toContain('PostgreSQL');
    expect(cluster).toContain('No Redis do servidor');
    expect(cluster).toContain('SMTP');
    expect(cluster).toContain('armazenamento de objetos');
    // Never the connection strings or their secrets.
    for (const secret of ['segredo', 'db.interno', 'u:p@mail']) expect(cluster).not.toContain(secret);
    // How long things last, from the same constants the server applies.
    expect(cluster).toContain('30 dias com &quot;lembrar de mim&quot;, 12 horas sem');
    expect(cluster).toContain('24 horas');
  });
});
