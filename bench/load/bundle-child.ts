import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundleOptions } from '@chat/server/bundle-options';
import { SERVER_DIR } from '../server-dir';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A child of the harness (`<name>.ts` here) bundled as production bundles the server
 * (dist/main.js), to be started by plain node. The product: run from source through tsx, a start
 * (the restart case) also paid for transpiling every file, a second or more on a quiet machine
 * and several seconds on a loaded one. The client workers: through tsx, every error of a
 * reconnection attempt (thousands while the server restarts) had its stack mapped through the
 * source maps, and the loader's hooks ran on another thread, all on the cores the server needs.
 * The product child is written into the server's dist/ folder, beside dist/main.js: its imports
 * are the server's dependencies, resolved from there, and it finds the migrations as
 * dist/main.js does. The client worker stays here, among the harness's own dependencies.
 * Returns the file.
 */
export async function bundleChild(name: 'product-server' | 'client-worker'): Promise<string> {
  return bundleEntry(path.join(here, `${name}.ts`), name === 'product-server' ? 'server' : 'client');
}

/**
 * Any harness child (`entry`, a .ts file of the bench) bundled as above: a 'server' child beside
 * the server's dist/main.js, a 'client' one in this folder's dist/. Returns the file.
 */
export async function bundleEntry(entry: string, side: 'server' | 'client'): Promise<string> {
  const outDir = side === 'server' ? path.join(SERVER_DIR, 'dist', 'bench') : path.join(here, 'dist');
  const outfile = path.join(outDir, `${path.basename(entry, '.ts')}.mjs`);
  await build(serverBundleOptions(entry, outfile));
  return outfile;
}
