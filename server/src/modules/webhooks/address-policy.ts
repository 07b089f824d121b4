import { BlockList, isIP } from 'node:net';
import type { WebhookAllowedHosts } from '../../config/webhook-allowed-hosts';

// Outgoing webhooks post to addresses a group admin typed: never, unless the operator listed them
// (WEBHOOK_ALLOWED_HOSTS), to this machine, its network or the cloud's metadata service. The
// address checked is the one connected to (safe-post.ts), so a name that resolves elsewhere at
// delivery time than at registration is caught too.

const INTERNAL = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(address, prefix, 'ipv6');
}

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d, or NAT64's 64:ff9b::/96), as IPv4. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP) is loopback, link-local, private or otherwise not on the internet. */
export function isInternalAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return INTERNAL.check(address, 'ipv4');
  if (version !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== null ? INTERNAL.check(v4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

export class AddressPolicy {
  private readonly allowedRanges = new BlockList();

  constructor(private readonly allowed: WebhookAllowedHosts) {
    for (const range of allowed.ranges) this.allowedRanges.addSubnet(range.address, range.prefix, range.family);
  }

  /** Whether the operator listed this host name (or IP literal) as a webhook target. */
  allowsHost(hostname: string): boolean {
    const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
    if (this.allowed.names.includes(host)) return true;
    return isIP(host) !== 0 && this.inAllowedRange(host);
  }

  /** Whether a connection to `address`, reached through `hostname`, may be made. */
  allowsAddress(hostname: string, address: string): boolean {
    if (!isInternalAddress(address)) return true;
    return this.allowsHost(hostname) || this.inAllowedRange(address);
  }

  private inAllowedRange(address: string): boolean {
    const version = isIP(address);
    if (version === 0) return false;
    const v4 = version === 6 ? embeddedIpv4(address) : address;
    return v4 !== null ? this.allowedRanges.check(v4, 'ipv4') : this.allowedRanges.check(address, 'ipv6');
  }
}
