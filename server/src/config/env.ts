import path from 'node:path';
import { z } from 'zod';
import { LIMITS, REMOTE_NAMES, type RemoteName } from '@chat/contracts';
import { repoRoot } from './paths';
import { type TrustProxy, trustProxySchema } from './trust-proxy';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, pushEndpointHostsSchema } from './push-endpoint-hosts';
import { S3EnvError, s3EnvShape, type S3Settings, s3Settings } from './s3-env';
import { NO_ALLOWED_HOSTS, type WebhookAllowedHosts, webhookAllowedHostsSchema } from './webhook-allowed-hosts';

// The only place that reads process.env (docs/operacao.md, Configuração). Everything else receives
// an Env.

/** Unset and blank are the same thing: `FOO= node main.js` must behave like no FOO at all. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const urlWithProtocols = (protocols: string[], label: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `deve ser uma URL ${label}`);

const httpUrl = urlWithProtocols(['http:', 'https:'], 'http(s)://...');
/** A remote's manifest may live on another host (absolute URL) or on this server (path from /). */
const remoteUrl = z
  .string()
  .trim()
  .refine((v) => v.startsWith('/') || httpUrl.safeParse(v).success, 'deve ser uma URL http(s):// ou um caminho começando com /');
const password = z.string().min(8, 'deve ter ao menos 8 caracteres').max(72, 'deve ter no máximo 72 caracteres');
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'deve ser true ou false').transform((v) => ['true', '1', 'yes'].includes(v));

/** Four of PostgreSQL's 16 MB WAL segments: the next one, a checkpoint and a reopen all fit. */
const DEFAULT_DATA_DIR_MIN_FREE_MB = 64;

const rawEnvSchema = z.object({
  PORT: opt(
    z.coerce
      .number('deve ser um número')
      .int('deve ser inteiro')
      .min(0, 'deve estar entre 0 e 65535')
      .max(65535, 'deve estar entre 0 e 65535'),
  ),
  HOST: opt(z.string().trim()),
  DATA_DIR: opt(z.string()),
  DATABASE_URL: opt(urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://...')),
  REDIS_URL: opt(urlWithProtocols(['redis:', 'rediss:'], 'redis://...')),
  REDIS_KEY_PREFIX: opt(z.string().trim()),
  JWT_SECRET: opt(z.string().min(32, 'deve ter ao menos 32 caracteres')),
  APP_URL: opt(httpUrl),
  SMTP_URL: opt(urlWithProtocols(['smtp:', 'smtps:'], 'smtp(s)://...')),
  ROOT_EMAIL: opt(z.string().trim().toLowerCase().pipe(z.email('deve ser um e-mail válido'))),
  ROOT_PASSWORD: opt(password),
  DEMO_PASSWORD: opt(password),
  SEED_DEMO: opt(bool),
  FEATURED_WORKSPACE_ID: opt(z.uuid('deve ser um UUID')),
  PRODUCTION_ORIGIN: opt(httpUrl),
  REMOTE_CHAT_URL: opt(remoteUrl),
  REMOTE_TEAM_URL: opt(remoteUrl),
  REMOTE_SETTINGS_URL: opt(remoteUrl),
  REMOTE_ROOT_URL: opt(remoteUrl),
  WEB_ROOT: opt(z.string()),
  TRUST_PROXY: opt(trustProxySchema),
  DB_DURABILITY: opt(z.enum(['strict', 'fast'], 'deve ser strict ou fast')),
  DATA_DIR_MIN_FREE_MB: opt(z.coerce.number('deve ser um número').int('deve ser inteiro').min(0, 'deve ser 0 ou mais')),
  MAX_FILE_MB: opt(
    z.coerce.number('deve ser um número').int('deve ser inteiro').min(1, 'deve ser maior que zero').max(2048, 'deve ser no máximo 2048'),
  ),
  METRICS_TOKEN: opt(z.string().trim().min(16, 'deve ter ao menos 16 caracteres')),
  SHUTDOWN_TIMEOUT_MS: opt(z.coerce.number('deve ser um número').int('deve ser inteiro').min(1, 'deve ser maior que zero')),
  SHUTDOWN_DRAIN_MS: opt(
    z.coerce.number('deve ser um número').int('deve ser inteiro').min(0, 'deve ser 0 ou mais').max(120_000, 'deve ser no máximo 120000'),
  ),
  VAPID_PUBLIC_KEY: opt(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'deve ser a chave pública VAPID em base64url (87 caracteres)'),
  ),
  VAPID_PRIVATE_KEY: opt(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'deve ser a chave privada VAPID em base64url (43 caracteres)'),
  ),
  VAPID_SUBJECT: opt(
    z
      .string()
      .trim()
      .refine((v) => /^mailto:.+@.+/.test(v) || /^https:\/\/.+/.test(v), 'deve ser mailto:alguem@exemplo ou uma URL https://'),
  ),
  PUSH_ENDPOINT_HOSTS: opt(pushEndpointHostsSchema),
  EMAIL_DIGEST_DELAY: opt(
    z.coerce
      .number('deve ser um número')
      .int('deve ser inteiro')
      .min(1, 'deve ser maior que zero')
      .max(7 * 24 * 3600, 'deve ser no máximo 604800 (7 dias)'),
  ),
  WEBHOOK_ALLOWED_HOSTS: opt(webhookAllowedHostsSchema),
  LOG_LEVEL: opt(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'deve ser fatal, error, warn, info, debug, trace ou silent'),
  ),
  ...s3EnvShape,
});

export interface Env {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** DATA_DIR as the operator wrote it, for messages they will recognise. */
  dataDirLabel: string;
  databaseUrl: string | null;
  /**
   * The embedded database's promise once a write is acknowledged: 'strict' (default) flushes it to
   * the disk (fsync) before answering; 'fast' leaves it to the kernel, so a power cut or an OS crash
   * may lose the last writes or leave the data unreadable. PostgreSQL is configured on its server.
   */
  dbDurability: 'strict' | 'fast';
  /**
   * With the embedded database: writes are refused (507) while DATA_DIR's filesystem has less free
   * space than this, so PGlite never meets a full disk where it cannot recover by itself (see
   * docs/operacao.md). 0 turns the check off.
   */
  dataDirMinFreeBytes: number;
  redisUrl: string | null;
  /** Prefix of the socket.io Redis channels and of the rate-limit keys, so parallel test runs never meet. */
  redisKeyPrefix: string;
  /** Null until resolveJwtSecret() reads or creates the one kept in DATA_DIR. */
  jwtSecret: string | null;
  appUrl: string;
  smtpUrl: string | null;
  rootEmail: string;
  rootPassword: string | null;
  demoPassword: string | null;
  seedDemo: boolean;
  featuredWorkspaceId: string | null;
  productionOrigin: string | null;
  remoteUrls: Record<RemoteName, string | null>;
  /** Folder holding shell/dist and remote-<name>/dist. */
  webRoot: string;
  /**
   * Fastify's trustProxy: which X-Forwarded-For hops to believe, so request.ip (rate limits, logs)
   * is the client's address behind a load balancer. False: the socket's address.
   */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * The longest a SIGTERM or SIGINT may take: past it the process exits without waiting for
   * requests, Redis or the database, so a deploy never waits on a backend that is gone.
   */
  shutdownTimeoutMs: number;
  /**
   * Behind a load balancer: how long a SIGTERM'd process answers 503 on /api/health, still serving,
   * before it moves its sockets and closes (the balancer's checks must see it down by then). 0:
   * close at once.
   */
  shutdownDrainMs: number;
  /**
   * The VAPID key pair and contact of Web Push: null keys are generated once and kept in
   * DATA_DIR (vapid-keys.ts). Both keys or neither.
   */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string };
  /** Hosts a push subscription's endpoint may be on (the known push services by default): the server posts nowhere else. */
  pushEndpointHosts: readonly string[];
  /**
   * Seconds: unread direct messages and mentions this old, with no tab of theirs open since,
   * bring someone an e-mail digest; and at most one digest per person per this long.
   */
  emailDigestDelaySeconds: number;
  /** Internal hosts and ranges outgoing webhooks may post to after all (none by default). */
  webhookAllowedHosts: WebhookAllowedHosts;
  /** When set, GET /api/metrics requires `Authorization: Bearer <it>`; unset, it answers loopback clients only. */
  metricsToken: string | null;
  /** The largest file or voice note one upload may carry, in MB (images keep their 10 MB). */
  maxFileMb: number;
  /** Uploads in an S3-compatible bucket (S3_BUCKET); null: on the local disk, DATA_DIR/media. */
  s3: S3Settings | null;
}

export class EnvError extends Error {
  constructor(readonly problems: ReadonlyArray<{ variable: string; message: string }>) {
    super('Configuração inválida (invalid configuration):\n' + problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n'));
    this.name = 'EnvError';
  }

  get variables(): string[] {
    return [...new Set(this.problems.map((p) => p.variable))];
  }
}

/** Parses an environment (process.env or a test's object). Throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>, cwd: string = process.cwd()): Env {
  const result = rawEnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })));
  }
  const raw = result.data;
  if (!raw.VAPID_PUBLIC_KEY !== !raw.VAPID_PRIVATE_KEY) {
    const missing = raw.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new EnvError([{ variable: missing, message: 'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas' }]);
  }
  let s3: S3Settings | null;
  try {
    s3 = s3Settings(raw);
  } catch (error) {
    if (error instanceof S3EnvError) throw new EnvError(error.problems);
    throw error;
  }
  const port = raw.PORT ?? 3000;
  const host = raw.HOST ?? '127.0.0.1';
  const root = repoRoot();
  // An explicit DATA_DIR is relative to where the operator stands; the default lives at the repo
  // root so that `dev` (run in server/) and `start` (run at the root) share one database.
  const dataDir = raw.DATA_DIR ? path.resolve(cwd, raw.DATA_DIR) : path.join(root, 'data');
  return {
    port,
    host,
    dataDir,
    dataDirLabel: raw.DATA_DIR ?? './data',
    databaseUrl: raw.DATABASE_URL ?? null,
    dbDurability: raw.DB_DURABILITY ?? 'strict',
    dataDirMinFreeBytes: (raw.DATA_DIR_MIN_FREE_MB ?? DEFAULT_DATA_DIR_MIN_FREE_MB) * 1024 * 1024,
    redisUrl: raw.REDIS_URL ?? null,
    redisKeyPrefix: raw.REDIS_KEY_PREFIX ?? 'socket.io',
    jwtSecret: raw.JWT_SECRET ?? null,
    appUrl: (raw.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: raw.SMTP_URL ?? null,
    rootEmail: raw.ROOT_EMAIL ?? 'root@chat.local',
    rootPassword: raw.ROOT_PASSWORD ?? null,
    demoPassword: raw.DEMO_PASSWORD ?? null,
    seedDemo: raw.SEED_DEMO ?? true,
    featuredWorkspaceId: raw.FEATURED_WORKSPACE_ID ?? null,
    productionOrigin: raw.PRODUCTION_ORIGIN ? new URL(raw.PRODUCTION_ORIGIN).origin : null,
    remoteUrls: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, raw[`REMOTE_${name.toUpperCase()}_URL` as keyof typeof raw] ?? null]),
    ) as Record<RemoteName, string | null>,
    webRoot: raw.WEB_ROOT ? path.resolve(cwd, raw.WEB_ROOT) : root,
    trustProxy: raw.TRUST_PROXY ?? false,
    logLevel: raw.LOG_LEVEL ?? 'info',
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS ?? 0,
    metricsToken: raw.METRICS_TOKEN ?? null,
    vapid: {
      publicKey: raw.VAPID_PUBLIC_KEY ?? null,
      privateKey: raw.VAPID_PRIVATE_KEY ?? null,
      subject: raw.VAPID_SUBJECT ?? 'mailto:root@chat.local',
    },
    pushEndpointHosts: raw.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
    emailDigestDelaySeconds: raw.EMAIL_DIGEST_DELAY ?? 900,
    webhookAllowedHosts: raw.WEBHOOK_ALLOWED_HOSTS ?? NO_ALLOWED_HOSTS,
    maxFileMb: raw.MAX_FILE_MB ?? LIMITS.fileMaxMbDefault,
    s3,
  };
}

/** `cwd`: where relative paths (DATA_DIR, WEB_ROOT) start; the operator's directory for the backup CLI. */
export function loadEnv(cwd: string = process.cwd()): Env {
  return parseEnv(process.env, cwd);
}
