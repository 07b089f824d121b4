import { z } from 'zod';

// The S3-compatible media store's variables (docs/operacao.md, Arquivos num bucket S3). S3_BUCKET
// chooses the backend; without it the others must be unset, so a half-written configuration
// never silently keeps files on the local disk.

/** An S3-compatible bucket the uploads go to, and where browsers read them. */
export interface S3Settings {
  bucket: string;
  /** The API's base URL (MinIO, R2, Ceph RGW...); null for AWS S3, whose endpoint the region decides. */
  endpoint: string | null;
  region: string;
  /** Both or neither: without them the SDK's own chain is used (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Objects at <endpoint>/<bucket>/<key> rather than <bucket>.<endpoint host>/<key> (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** A CDN or public host in front of the bucket, without a trailing slash; null: the bucket's own URL. */
  publicUrl: string | null;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** An http(s) URL that is a base: no query, fragment or credentials, which would never survive joining a key to it. */
const baseUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return ['http:', 'https:'].includes(url.protocol) && !url.search && !url.hash && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'deve ser uma URL http(s):// sem query, fragmento nem credenciais');

// Bucket names as S3 defines them: 3 to 63 lower-case letters, digits, dots and hyphens.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export const s3EnvShape = {
  S3_BUCKET: opt(z.string().trim().regex(BUCKET, 'deve ser um nome de bucket (3 a 63 letras minúsculas, números, pontos e hífens)')),
  S3_ENDPOINT: opt(baseUrl),
  S3_REGION: opt(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, 'deve ser uma região como us-east-1 (ou auto)'),
  ),
  S3_ACCESS_KEY_ID: opt(z.string().trim()),
  S3_SECRET_ACCESS_KEY: opt(z.string().trim()),
  S3_FORCE_PATH_STYLE: opt(
    z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'deve ser true ou false').transform((v) => ['true', '1', 'yes'].includes(v)),
  ),
  S3_PUBLIC_URL: opt(baseUrl),
};

type RawS3Env = z.output<z.ZodObject<typeof s3EnvShape>>;

export interface S3EnvProblem {
  variable: string;
  message: string;
}

/** The settings, or null without S3_BUCKET; throws the problems of a configuration that cannot work. */
export function s3Settings(raw: RawS3Env): S3Settings | null {
  const problems: S3EnvProblem[] = [];
  if (!raw.S3_BUCKET) {
    for (const name of Object.keys(s3EnvShape).filter((n) => n !== 'S3_BUCKET')) {
      if (raw[name as keyof RawS3Env] !== undefined) problems.push({ variable: name, message: 'só vale com S3_BUCKET definido' });
    }
    if (problems.length) throw new S3EnvError(problems);
    return null;
  }
  if (!raw.S3_ACCESS_KEY_ID !== !raw.S3_SECRET_ACCESS_KEY) {
    const missing = raw.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new S3EnvError([{ variable: missing, message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntas' }]);
  }
  return {
    bucket: raw.S3_BUCKET,
    endpoint: raw.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    region: raw.S3_REGION ?? 'us-east-1',
    credentials:
      raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: raw.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
  };
}

export class S3EnvError extends Error {
  constructor(readonly problems: S3EnvProblem[]) {
    super(problems.map((p) => `${p.variable}: ${p.message}`).join('; '));
  }
}
