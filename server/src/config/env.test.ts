import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';
import { repoRoot } from './paths';

function parseError(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error('parseEnv aceitou uma configuração inválida');
}

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({}, '/somewhere');
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(repoRoot(), 'data'),
      databaseUrl: null,
      redisUrl: null,
      jwtSecret: null,
      appUrl: 'http://localhost:3000',
      rootEmail: 'root@chat.local',
      rootPassword: null,
      demoPassword: null,
      seedDemo: true,
      featuredWorkspaceId: null,
      productionOrigin: null,
      remoteUrls: { chat: null, team: null, settings: null, root: null },
      webRoot: repoRoot(),
    });
  });

  it('reads every variable it knows', () => {
    const env = parseEnv(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u@db:5432/chat',
        REDIS_URL: 'redis://cache:6379',
        JWT_SECRET: 'x'.repeat(40),
        APP_URL: 'https://chat.example.com/',
        ROOT_EMAIL: 'Boss@Example.com',
        SEED_DEMO: 'false',
        FEATURED_WORKSPACE_ID: '0b6f4c1e-7a52-4c55-9d8e-2f8a8f1e9d10',
        PRODUCTION_ORIGIN: 'https://chat.example.com/login',
        REMOTE_TEAM_URL: 'https://cdn.example.com/team/mf-manifest.json',
        WEB_ROOT: 'public',
      },
      '/srv/app',
    );
    expect(env).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/app/var/data',
      dataDirLabel: 'var/data',
      databaseUrl: 'postgres://u@db:5432/chat',
      redisUrl: 'redis://cache:6379',
      appUrl: 'https://chat.example.com',
      rootEmail: 'boss@example.com',
      seedDemo: false,
      productionOrigin: 'https://chat.example.com',
      remoteUrls: { team: 'https://cdn.example.com/team/mf-manifest.json', chat: null },
      webRoot: '/srv/app/public',
    });
  });

  it('treats blank values as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '  ', SEED_DEMO: '' });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeNull();
    expect(env.seedDemo).toBe(true);
  });

  it('names every bad variable, with a Portuguese reason', () => {
    const error = parseError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://localhost/db',
      ROOT_EMAIL: 'not-an-email',
      ROOT_PASSWORD: 'short',
      SEED_DEMO: 'maybe',
      JWT_SECRET: 'tiny',
      REMOTE_CHAT_URL: 'cdn.example.com/x',
      HOST: '127.0.0.1',
    });
    expect(error.variables.sort()).toEqual(
      ['DATABASE_URL', 'JWT_SECRET', 'PORT', 'REMOTE_CHAT_URL', 'ROOT_EMAIL', 'ROOT_PASSWORD', 'SEED_DEMO'].sort(),
    );
    expect(error.message).toContain('Configuração inválida');
    expect(error.message).toMatch(/PORT: .*número/);
    expect(error.message).toMatch(/DATABASE_URL: deve ser uma URL postgres/);
    expect(error.message).not.toContain('HOST');
  });

  it('reads the Web Push keys together, and the push services allowed', () => {
    const publicKey = 'B'.repeat(87);
    const privateKey = 'p'.repeat(43);
    expect(parseEnv({}).vapid).toEqual({ publicKey: null, privateKey: null, subject: 'mailto:root@chat.local' });
    expect(parseEnv({}).pushEndpointHosts).toContain('fcm.googleapis.com');
    const env = parseEnv({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'https://papo.example',
      PUSH_ENDPOINT_HOSTS: 'push.example',
    });
    expect(env.vapid).toEqual({ publicKey, privateKey, subject: 'https://papo.example' });
    expect(env.pushEndpointHosts).toEqual(['push.example']);
    expect(parseError({ VAPID_PUBLIC_KEY: publicKey }).variables).toEqual(['VAPID_PRIVATE_KEY']);
    expect(parseError({ VAPID_PUBLIC_KEY: 'curta', VAPID_SUBJECT: 'ftp://x', PUSH_ENDPOINT_HOSTS: 'http://x' }).variables.sort()).toEqual(
      ['PUSH_ENDPOINT_HOSTS', 'VAPID_PUBLIC_KEY', 'VAPID_SUBJECT'].sort(),
    );
  });

  it('rejects a port out of range and a non-UUID featured workspace', () => {
    expect(parseError({ PORT: '70000', FEATURED_WORKSPACE_ID: 'demo' }).variables.sort()).toEqual(['FEATURED_WORKSPACE_ID', 'PORT']);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => parseEnv({ TRUST_PROXY: value }).trustProxy;

  it('is off by default, and takes true/false, a hop count or addresses and networks', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('FALSE')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1,fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
  });

  it('stops the start with a message naming the variable and the bad entries', () => {
    for (const bad of ['sim', '10.0.0.0/33', '10.0.0.1,,', '300.1.1.1', '-1', '10.0.0.0/8/1', 'fd00::/129']) {
      const error = parseError({ TRUST_PROXY: bad });
      expect(error.variables, bad).toEqual(['TRUST_PROXY']);
      expect(error.message, bad).toContain('TRUST_PROXY: deve ser true, false, um número de saltos');
    }
  });
});

describe('DB_DURABILITY', () => {
  it('is strict by default, takes fast, and names itself when wrong', () => {
    expect(parseEnv({}).dbDurability).toBe('strict');
    expect(parseEnv({ DB_DURABILITY: 'fast' }).dbDurability).toBe('fast');
    expect(parseError({ DB_DURABILITY: 'rapido' }).problems).toEqual([{ variable: 'DB_DURABILITY', message: 'deve ser strict ou fast' }]);
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('is 0 (no drain) by default, and takes 0 or more milliseconds up to two minutes', () => {
    expect(parseEnv({}).shutdownDrainMs).toBe(0);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '3000' }).shutdownDrainMs).toBe(3000);
    expect(parseError({ SHUTDOWN_DRAIN_MS: '-1' }).problems).toEqual([{ variable: 'SHUTDOWN_DRAIN_MS', message: 'deve ser 0 ou mais' }]);
    expect(parseError({ SHUTDOWN_DRAIN_MS: '999999' }).variables).toEqual(['SHUTDOWN_DRAIN_MS']);
  });
});

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('is 10 s by default, takes a positive number of milliseconds, and names itself when wrong', () => {
    expect(parseEnv({}).shutdownTimeoutMs).toBe(10_000);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    expect(parseError({ SHUTDOWN_TIMEOUT_MS: '0' }).problems).toEqual([
      { variable: 'SHUTDOWN_TIMEOUT_MS', message: 'deve ser maior que zero' },
    ]);
    expect(parseError({ SHUTDOWN_TIMEOUT_MS: 'logo' }).variables).toEqual(['SHUTDOWN_TIMEOUT_MS']);
  });
});

describe('DATA_DIR_MIN_FREE_MB', () => {
  it('keeps 64 MB by default, takes 0 (off), and names itself when wrong', () => {
    expect(parseEnv({}).dataDirMinFreeBytes).toBe(64 * 1024 * 1024);
    expect(parseEnv({ DATA_DIR_MIN_FREE_MB: '0' }).dataDirMinFreeBytes).toBe(0);
    expect(parseError({ DATA_DIR_MIN_FREE_MB: '-1' }).problems).toEqual([
      { variable: 'DATA_DIR_MIN_FREE_MB', message: 'deve ser 0 ou mais' },
    ]);
  });
});
