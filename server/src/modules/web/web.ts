import { existsSync } from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type AppConfig } from '@chat/contracts';
import { notFoundBody } from '../../plugins/error-handler';
import { setCacheHeaders } from './cache-headers';
import { buildIndexPages, type IndexPage } from './index-page';

// Production serving on the API's own port: the shell at /, each remote at /remotes/<name>/,
// and the SPA fallback that lets the browser router own every other page path.

/** Paths that never fall back to index.html: a miss there is a real 404. */
const RESERVED_PREFIXES = ['/api', '/remotes', '/media', '/socket.io'];

function isReserved(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return RESERVED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Build output is served as built: the build writes `<file>.br` and `<file>.gz` beside each text
 * asset (packages/build-config/precompress.mjs) and @fastify/static picks one from the request's
 * Accept-Encoding (q-values honoured; br, then gzip, then the file itself, also when a copy is
 * missing), with the original content-type, `Vary: accept-encoding` and the copy's length, for
 * GET, HEAD and ranges alike. Nothing here compresses at request time.
 */
const STATIC_OPTIONS = { preCompressed: true, cacheControl: false, setHeaders: setCacheHeaders } as const;

const ENCODINGS = ['br', 'gzip', 'identity'] as const;

/**
 * Sends a rendered page (index-page.ts) in the encoding the request accepts, with a validator per
 * encoding so that a revalidation ('no-cache', like the built file had) costs a 304.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  const accepted = negotiate(String(request.headers['accept-encoding'] ?? ''), [...ENCODINGS]) ?? 'identity';
  const etag = `"${page.etag}-${accepted}"`;
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (accepted !== 'identity') reply.header('content-encoding', accepted);
  return reply.send(accepted === 'br' ? page.br : accepted === 'gzip' ? page.gzip : page.html);
}

export interface WebOptions {
  webRoot: string;
  /** Written into the served page (index-page.ts); the same object /config.json answers. */
  config: AppConfig;
}

export async function registerWeb(app: FastifyInstance, { webRoot, config }: WebOptions): Promise<void> {
  const shellDist = path.join(webRoot, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');
  const hasShell = existsSync(shellIndex);
  const pageFor = hasShell ? buildIndexPages(shellIndex, config, webRoot) : null;
  let staticDecorated = false;

  // Hooks first: plugins registered below must inherit them.
  // Manifests are fetched cross-origin when a remote is hosted elsewhere, so the remotes answer
  // CORS (preflight included), even on 404.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/remotes/')) return;
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      return reply
        .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
        .header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*')
        .header('access-control-max-age', '86400')
        .code(204)
        .send();
    }
    return undefined;
  });

  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      // '/' is a page like any other (the fallback below); /index.html stays the built file.
      index: false,
      ...STATIC_OPTIONS,
    });
    staticDecorated = true;
    // The static route would answer '/' as a directory (403): the page is served there instead.
    const home = pageFor?.('/');
    if (home) app.get('/', (request, reply) => sendPage(request, reply, home));
  } else {
    app.log.warn(`shell não encontrado em ${shellDist}: servindo só a API (rode o build para servir o app)`);
  }

  for (const name of REMOTE_NAMES) {
    const dist = path.join(webRoot, `remote-${name}`, 'dist');
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: !staticDecorated,
      ...STATIC_OPTIONS,
    });
    staticDecorated = true;
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (pageFor && wantsHtml(request) && !isReserved(request.url)) {
      return sendPage(request, reply, pageFor(new URL(request.url, 'http://page').pathname));
    }
    return reply.code(404).send(notFoundBody());
  });
}
