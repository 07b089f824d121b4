import type { FastifyRequest } from 'fastify';
import { generatePublicMediaUrlBodySchema, generatePublicMediaUrlResponseSchema } from '@chat/contracts';
import { signedInRoutes } from '../auth/signed-in-routes';
import { invalidFileType } from './media-errors';
import { isImageContentType, newMediaKey } from './media-key';
import { uploadUrl } from './media-signer';
import { assertStorageRoom } from './media-uploads';
import { mediaOrigin } from './own-media-url';

/**
 * A type the store will never accept (SVG, HTML, PDF...) is a 415 with the browser's own alert text,
 * not a generic 400: it is checked before the schema, which would otherwise refuse it first.
 */
async function refuseNonImageType(request: FastifyRequest): Promise<void> {
  const contentType = (request.body as { contentType?: unknown } | null)?.contentType;
  if (typeof contentType === 'string' && !isImageContentType(contentType)) throw invalidFileType();
}

// Mounted under /api. Checked on request, before the body is even parsed: anonymous callers learn
// nothing about it.
export const mediaUrlRoutes = signedInRoutes({ stage: 'onRequest' }, (routes) => {
  const { db, env, mediaSigner, now, rateLimiter, rateLimits } = routes.ctx;
  const origin = mediaOrigin(env.appUrl);

  routes.post(
    '/cloud/generate-public-media-url',
    {
      preValidation: refuseNonImageType,
      schema: { body: generatePublicMediaUrlBodySchema, response: { 200: generatePublicMediaUrlResponseSchema } },
    },
    async (request) => {
      const { user } = request;
      // Each URL lets one file of up to 10 MB onto the disk: a member gets a few a minute.
      await rateLimiter.consume([{ name: 'upload-url:member', subject: user.id, rule: rateLimits.uploadUrlsPerMember }]);
      await assertStorageRoom(db, user.workspaceId, 0);
      const { fileName, contentType, folder } = request.body;
      const media = newMediaKey(folder, fileName, contentType);
      return { url: uploadUrl(origin, media, mediaSigner.sign(media, user.id, now())) };
    },
  );
});
