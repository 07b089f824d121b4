import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The server package's folder, found as Node resolves the dependency: the drill builds and starts
 * its dist/main.js there, and the load harness bundles its product child beside it.
 */
export const SERVER_DIR = path.dirname(createRequire(import.meta.url).resolve('@chat/server/package.json'));
