import type { FastifyRequest } from 'fastify';
import { generatePublicMediaUrlBodySchema, generatePublicMediaUrlResponseSchema } from '@chat/contracts';
import { signedInRoutes } from '../auth/signed-in-routes';
import { executableRefused, isExecutableFile, refusesExecutables } from './executables';
import { invalidFileType } from './media-errors';
import { folderLimit, tooLarge } from './media-limits';
import { isImageContentType, newMediaKey } from './media-key';
import { uploadUrl } from './media-signer';
import { isDirectUploadStore } from './media-store';
import { assertStorageRoom, recordPendingUpload } from './media-uploads';
import { mediaOrigin } from './own-media-url';

/**
 * A type a photo may never be (SVG, HTML, PDF...) is a 415 with the browser's own alert text, not a
 * generic 400: it is checked before the schema, which would otherwise refuse it first. Files take
 * any type.
 */
async function refuseNonImageType(request: FastifyRequest): Promise<void> {
  const body = request.body as { contentType?: unknown; folder?: unknown } | null;
  if (body?.folder === 'files') return;
  if (typeof body?.contentType === 'string' && !isImageContentType(body.contentType)) throw invalidFileType();
}

// Mounted under /api. Checked on request, before the body is even parsed: anonymous callers learn
// nothing about it.
export const mediaUrlRoutes = signedInRoutes({ stage: 'onRequest' }, (routes) => {
  const { db, env, mediaSigner, mediaStore, now, rateLimiter, rateLimits } = routes.ctx;
  const origin = mediaOrigin(env.appUrl);

  routes.post(
    '/cloud/generate-public-media-url',
    {
      preValidation: refuseNonImageType,
      schema: { body: generatePublicMediaUrlBodySchema, response: { 200: generatePublicMediaUrlResponseSchema } },
    },
    async (request) => {
      const { user } = request;
      // Each URL lets one file of up to its folder's limit onto the disk: a member gets a few a minute.
      await rateLimiter.consume([{ name: 'upload-url:member', subject: user.id, rule: rateLimits.uploadUrlsPerMember }]);
      const { fileName, folder, size = 0 } = request.body;
      // Parameters ('audio/webm;codecs=opus' has none here: the schema refuses them) and case never
      // make two types of one.
      const contentType = request.body.contentType.toLowerCase();
      // Refused before the upload starts: a file over the limit, one the quota has no room for, or an
      // executable where the workspace refuses them (its bytes are checked again on upload).
      const limit = folderLimit(folder, env);
      if (size > limit.maxBytes) throw tooLarge(limit);
      await assertStorageRoom(db, user.workspaceId, size);
      if (folder === 'files' && isExecutableFile(fileName, contentType) && (await refusesExecutables(db, user.workspaceId))) {
        throw executableRefused();
      }
      const media = newMediaKey(folder, fileName, contentType);
      if (!isDirectUploadStore(mediaStore)) return { url: uploadUrl(origin, media, mediaSigner.sign(media, user.id, now(), contentType)) };
      // Straight to the bucket: who it is for is written now, and the object checked before any use.
      await recordPendingUpload(db, media, user, request.body.size ?? null, contentType);
      const upload = await mediaStore.presignUpload(media, { contentType, size: request.body.size ?? null });
      return { ...upload, publicUrl: `${mediaStore.publicBaseUrl}/${media.key}` };
    },
  );
});
