import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// An S3-compatible server for the tests: s3rver on 127.0.0.1, a port of its own, one bucket that
// lets browsers PUT from any origin (as docs/operacao.md configures a real bucket for the app's).
// s3rver does not check signatures, conditional writes nor access: what the store must refuse
// there is checked again by the server before a message uses an object.

export const TEST_BUCKET = 'papo-teste';
/** s3rver's one account. */
export const TEST_S3_KEY = 'S3RVER';

/** The CORS rules of docs/operacao.md: PUT with the signed headers, GET from anywhere. */
export const BUCKET_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>content-type</AllowedHeader>
    <AllowedHeader>content-disposition</AllowedHeader>
    <AllowedHeader>cache-control</AllowedHeader>
    <AllowedHeader>if-none-match</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface TestS3 {
  endpoint: string;
  /** The server's S3_* variables for this bucket. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects. */
  directory: string;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'chat-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: TEST_BUCKET, configs: [BUCKET_CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: TEST_S3_KEY,
      S3_SECRET_ACCESS_KEY: TEST_S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
