import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import { contentSecurityPolicy, type CspDirectives } from './content-security-policy';

/**
 * A different policy for the routes under one path prefix, e.g. an API reference page at
 * /api/docs that needs inline script: `{ prefix: '/api/docs', csp: (d) => ({ ...d, 'script-src': [...] }) }`.
 * Only routes registered after registerSecurityHeaders are matched (they are seen as they are added).
 */
export interface PrefixPolicy {
  prefix: string;
  /** Derives the prefix's directives from the page policy. */
  csp?: (directives: CspDirectives) => CspDirectives;
  /** Other helmet settings for those routes (contentSecurityPolicy comes from `csp`). */
  helmet?: FastifyHelmetOptions;
}

/**
 * Remotes may be loaded by a shell on another origin (REMOTE_<NAME>_URL pointing here): their
 * scripts are fetched without CORS, which Cross-Origin-Resource-Policy: same-origin would block.
 */
export const DEFAULT_PREFIX_POLICIES: readonly PrefixPolicy[] = [
  { prefix: '/remotes/', helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } },
];

/**
 * Powerful features the product never uses, turned off for the page and anything it might embed.
 * Notifications (the one permission the product asks for) are not a policy-controlled feature, so
 * they stay available; only features Chromium recognises are listed (others log console errors).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

function baseOptions(env: Pick<Env, 'appUrl'>, directives: CspDirectives): FastifyHelmetOptions {
  const https = new URL(env.appUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Reset links carry their token in the URL: it must never leave in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    // Old browsers without frame-ancestors: no framing either.
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Over plain http (a laptop, the tests) HSTS would be ignored at best and pin localhost at worst.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Security headers on every answer (pages, remote files, API, media, errors, 404s) through helmet,
 * with the CSP from the deployment's configuration; PrefixPolicy entries adjust route families.
 * Routes that set a stricter header themselves (media files: default-src 'none') keep theirs.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  env: Pick<Env, 'appUrl' | 'remoteUrls'>,
  prefixPolicies: readonly PrefixPolicy[] = DEFAULT_PREFIX_POLICIES,
): Promise<void> {
  const directives = contentSecurityPolicy(env);

  // Added before helmet's own onRoute hook, which turns a route's `helmet` option into its config.
  app.addHook('onRoute', (route) => {
    const policy = prefixPolicies.find((p) => route.url.startsWith(p.prefix));
    if (!policy || route.helmet !== undefined) return;
    route.helmet = {
      ...policy.helmet,
      contentSecurityPolicy: { useDefaults: false, directives: policy.csp ? policy.csp(directives) : directives },
    };
  });

  await app.register(fastifyHelmet, { global: true, ...baseOptions(env, directives) });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
