import type { FastifyPluginAsync, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { generatePublicMediaUrlBodySchema, generatePublicMediaUrlResponseSchema } from '@chat/contracts';
import { requireAuth } from '../auth/require-auth';
import { invalidFileType } from './media-errors';
import { isImageContentType, newMediaKey } from './media-key';
import { uploadUrl } from './media-signer';
import { assertStorageRoom } from './media-uploads';
import { mediaOrigin } from './own-media-url';

/**
 * A type the store will never accept (SVG, HTML, PDF...) is a 415 with the browser's own alert text,
 * not a generic 400: it is checked before the schema, which would otherwise refuse it first.
 */
const refuseNonImageType: preValidationAsyncHookHandler = async (request) => {
  const contentType = (request.body as { contentType?: unknown } | null)?.contentType;
  if (typeof contentType === 'string' && !isImageContentType(contentType)) throw invalidFileType();
};

// Mounted under /api.
export const mediaUrlRoutes: FastifyPluginAsync = async (app) => {
  const { db, env, mediaSigner, now, rateLimiter, rateLimits } = app.ctx;
  const origin = mediaOrigin(env.appUrl);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/cloud/generate-public-media-url',
    {
      // On request, before the body is even parsed: anonymous callers learn nothing about it.
      onRequest: requireAuth(),
      preValidation: refuseNonImageType,
      schema: { body: generatePublicMediaUrlBodySchema, response: { 200: generatePublicMediaUrlResponseSchema } },
    },
    async (request) => {
      const user = request.user!;
      // Each URL lets one file of up to 10 MB onto the disk: a member gets a few a minute.
      await rateLimiter.consume([{ name: 'upload-url:member', subject: user.id, rule: rateLimits.uploadUrlsPerMember }]);
      await assertStorageRoom(db, user.workspaceId, 0);
      const { fileName, contentType, folder } = request.body;
      const media = newMediaKey(folder, fileName, contentType);
      return { url: uploadUrl(origin, media, mediaSigner.sign(media, user.id, now())) };
    },
  );
};
