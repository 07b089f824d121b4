import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundleOptions } from '../../bundle-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The product child bundled as production bundles the server (dist/main.js), to be started by
 * plain node: run from source through tsx, a start (the restart case) also paid for transpiling
 * every file, ~1.2 s more on a quiet machine and several seconds on a loaded one. Under server/,
 * so that it finds server/drizzle as dist/main.js does. Returns the file.
 */
export async function bundleProductServer(): Promise<string> {
  const outfile = path.join(here, 'dist', 'product-server.mjs');
  await build(serverBundleOptions(path.join(here, 'product-server.ts'), outfile));
  return outfile;
}
