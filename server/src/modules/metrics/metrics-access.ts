import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and an IPv4 loopback written as IPv6 (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * Who may scrape while METRICS_TOKEN is unset: a client on this machine itself. The socket's own
 * peer address decides, never request.ip (which TRUST_PROXY derives from X-Forwarded-For, a header
 * anyone can write). A proxy on the same machine also connects from loopback, so a request that
 * carries a forwarding header came through one and is refused as well.
 */
export function isLocalScrape(request: FastifyRequest): boolean {
  const headers = request.headers;
  const relayed = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined;
  return !relayed && isLoopbackAddress(request.raw.socket.remoteAddress);
}
