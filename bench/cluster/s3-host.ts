import S3rver from 's3rver';

// The cluster drill's S3-compatible store (s3rver, as the server's S3 tests use), a child process
// in the store's network namespace. Told where to listen and what to keep in S3_HOST (JSON);
// answers `ready` over IPC once it listens, and stops on SIGTERM.

interface S3HostConfig {
  address: string;
  port: number;
  directory: string;
  bucket: string;
  /** The bucket's CORS configuration (XML), as the operator's guide gives it. */
  cors: string;
}

const config = JSON.parse(process.env.S3_HOST ?? '{}') as S3HostConfig;
const server = new S3rver({
  address: config.address,
  port: config.port,
  silent: true,
  directory: config.directory,
  vhostBuckets: false,
  configureBuckets: [{ name: config.bucket, configs: [config.cors] }],
});
await server.run();
process.send?.({ type: 'ready' });
process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
