import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

// S3_BUCKET chooses the bucket; the other S3_* variables only make sense with it.

const problems = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
};

describe('S3_* variables', () => {
  it('keep media on the local disk without S3_BUCKET', () => {
    expect(parseEnv({}).s3).toBeNull();
  });

  it('read a bucket with its endpoint, credentials, path style and public URL', () => {
    expect(
      parseEnv({
        S3_BUCKET: 'papo-midia',
        S3_ENDPOINT: 'https://minio.exemplo.com.br/',
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'chave',
        S3_SECRET_ACCESS_KEY: 'segredo',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.exemplo.com.br/midia/',
      }).s3,
    ).toEqual({
      bucket: 'papo-midia',
      endpoint: 'https://minio.exemplo.com.br',
      region: 'sa-east-1',
      credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.exemplo.com.br/midia',
    });
  });

  it("default to AWS's us-east-1, virtual-host style and the SDK's own credentials", () => {
    expect(parseEnv({ S3_BUCKET: 'papo-midia' }).s3).toEqual({
      bucket: 'papo-midia',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      publicUrl: null,
    });
  });

  it('name each wrong variable in Portuguese', () => {
    expect(
      problems({
        S3_BUCKET: 'Papo_Midia',
        S3_ENDPOINT: 'ftp://x',
        S3_REGION: 'São Paulo',
        S3_FORCE_PATH_STYLE: 'talvez',
        S3_PUBLIC_URL: 'https://cdn.exemplo.com.br/?assinatura=1',
      }),
    ).toEqual([
      { variable: 'S3_BUCKET', message: 'deve ser um nome de bucket (3 a 63 letras minúsculas, números, pontos e hífens)' },
      { variable: 'S3_ENDPOINT', message: 'deve ser uma URL http(s):// sem query, fragmento nem credenciais' },
      { variable: 'S3_REGION', message: 'deve ser uma região como us-east-1 (ou auto)' },
      { variable: 'S3_FORCE_PATH_STYLE', message: 'deve ser true ou false' },
      { variable: 'S3_PUBLIC_URL', message: 'deve ser uma URL http(s):// sem query, fragmento nem credenciais' },
    ]);
  });

  it('refuse the other variables without S3_BUCKET, and one credential without the other', () => {
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://cdn.exemplo.com.br' })).toEqual([
      { variable: 'S3_ENDPOINT', message: 'só vale com S3_BUCKET definido' },
      { variable: 'S3_PUBLIC_URL', message: 'só vale com S3_BUCKET definido' },
    ]);
    expect(problems({ S3_BUCKET: 'papo-midia', S3_ACCESS_KEY_ID: 'chave' })).toEqual([
      { variable: 'S3_SECRET_ACCESS_KEY', message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntas' },
    ]);
  });
});
