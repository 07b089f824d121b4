// Brotli and gzip copies of every text asset, written next to it after each production build:
// the server picks one by the request's Accept-Encoding (@fastify/static's
// preCompressed) instead of compressing on every request. Node's zlib does both at the
// strongest settings; no plugin is needed for a directory walk and two calls.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text formats (maps are only fetched by devtools). */
const TEXT_ASSET = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/i;
/** Below this a response fits in one packet anyway, and the encoding's headers eat the gain. */
export const MIN_BYTES = 1024;
/** A copy must be at least this much smaller than the original to be kept. */
const MIN_SAVING = 0.05;

export const ENCODINGS = {
  br: (data) =>
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
};

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (entry.isFile() && TEXT_ASSET.test(entry.name)) yield file;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text asset of `dir` that is large enough and
 * shrinks enough; returns the totals. Copies are always made from the original file, so running
 * twice never compresses a compressed file.
 */
export async function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for await (const file of textFiles(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const data = await readFile(file);
    totals.files += 1;
    totals.bytes += data.length;
    for (const [extension, compress] of Object.entries(ENCODINGS)) {
      const compressed = await compress(data);
      if (compressed.length > data.length * (1 - MIN_SAVING)) continue;
      await writeFile(`${file}.${extension}`, compressed);
      totals[extension] += compressed.length;
    }
  }
  return totals;
}

const kB = (bytes) => `${Math.round(bytes / 1024)} kB`;

/**
 * Rsbuild plugin: precompresses the app's dist after a production build. Ordered last, so files
 * other plugins write after the bundle (the shell's sw.js) are compressed too.
 */
export function pluginPrecompress() {
  return {
    name: 'papo:precompress',
    setup(api) {
      api.onAfterBuild({
        order: 'post',
        handler: async ({ isFirstCompile }) => {
          if (!isFirstCompile) return;
          const { files, bytes, br, gz } = await precompressDir(api.context.distPath);
          console.log(`[compressão] ${files} arquivos, ${kB(bytes)} -> br ${kB(br)}, gzip ${kB(gz)}`);
        },
      });
    },
  };
}
