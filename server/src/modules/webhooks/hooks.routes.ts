import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { incomingWebhookPayloadSchema, WEBHOOK_PAYLOAD_ERRORS, webhookPostResponseSchema } from '@chat/contracts';
import { badRequest } from '../../lib/errors';
import { zodValidatorCompiler } from '../../lib/validation';
import { WebhookPosts } from './webhook-post';

/** A webhook's payload is a message of at most a few KB: far larger is refused with 413 unread. */
export const HOOK_BODY_LIMIT_BYTES = 32 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(WEBHOOK_PAYLOAD_ERRORS.badJson);
  }
}

/**
 * The bodies tools send: JSON (also labelled text/plain by some), and Slack's older form,
 * `payload=<json>` URL-encoded. Only inside this route's scope.
 */
function acceptPayloadForms(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const json = (_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => {
    try {
      done(null, parseJson(body));
    } catch (error) {
      done(error as Error);
    }
  };
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, json);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    json(request, new URLSearchParams(body as string).get('payload') ?? '', done);
  });
}

// Mounted under /api, public: the token in the URL is the credential.
export const hookRoutes: FastifyPluginAsync = async (app) => {
  acceptPayloadForms(app);
  const posts = new WebhookPosts(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/hooks/:token',
    {
      bodyLimit: HOOK_BODY_LIMIT_BYTES,
      schema: {
        description:
          'Webhook de entrada: posta no grupo o `text` do Slack (com *negrito*, _itálico_, ~riscado~ e <url|rótulo>; `username` e `icon_url` quando o webhook permite) ou o `body` do Papo (`name`, `avatarUrl`, `clientId`). 404 para um token desconhecido, 429 acima do limite, 400 para um corpo inválido.',
        params: z.object({ token: z.string().check(z.maxLength(200)) }),
        body: incomingWebhookPayloadSchema,
        response: { 200: webhookPostResponseSchema },
      },
      // The body's meaning is read by parseIncomingPayload, after the token and the rate limit:
      // an unknown token is a 404 whatever it carries.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? (data: unknown) => ({ value: data })
          : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
    },
    (request) => posts.post(request.params.token, request.body),
  );
};
