import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@chat/contracts';
import { AppError, notFound } from '../../lib/errors';
import {
  FILE_TOO_LARGE,
  invalidFileType,
  mediaPathInvalid,
  uploadInterrupted,
  uploadTimedOut,
  uploadUrlInvalid,
  uploadUrlUsed,
} from './media-errors';
import { signatureCheck } from './file-signature';
import { folderLimit, tooLarge } from './media-limits';
import { downloadName, DOWNLOAD_CONTENT_TYPE, type MediaKey, parseMediaKey } from './media-key';
import { publicMediaUrl } from './media-signer';
import { activeUploader, assertStorageRoom, recordUpload } from './media-uploads';
import { mediaOrigin } from './own-media-url';

export const MEDIA_NOT_FOUND = 'Arquivo não encontrado';

/**
 * Uploaded files never change (a new upload is a new URL). Whatever a file holds, it is served as
 * an image, audio or video whose signature was checked, or as a download (serveHeaders).
 */
const SERVE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Opened directly, the file still cannot run script or load anything.
  'content-security-policy': "default-src 'none'",
};

/**
 * A download is never rendered: a type no browser shows (so HTML, SVG, XML and PDF alike are
 * saved, not opened) and an attachment under its safe name.
 */
function serveHeaders(media: MediaKey): Record<string, string> {
  if (!media.attachment) return { ...SERVE_HEADERS, 'content-type': media.contentType };
  return {
    ...SERVE_HEADERS,
    'content-type': DOWNLOAD_CONTENT_TYPE,
    'content-disposition': `attachment; filename="${downloadName(media)}"`,
  };
}

/** The raw request target, split by hand: URL parsing would resolve "..", which must be refused instead. */
function mediaTarget(url: string): { media: MediaKey | null; query: URLSearchParams } {
  const cut = url.indexOf('?');
  const pathname = cut === -1 ? url : url.slice(0, cut);
  const query = new URLSearchParams(cut === -1 ? '' : url.slice(cut + 1));
  return { media: pathname.startsWith('/media/') ? parseMediaKey(pathname.slice('/media/'.length)) : null, query };
}

const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase();

/**
 * The request body through the signature check. Piped rather than pipelined: a failure must not
 * destroy the request (that would kill the socket before the 413/415 is sent). A client that
 * goes away mid-upload fails the upload, so the temporary file is removed.
 */
function checkedBody(raw: IncomingMessage, contentType: string, timeoutMs: number): Transform {
  const checked = signatureCheck(contentType);
  // A client trickling bytes would hold a connection and a temporary file for ever.
  const timer = setTimeout(() => checked.destroy(uploadTimedOut()), timeoutMs);
  checked.once('close', () => clearTimeout(timer));
  // The check may fail before the store starts its pipeline (it opens a file first); the store
  // still sees the error, as the stream stays errored. Without a listener it would crash the process.
  checked.on('error', () => undefined);
  const interrupted = () => checked.destroy(uploadInterrupted());
  raw.once('error', interrupted);
  raw.once('close', () => {
    if (!raw.complete) interrupted();
  });
  return raw.pipe(checked);
}

/**
 * The browser gives up after 60 s (docs/produto.md, Validação e limites); the server allows twice
 * that.
 */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 2 * LIMITS.uploadTimeoutMs;

export interface MediaFileRoutesOptions {
  /** How long one PUT may take to send its body. */
  uploadTimeoutMs?: number;
}

// Mounted at the root: /media/<folder>/<file>, the same path for PUT (signed) and GET (public).
export const mediaFileRoutes: FastifyPluginAsync<MediaFileRoutesOptions> = async (app, options) => {
  const uploadTimeoutMs = options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS;
  const { db, env, mediaSigner, mediaStore, now } = app.ctx;
  const origin = mediaOrigin(env.appUrl);

  // Any body type reaches the handler unread and unbuffered: the handler decides, then streams.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // A refused upload whose body is still arriving: close the connection after the answer rather
  // than read (and discard) up to a whole file more.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'PUT' && reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
  });

  app.put(
    '/media/*',
    { bodyLimit: Math.max(LIMITS.imageMaxBytes, folderLimit('files', env).maxBytes) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { media, query } = mediaTarget(request.url);
      if (!media) throw mediaPathInvalid();
      const signed = mediaSigner.verify(media, query, now());
      if (!signed) throw uploadUrlInvalid();
      if (mediaTypeOf(request.headers['content-type']) !== signed.contentType) throw invalidFileType();
      const limit = folderLimit(media.folder, env);
      const declaredBytes = Number(request.headers['content-length'] ?? 0);
      if (declaredBytes > limit.maxBytes) throw tooLarge(limit);
      // The file will belong to the uploader's workspace: an account removed since the URL was made uploads nothing.
      const uploader = await activeUploader(db, signed.uploader);
      if (!uploader) throw uploadUrlInvalid();
      await assertStorageRoom(db, uploader.workspaceId, declaredBytes);
      if (await mediaStore.exists(media.key)) throw uploadUrlUsed();

      const body = checkedBody(request.raw, signed.contentType, uploadTimeoutMs);
      let stored: { size: number };
      try {
        stored = await mediaStore.put(body, media.key, { maxBytes: limit.maxBytes });
      } catch (error) {
        request.raw.unpipe(body);
        request.raw.pause();
        // The store's own refusal names the image limit: a file's names its folder's.
        if (error instanceof AppError && error.message === FILE_TOO_LARGE) throw tooLarge(limit);
        throw error;
      }
      try {
        await recordUpload(db, media, uploader, stored.size, signed.contentType);
      } catch (error) {
        // A file nobody owns could never be used nor counted: it goes.
        await mediaStore.delete(media.key);
        throw error;
      }
      return reply.code(200).send({ url: publicMediaUrl(origin, media) });
    },
  );

  app.get('/media/*', async (request, reply) => {
    const { media } = mediaTarget(request.url);
    const stored = media ? await mediaStore.get(media.key) : null;
    if (!media || !stored) throw notFound(MEDIA_NOT_FOUND);
    return reply.headers(serveHeaders(media)).header('content-length', stored.size).send(stored.stream);
  });
};
