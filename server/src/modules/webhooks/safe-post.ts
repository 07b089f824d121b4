import { type LookupAddress, lookup as dnsLookup, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy';

/** Why a delivery did not get an answer: the text kept in the delivery log. */
export class DeliveryError extends Error {}

export const REFUSED_ADDRESS = 'endereço interno recusado';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup that answers only addresses the policy allows: the check runs on the answer the
 * connection then uses, so a name cannot point elsewhere between a check and the connect.
 */
export function checkedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !policy.allowsAddress(hostname, a.address));
      if (refused || addresses.length === 0) return callback(new DeliveryError(REFUSED_ADDRESS), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export interface PostResult {
  status: number;
}

/**
 * POSTs `body` to `url` and resolves with the answer's status (any status: the caller decides),
 * or rejects with a DeliveryError (refused address, no connection, timeout). Redirects are not
 * followed: a 3xx is an answer like any other, not a way around the address check.
 */
export function safePost(
  url: URL,
  body: string,
  headers: Record<string, string>,
  policy: AddressPolicy,
  timeoutMs: number,
): Promise<PostResult> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal is connected to without a lookup: it is checked here instead.
  if (isIP(host) !== 0 && !policy.allowsAddress(host, host)) return Promise.reject(new DeliveryError(REFUSED_ADDRESS));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
        lookup: checkedLookup(policy),
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        // The answer's body is not kept: only its status goes to the log.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => reject(new DeliveryError(error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new DeliveryError('tempo esgotado')));
    request.on('error', (error) => reject(error instanceof DeliveryError ? error : new DeliveryError(error.message)));
    request.end(body);
  });
}
