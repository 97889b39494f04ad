import { isIPv6 } from 'node:net';

/**
 * The rate-limit identity of a client address: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6
 * grouped by its /56 prefix, since one subscriber usually holds a whole /56 or /64.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const tl = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - tl.length).fill('0'), ...tl] : h;
  const full = groups.map((g) => g.padStart(4, '0').toLowerCase());
  return `${full.slice(0, 3).join(':')}:${full[3]!.slice(0, 2)}00::/56`;
}
