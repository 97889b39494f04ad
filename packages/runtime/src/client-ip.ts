import { isIP, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Which peers may tell the client's address in X-Forwarded-For (TRUST_PROXY), shared by every
 * HTTP edge (the gateway's API, verification's public surfaces), so a client counts against the
 * same per-IP budget whichever edge it reaches:
 * - `false`: none; the client is the TCP peer.
 * - a number of hops, 1-10: the proxies directly in front (an ingress that appends the address it
 *   saw: 1). The client is the address that many entries from the right.
 * - addresses or CIDR ranges (and `loopback`, `linklocal`, `uniquelocal`): the proxies by address;
 *   the client is the right-most entry not among them.
 */
export type TrustProxySetting = false | number | string[];

/** Is the address at `hop` (0 = the TCP peer, 1 = the right-most X-Forwarded-For entry, ...) a trusted proxy? */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The names Express also knows, as ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function isAddressOrRange(value: string): boolean {
  if (value in NAMED_RANGES) return true;
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The TRUST_PROXY variable. `true` is refused: it takes the left-most entry, which any client can
 * write, so every request could claim a fresh address and pass every per-IP limit.
 */
export const trustProxyEnv = () =>
  z
    .string()
    .default('false')
    .transform((raw, ctx): TrustProxySetting => {
      const v = raw.trim().toLowerCase();
      if (v === 'false' || v === '' || v === '0' || v === 'no') return false;
      if (v === 'true' || v === 'yes') {
        ctx.addIssue({
          code: 'custom',
          message: 'true would trust any X-Forwarded-For a client sends; give the number of proxies in front (e.g. 1) or their addresses/CIDR ranges',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops >= 1 && hops <= 10) return hops;
        ctx.addIssue({ code: 'custom', message: 'a number of proxy hops must be from 1 to 10' });
        return z.NEVER;
      }
      const ranges = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = ranges.find((r) => !isAddressOrRange(r));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `not an address, CIDR range or loopback/linklocal/uniquelocal: ${bad.slice(0, 64)}` });
        return z.NEVER;
      }
      return ranges;
    });

/** The setting written back as TRUST_PROXY text (what a launcher hands to the next process). */
export function formatTrustProxy(setting: TrustProxySetting): string {
  if (setting === false) return 'false';
  if (typeof setting === 'number') return String(setting);
  return setting.join(',');
}

/**
 * The setting of a service that sits one proxy further in, behind an edge that appends the
 * address it saw (the gateway's pass-through in front of verification): one more hop, or the
 * same ranges plus `proxyRange` (where that edge connects from). With `false` in front, only
 * `proxyRange` is trusted, so a client reaching the inner service directly (not through the
 * edge) cannot choose its address.
 */
export function behindOneMoreProxy(setting: TrustProxySetting, proxyRange = 'loopback'): TrustProxySetting {
  if (setting === false) return [proxyRange];
  if (typeof setting === 'number') return Math.min(setting + 1, 10);
  return setting.includes(proxyRange) ? setting : [...setting, proxyRange];
}

function normalized(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address.
  return ipaddr.process(address);
}

/** The setting as a function of address and hop, the form Express's `trust proxy` also takes. */
export function compileTrustProxy(setting: TrustProxySetting): TrustProxy {
  if (setting === false) return () => false;
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  const ranges = setting
    .flatMap((entry) => NAMED_RANGES[entry] ?? [entry.includes('/') ? entry : `${entry}/${isIPv6(entry) ? 128 : 32}`])
    .map((cidr) => ipaddr.parseCIDR(cidr));
  return (address) => {
    const parsed = normalized(address);
    if (!parsed) return false;
    return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  };
}

/** The X-Forwarded-For entries, right-most first (one header or several, comma-separated). */
function forwardedEntries(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.reverse();
}

/**
 * The client's address: walking from the TCP peer leftwards through X-Forwarded-For, the first
 * address that is not a trusted proxy (or the left-most one when all are). Express's `req.ip`
 * with the same `trust` gives the same answer.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trust: TrustProxy): string | undefined {
  if (peer === undefined) return undefined;
  const chain = [peer, ...forwardedEntries(forwardedFor)];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(chain[hop]!, hop)) return chain[hop];
  }
  return chain[chain.length - 1];
}

/** X-Forwarded-For as a proxy passes it on: what arrived, then the peer it saw. */
export function appendForwardedFor(forwardedFor: string | string[] | undefined, peer: string | undefined): string | undefined {
  const before = Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor;
  if (!peer) return before;
  return before && before.trim() !== '' ? `${before}, ${peer}` : peer;
}

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
