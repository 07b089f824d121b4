import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../../config/env';
import { contentSecurityPolicy, type CspDirectives } from './content-security-policy';

/**
 * A different policy for the routes under one path prefix, e.g. an API reference page at
 * /api/docs that needs inline script: `{ prefix: '/api/docs', csp: (d) => ({ ...d, 'script-src': [...] }) }`.
 */
export interface PrefixPolicy {
  prefix: string;
  /** Derives the prefix's directives from the page policy. */
  csp?: (directives: CspDirectives) => CspDirectives;
  /** Other helmet settings for those routes (contentSecurityPolicy comes from `csp`), as helmet takes them. */
  helmet?: HelmetSettings;
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
  // Voice notes record from the microphone: this page only, nothing it embeds.
  .concat('microphone=(self)')
  .join(', ');

/**
 * helmet's options, loosely typed: HelmetOptions is a union of tens of thousands of members, and
 * spreading two of them sends tsc into minutes of work. helmet itself checks them (it throws on a bad one).
 */
type HelmetSettings = Record<string, unknown>;

function baseOptions(env: Pick<Env, 'appUrl'>, directives: CspDirectives): HelmetSettings {
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
 * The headers helmet sets for one configuration, worked out once: they depend on the configuration
 * only. (@fastify/helmet built helmet's middleware again, and parsed the CSP again, for every
 * request, a visible share of a message send's CPU in a profile.)
 */
function headersOf(options: HelmetSettings): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet recusou as opções', { cause: error });
  });
  return [...headers];
}

/**
 * Security headers on every answer (pages, remote files, API, media, errors, 404s) through helmet,
 * with the CSP from the deployment's configuration; PrefixPolicy entries adjust route families.
 * Routes that set a stricter header themselves (media files: default-src 'none') keep theirs.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  env: Pick<Env, 'appUrl' | 'remoteUrls'>,
  {
    mediaOrigins = [],
    prefixPolicies = DEFAULT_PREFIX_POLICIES,
  }: { mediaOrigins?: readonly string[]; prefixPolicies?: readonly PrefixPolicy[] } = {},
): Promise<void> {
  const directives = contentSecurityPolicy(env, mediaOrigins);
  const base = baseOptions(env, directives);
  const withPermissions = (options: HelmetSettings) => [...headersOf(options), ['permissions-policy', PERMISSIONS_POLICY] as const];
  const everywhere = withPermissions(base);
  const byPrefix = prefixPolicies.map((policy) => ({
    prefix: policy.prefix,
    headers: withPermissions({
      ...base,
      ...policy.helmet,
      contentSecurityPolicy: { useDefaults: false, directives: policy.csp ? policy.csp(directives) : directives },
    }),
  }));

  app.addHook('onRequest', async (request, reply) => {
    // The route's path as registered (none for a 404: the page policy).
    const route = request.routeOptions.url;
    const headers = (route !== undefined && byPrefix.find((p) => route.startsWith(p.prefix))?.headers) || everywhere;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
}
