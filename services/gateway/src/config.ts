import { isIP } from 'node:net';
import { commonEnv, DEFAULT_PORTS, env, LOCAL_DEFAULTS, parseEnv, sessionPublicKeysEnv, z } from '@cred/runtime';

/** Express's names for address ranges it knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in X-Forwarded-For (Express's `trust proxy`):
 * - `false` (default): none; the client is the TCP peer.
 * - a number of hops, 1-10: the proxies directly in front (an ingress that appends the address it
 *   saw: 1). The client is the address that many entries from the right.
 * - addresses or CIDR ranges (and `loopback`, `linklocal`, `uniquelocal`), comma-separated: the
 *   proxies by address; the client is the right-most entry not among them.
 * `true` is refused: it takes the left-most entry, which any client can write, so every request
 * could claim a fresh address and pass every per-IP limit.
 */
export const trustProxy = () =>
  z
    .string()
    .default('false')
    .transform((raw, ctx): false | number | string[] => {
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
      const ranges = v.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = ranges.find((r) => !isAddressOrRange(r));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `not an address, CIDR range or loopback/linklocal/uniquelocal: ${bad.slice(0, 64)}` });
        return z.NEVER;
      }
      return ranges;
    });

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.gateway.ops),
  PORT: env.port(P.gateway.http),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  REDIS_URL: env.url(LOCAL_DEFAULTS.REDIS_URL),
  REDIS_KEY_PREFIX: env.string('cred:'),
  /** Accounts' session public keys (current first): the gateway checks sessions and cannot mint them. */
  SESSION_PUBLIC_KEYS: sessionPublicKeysEnv,
  PLATFORM_ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters'),
  TRUST_PROXY: trustProxy(),
  RATE_LIMIT_IP_PER_MINUTE: env.int(100, 1),
  RATE_LIMIT_AUTH_PER_15_MINUTES: env.int(3, 1),
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
  ISSUANCE_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.issuance.grpc}`),
  VERIFICATION_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.verification.grpc}`),
  VERIFICATION_HTTP_URL: env.url(`http://127.0.0.1:${P.verification.http}`),
  NOTIFICATION_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.notification.grpc}`),
  BILLING_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.billing.grpc}`),
};

export const ENV_VARS = Object.keys(shape);
export type GatewayConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('gateway', shape, e);
}
