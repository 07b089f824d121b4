import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  idParamsSchema,
  signinResponseSchema,
  SSO_TEXTS,
  ssoConfigBodySchema,
  ssoConfigResponseSchema,
  ssoExchangeBodySchema,
  ssoLookupQuerySchema,
  ssoLookupResponseSchema,
} from '@chat/contracts';
import { notFound } from '../../lib/errors';
import { actorOf } from '../audit/audit';
import { describeUserAgent } from '../auth/session-device';
import { signedInRoutes } from '../auth/signed-in-routes';
import type { OidcClients } from './oidc-client';
import { assertAdminKeepsAWayIn, requireSsoAccess } from './sso-access';
import { findSsoByDomain, readSsoConfig, saveSsoConfig, ssoSignInUrl } from './sso-config';
import { exchangeHandoff, SsoSignIn, type Step } from './sso-sign-in';

/** Binds the provider's return to the browser that left: only that browser holds the state. */
const STATE_COOKIE = 'papo_sso_state';

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function stateCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${STATE_COOKIE}=${value}`,
    'Path=/api/sso',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

// Mounted under /api: the workspace's configuration (ROOT, or its ADMIN when allowed), the sign-in page's lookup, the provider's return and
// the page's exchange of its one-time code.
export const ssoApiRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const clients = app.ssoClients;
  const flow = new SsoSignIn(ctx, clients);
  const secure = ctx.env.appUrl.startsWith('https://');
  const routes = app.withTypeProvider<ZodTypeProvider>();

  await app.register(
    signedInRoutes({ roles: ['ROOT', 'ADMIN'] }, (admins) => {
      admins.get(
        '/workspace/:id/sso',
        { preHandler: requireSsoAccess, schema: { params: idParamsSchema, response: { 200: ssoConfigResponseSchema } } },
        (request) => readSsoConfig(ctx.db, request.params.id, ctx.env.appUrl),
      );
      admins.put(
        '/workspace/:id/sso',
        {
          preHandler: requireSsoAccess,
          schema: { params: idParamsSchema, body: ssoConfigBodySchema, response: { 200: ssoConfigResponseSchema } },
        },
        (request) => {
          const { user, body } = request;
          const check = user.role === 'ADMIN' ? (secret: string) => assertAdminKeepsAWayIn(clients, user, body, secret) : undefined;
          return saveSsoConfig(ctx.db, request.params.id, body, ctx.env.appUrl, actorOf(request), check);
        },
      );
    }),
  );

  routes.get(
    '/sso/lookup',
    { schema: { querystring: ssoLookupQuerySchema, response: { 200: ssoLookupResponseSchema } } },
    async (request) => {
      await ctx.rateLimiter.consume([{ name: 'sso-lookup:ip', subject: request.ip, rule: ctx.rateLimits.ssoLookupPerIp }]);
      const sso = await findSsoByDomain(ctx.db, request.query.email.split('@')[1] ?? '');
      if (!sso) throw notFound(SSO_TEXTS.notFound);
      return { url: new URL(ssoSignInUrl(ctx.env.appUrl, sso.slug)).pathname };
    },
  );

  routes.get(
    '/sso/callback',
    {
      schema: {
        description: 'O endereço de retorno a cadastrar no provedor: 302 para /sso#codigo=... ou /sso?erro=<motivo>.',
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      const step = await flow.callback(request.query, readCookie(request.headers.cookie, STATE_COOKIE));
      reply.header('set-cookie', stateCookie('', 0, secure));
      return redirect(reply, step);
    },
  );

  routes.post(
    '/sso/exchange',
    { config: { keepsSession: true }, schema: { body: ssoExchangeBodySchema, response: { 200: signinResponseSchema } } },
    (request) => exchangeHandoff(ctx, request.body.code, describeUserAgent(request.headers['user-agent'])),
  );
};

/** /sso/<slug>: the workspace's own link, straight to its provider (no page to download first). */
export const ssoStartRoute: FastifyPluginAsync = async (app) => {
  const flow = new SsoSignIn(app.ctx, app.ssoClients);
  const secure = app.ctx.env.appUrl.startsWith('https://');
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/sso/:slug',
      { schema: { params: z.object({ slug: z.string().check(z.maxLength(100)) }), hide: true } },
      async (request, reply) => {
        const step = await flow.start(request.params.slug.toLowerCase());
        if (step.kind === 'provider') reply.header('set-cookie', stateCookie(step.state, 600, secure));
        return redirect(reply, step);
      },
    );
};

function redirect(reply: FastifyReply, step: Step) {
  return reply.header('cache-control', 'no-store').redirect(step.kind === 'provider' ? step.url : step.location, 302);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Discovered providers, shared by the start and the return. */
    ssoClients: OidcClients;
  }
}
