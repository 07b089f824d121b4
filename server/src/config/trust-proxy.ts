import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What Fastify's `trustProxy` takes: whether to believe X-Forwarded-For at all (true: every hop,
 * only safe when nothing can reach the server but the proxy), how many proxy hops sit in front of
 * it, or the addresses/networks of the proxies to believe.
 */
export type TrustProxy = boolean | number | string[];

/** Names proxy-addr (Fastify's resolver) knows for the private ranges. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrNetwork(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: true/false, a hop count (1 = one load balancer), or a comma-separated list of IPs/CIDRs. */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrNetwork(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `deve ser true, false, um número de saltos ou IPs/CIDRs separados por vírgula (inválido: ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * As Fastify's option: its runtime takes a hop count, its types do not, so a count becomes the
 * function Fastify itself would build from it (believe the `hops` nearest addresses).
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
