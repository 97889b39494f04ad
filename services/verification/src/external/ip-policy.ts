/**
 * Which IP addresses the verifier may connect to for hosts that are NOT in
 * VERIFIER_ALLOWED_HOSTS (DECISIONS.md §5, RELIABILITY-NOTES §6 S7): global unicast only.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name, e.g. `loopback`, `private`, `linkLocal`, `uniqueLocal`, `ipv4Mapped`. */
  range: string;
}

/**
 * Global unicast only. Refused: loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7), unspecified (0/8, ::),
 * multicast, broadcast, documentation/benchmark/reserved ranges, and the IPv6 forms that embed
 * an IPv4 address (IPv4-mapped ::ffff:0:0/96 is judged as the IPv4 address it carries; NAT64,
 * 6to4 and Teredo are refused outright).
 */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0 || !ipaddr.isValid(bare)) return { allowed: false, range: 'invalid' };
  let ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    const v4 = (ip as ipaddr.IPv6).toIPv4Address();
    const inner = v4.range();
    return { allowed: inner === 'unicast', range: inner === 'unicast' ? 'unicast' : `ipv4Mapped(${inner})` };
  }
  ip = ip as ipaddr.IPv4 | ipaddr.IPv6;
  const range = ip.range();
  return { allowed: range === 'unicast', range };
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).allowed;
}

/** True if two textual addresses denote the same IP (IPv4-mapped IPv6 equals its IPv4). */
export function sameAddress(a: string, b: string): boolean {
  const norm = (s: string): string | null => {
    const bare = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
    if (!ipaddr.isValid(bare)) return null;
    const ip = ipaddr.parse(bare);
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return (ip as ipaddr.IPv6).toIPv4Address().toString();
    return ip.kind() === 'ipv6' ? (ip as ipaddr.IPv6).toNormalizedString() : ip.toString();
  };
  const x = norm(a);
  return x !== null && x === norm(b);
}
