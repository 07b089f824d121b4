import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_DIGEST_TEXTS as T, emailDigestUnsubscribeQuerySchema } from '@chat/contracts';
import { badRequest } from '../../lib/errors';
import { escapeHtml } from '../mail/html';
import { turnDigestsOff } from '../notification-settings/notification-settings.repository';

// Mounted under /api: the digest's "turn off" link, which works without signing in (its token is
// the credential, bound to one person; unsubscribe-token.ts). Turning digests off is all it does,
// and doing it twice is the same as once.
export const emailDigestRoutes: FastifyPluginAsync = async (app) => {
  const { db, digestTokens, env, now } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const turnOff = async (token: string) => {
    const userId = digestTokens.verify(token);
    if (!userId || !(await turnDigestsOff(db, userId, now()))) throw badRequest(T.badToken);
  };

  const schema = (description: string) => ({ description, querystring: emailDigestUnsubscribeQuerySchema });

  routes.get(
    '/email-digest/unsubscribe',
    { schema: schema('O link "desativar" do resumo por e-mail: desliga o resumo da pessoa do token e responde uma página.') },
    async (request, reply) => {
      await turnOff(request.query.token);
      return page(reply, env.appUrl);
    },
  );

  // RFC 8058: a mail client's "unsubscribe" button posts `List-Unsubscribe=One-Click` as a form;
  // the body says nothing the token does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  routes.post(
    '/email-digest/unsubscribe',
    { schema: schema('O mesmo, pelo botão "cancelar inscrição" do programa de e-mail (List-Unsubscribe-Post, RFC 8058).') },
    async (request, reply) => {
      await turnOff(request.query.token);
      return reply.status(204).send();
    },
  );
};

function page(reply: FastifyReply, appUrl: string) {
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${T.offTitle}</title></head>
<body><main><h1>${T.offTitle}</h1><p>${escapeHtml(T.offBody)}</p><p><a href="${escapeHtml(`${appUrl}/`)}">${T.openApp}</a></p></main></body></html>`;
  return reply.type('text/html; charset=utf-8').send(html);
}
