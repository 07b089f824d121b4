// Bundles the server into dist/main.js (options in bundle-options.mjs).
// Migrations are not bundled: dist/main.js finds server/drizzle by walking up from itself.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundleOptions } from './bundle-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
rmSync(path.join(here, 'dist'), { recursive: true, force: true });

await build({ ...serverBundleOptions(path.join(here, 'src/main.ts'), path.join(here, 'dist/main.js')), logLevel: 'info' });
