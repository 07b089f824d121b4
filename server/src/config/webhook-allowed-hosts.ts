import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * WEBHOOK_ALLOWED_HOSTS: the internal addresses outgoing webhooks may post to after all (the
 * server refuses loopback, link-local and private ranges otherwise). Each entry is a host name
 * (lower case), an IP address or a CIDR range (`10.1.0.0/16`).
 */
export interface WebhookAllowedHosts {
  names: readonly string[];
  ranges: ReadonlyArray<{ address: string; prefix: number; family: 'ipv4' | 'ipv6' }>;
}

const NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function parseEntry(entry: string): { name: string } | { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.replace(/^\[|\]$/g, '').split('/');
  const version = isIP(address);
  if (version === 0) return prefixText === undefined && NAME.test(entry) ? { name: entry } : null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export const webhookAllowedHostsSchema = z.string().transform((value, context) => {
  const hosts: { names: string[]; ranges: Array<{ address: string; prefix: number; family: 'ipv4' | 'ipv6' }> } = { names: [], ranges: [] };
  for (const entry of value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)) {
    const parsed = parseEntry(entry);
    if (!parsed) {
      context.addIssue({ code: 'custom', message: `entrada inválida: ${entry} (use host, endereço IP ou faixa CIDR)` });
      return z.NEVER;
    }
    if ('name' in parsed) hosts.names.push(parsed.name);
    else hosts.ranges.push(parsed);
  }
  return hosts;
});

export const NO_ALLOWED_HOSTS: WebhookAllowedHosts = { names: [], ranges: [] };
