import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, uploadTimeoutFor } from '@chat/contracts';
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
import { executableCheck, executableRefused, isExecutableFile, refusesExecutables } from './executables';
import { signatureCheck } from './file-signature';
import { folderLimit, tooLarge } from './media-limits';
import { type MediaKey, parseMediaKey } from './media-key';
import { originalFileName, parseRange, serveHeaders, sliceStream } from './media-serve';
import { publicMediaUrl } from './media-signer';
import { activeUploader, assertStorageRoom, recordUpload, storageQuotaExceeded } from './media-uploads';
import { mediaOrigin } from './own-media-url';

export const MEDIA_NOT_FOUND = 'Arquivo não encontrado';

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
function checkedBody(raw: IncomingMessage, contentType: string, timeoutMs: number, refuseExecutables: boolean): Transform {
  const signed = signatureCheck(contentType);
  // An executable's bytes are refused where the workspace asks, whatever its name and type said.
  const checked = refuseExecutables ? signed.pipe(executableCheck()) : signed;
  signed.on('error', (error) => checked.destroy(error));
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
  raw.pipe(signed);
  return checked;
}

/**
 * How long the server waits for a body of `bytes`: twice what the browser waits (uploadTimeoutFor,
 * 60 s or the time the file needs on a slow link), so the browser's own timeout always comes first.
 */
export const uploadTimeoutMsFor = (bytes: number) => 2 * uploadTimeoutFor(bytes);
export const DEFAULT_UPLOAD_TIMEOUT_MS = 2 * LIMITS.uploadTimeoutMs;

export interface MediaFileRoutesOptions {
  /** How long one PUT may take to send its body (tests); by default by its size (uploadTimeoutMsFor). */
  uploadTimeoutMs?: number;
}

// Mounted at the root: /media/<folder>/<file>, the same path for PUT (signed) and GET (public).
export const mediaFileRoutes: FastifyPluginAsync<MediaFileRoutesOptions> = async (app, options) => {
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
      // The room left bounds the body too: a size declared small (or not at all) cannot pass the quota.
      const room = await assertStorageRoom(db, uploader.workspaceId, declaredBytes);
      const refuseExecutables = media.folder === 'files' && (await refusesExecutables(db, uploader.workspaceId));
      if (refuseExecutables && isExecutableFile(media.file, signed.contentType)) throw executableRefused();
      if (await mediaStore.exists(media.key)) throw uploadUrlUsed();

      const timeoutMs = options.uploadTimeoutMs ?? uploadTimeoutMsFor(declaredBytes || limit.maxBytes);
      const body = checkedBody(request.raw, signed.contentType, timeoutMs, refuseExecutables);
      const maxBytes = Math.min(limit.maxBytes, room);
      let stored: { size: number };
      try {
        stored = await mediaStore.put(body, media.key, { maxBytes });
      } catch (error) {
        request.raw.unpipe();
        request.raw.pause();
        // The store's own refusal names the image limit: a file's names its folder's, or the quota.
        if (error instanceof AppError && error.message === FILE_TOO_LARGE)
          throw maxBytes < limit.maxBytes ? storageQuotaExceeded() : tooLarge(limit);
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
    const originalName = media.attachment ? await originalFileName(db, publicMediaUrl(origin, media)) : null;
    reply.headers(serveHeaders(media, originalName));
    const range = parseRange(request.headers.range, stored.size);
    if (range === null) return reply.header('content-length', stored.size).send(stored.stream);
    if (range === 'unsatisfiable') {
      stored.stream.destroy();
      return reply.code(416).header('content-range', `bytes */${stored.size}`).send();
    }
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(sliceStream(stored.stream, range));
  });
};
