import { z } from 'zod';

/**
 * The push services of the browsers people use: Chrome and Edge's (FCM, and WNS on Windows),
 * Firefox's (Mozilla autopush) and Safari's (Apple). A subscription's endpoint must be https on
 * one of these, so the server never posts to an address a member chose.
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** `host`, `host:port` or `*.domain` (any subdomain of it), lower case. */
const HOST_ENTRY = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** PUSH_ENDPOINT_HOSTS: a comma-separated list of such entries. */
export const pushEndpointHostsSchema = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.length > 0 && entries.every((entry) => HOST_ENTRY.test(entry)),
    'deve ser uma lista de hosts separados por vírgula (host, host:porta ou *.domínio)',
  );

/** Whether `endpoint` is an https URL on one of `hosts` (as the entries above are written). */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => {
    if (entry.startsWith('*.')) return !url.port && host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
    const [name, port] = entry.split(':');
    return host === name && url.port === (port ?? '');
  });
}
