/**
 * Which IP addresses the platform's outbound fetchers (webhook deliveries, the verifier of other
 * platforms' credentials) may connect to when the host is not allow-listed: global unicast only.
 * One policy for both, in docs/decisions.md ("Outbound addresses").
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  allowed: boolean;
  /** Why: `unicast` when allowed, else the range (ipaddr.js's name or one of ours below). */
  range: string;
}

/**
 * IPv4 ranges refused although some ipaddr.js versions call them unicast: IETF protocol
 * assignments, documentation and benchmarking networks.
 */
const IPV4_REFUSED: ReadonlyArray<[string, number, string]> = [
  ['192.0.0.0', 24, 'ietfProtocol'],
  ['192.0.2.0', 24, 'documentation'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
];

/**
 * IPv6 ranges refused whatever the library says. Several carry an IPv4 address that a host or a
 * translator on the way may turn into an IPv4 connection (to loopback or a private network):
 * IPv4-compatible (::/96), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4
 * (2002::/16), Teredo (2001::/32). Site-local (fec0::/10) is deprecated but still routed inside
 * some networks.
 */
const IPV6_REFUSED: ReadonlyArray<[string, number, string]> = [
  ['::', 96, 'ipv4Compatible'],
  ['64:ff9b::', 96, 'nat64'],
  ['64:ff9b:1::', 48, 'nat64LocalUse'],
  ['2002::', 16, '6to4'],
  ['2001::', 32, 'teredo'],
  ['fec0::', 10, 'siteLocal'],
];

function bare(address: string): string {
  return address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
}

/**
 * Global unicast only. Refused: loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7), unspecified (0/8, ::),
 * multicast, broadcast, reserved, documentation and benchmarking ranges, and the IPv6 forms
 * above. An IPv4-mapped address (::ffff:0:0/96) is judged as the IPv4 address it carries.
 */
export function classifyAddress(address: string): AddressVerdict {
  const text = bare(address);
  if (isIP(text) === 0 || !ipaddr.isValid(text)) return { allowed: false, range: 'invalid' };
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const inner = classifyAddress(v6.toIPv4Address().toString());
      return inner.allowed ? inner : { allowed: false, range: `ipv4Mapped(${inner.range})` };
    }
    const range = v6.range();
    if (range !== 'unicast') return { allowed: false, range };
    for (const [net, bits, name] of IPV6_REFUSED) if (v6.match(ipaddr.IPv6.parse(net), bits)) return { allowed: false, range: name };
    return { allowed: true, range };
  }
  const v4 = parsed as ipaddr.IPv4;
  const range = v4.range();
  if (range !== 'unicast') return { allowed: false, range };
  for (const [net, bits, name] of IPV4_REFUSED) if (v4.match(ipaddr.IPv4.parse(net), bits)) return { allowed: false, range: name };
  return { allowed: true, range };
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).allowed;
}

/** True if two textual addresses denote the same IP (an IPv4-mapped IPv6 equals its IPv4). */
export function sameAddress(a: string, b: string): boolean {
  const norm = (s: string): string | null => {
    const text = bare(s);
    if (!ipaddr.isValid(text)) return null;
    const ip = ipaddr.parse(text);
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return (ip as ipaddr.IPv6).toIPv4Address().toString();
    return ip.kind() === 'ipv6' ? (ip as ipaddr.IPv6).toNormalizedString() : ip.toString();
  };
  const x = norm(a);
  return x !== null && x === norm(b);
}
