import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers fit in one packet; compressing them costs CPU and saves nothing. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON (the API's only body type, application/problem+json included), nothing else. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * Compresses the JSON answers of the scope it is registered in (the /api routes) when they are
 * large enough: conversation lists and histories shrink several times over. Brotli at
 * @fastify/compress's fast default level (a per-request cost), then gzip. Limited to JSON so that
 * nothing already compressed (images) or served from the build (precompressed files, see web.ts) is
 * touched, and request bodies are never inflated: a compressed upload could pass the body limit
 * small and expand past it.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    customTypes: JSON_TYPE,
    globalDecompression: false,
  });
}
