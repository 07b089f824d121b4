import path from 'node:path';
import type { FastifyReply } from 'fastify';

/** Rsbuild puts a content hash in built asset names (index.3f2a1b9c.js); those never change. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** The precompressed copy sent instead of a file (index.3f2a1b9c.js.br) is cached like the file. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * Hashed assets (remote entries included: remote_chat.<hash>.js) are cached for a year;
 * everything else (index.html, mf-manifest.json, sw.js, favicon...) is revalidated on every
 * load, so a redeploy shows at once.
 */
export function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header(
    'cache-control',
    HASHED_NAME.test(path.basename(filePath).replace(COMPRESSED_COPY, '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}
