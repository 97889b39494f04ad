import { commonEnv, DEFAULT_PORTS, env, LOCAL_DEFAULTS, parseEnv, sessionPublicKeysEnv, trustProxyEnv, z } from '@cred/runtime';
import { rpcIdentityKeyEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.gateway.ops),
  PORT: env.port(P.gateway.http),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  REDIS_URL: env.url(LOCAL_DEFAULTS.REDIS_URL),
  REDIS_KEY_PREFIX: env.string('cred:'),
  /** Accounts' session public keys (current first): the gateway checks sessions and cannot mint them. */
  SESSION_PUBLIC_KEYS: sessionPublicKeysEnv,
  /** The platform operator's token; in the audit log as `operator`. */
  PLATFORM_ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters'),
  /**
   * More operators, each with a token of their own, so the audit log tells them apart:
   * `name:token` pairs, comma-separated (`alice:<token>,bob:<token>`); in the audit log as
   * `operator:<name>`. Names are lower-case words (`[a-z][a-z0-9_-]{0,31}`, not `operator`),
   * tokens at least 24 characters without commas; names and tokens are all different.
   */
  PLATFORM_ADMIN_TOKENS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const operators: Array<{ name: string; token: string }> = [];
      for (const pair of value.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
        const colon = pair.indexOf(':');
        const name = colon < 0 ? '' : pair.slice(0, colon);
        const token = colon < 0 ? '' : pair.slice(colon + 1);
        // The message never repeats the value: it holds tokens.
        if (!/^[a-z][a-z0-9_-]{0,31}$/.test(name) || name === 'operator') {
          ctx.addIssue({ code: 'custom', message: `entry ${operators.length + 1}: the name must be a lower-case word other than "operator"` });
          return z.NEVER;
        }
        if (token.length < 24) {
          ctx.addIssue({ code: 'custom', message: `operator "${name}": the token must be at least 24 characters` });
          return z.NEVER;
        }
        if (operators.some((o) => o.name === name || o.token === token)) {
          ctx.addIssue({ code: 'custom', message: `operator "${name}": names and tokens must all be different` });
          return z.NEVER;
        }
        operators.push({ name, token });
      }
      return operators;
    }),
  // Which peers may tell the client address (@cred/runtime client-ip.ts, shared with verification).
  TRUST_PROXY: trustProxyEnv(),
  /**
   * The same for connections the launcher's edge hands over under `pnpm start` (their peer is
   * the client itself, ADR 0009): what is in front of the whole platform. Unset: TRUST_PROXY.
   */
  HANDED_TRUST_PROXY: trustProxyEnv().optional(),
  /** Set by the launcher under `pnpm start`: connections arrive from its edge over the IPC channel too (ADR 0009). */
  HANDED_CONNECTIONS: env.bool(false),
  RATE_LIMIT_IP_PER_MINUTE: env.int(100, 1),
  RATE_LIMIT_AUTH_PER_15_MINUTES: env.int(3, 1),
  /** Login attempts, right or wrong, per account a minute, counted before any password check (docs/decisions.md, "Fair sign-in admission"). */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE: env.int(10, 1),
  /** The same per client address. */
  RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: env.int(30, 1),

  /**
   * Signing-key changes (rotations and compromise reports together) per organization in any 24
   * hours: each one adds a key to did.json for good (docs/decisions.md "Compromised keys").
   */
  SIGNING_KEY_CHANGES_PER_DAY: env.int(10, 1),
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
  ISSUANCE_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.issuance.grpc}`),
  VERIFICATION_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.verification.grpc}`),
  /**
   * Verification's public HTTP server: one URL (a Kubernetes Service), or several, comma-separated
   * (replicas on one machine, `pnpm start` with VERIFICATION_REPLICAS), taken in turn.
   */
  VERIFICATION_HTTP_URL: env.httpUrlList(`http://127.0.0.1:${P.verification.http}`),
  NOTIFICATION_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.notification.grpc}`),
  BILLING_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.billing.grpc}`),
  /** This service's own Ed25519 seed, which signs its identity on every gRPC call it makes (ADR 0014). Secret. */
  RPC_IDENTITY_KEY: rpcIdentityKeyEnv,
};

export const ENV_VARS = Object.keys(shape);
export type GatewayConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('gateway', shape, e);
}

/** Every operator of the gateway: PLATFORM_ADMIN_TOKEN's as `operator`, then PLATFORM_ADMIN_TOKENS'. */
export function platformOperators(config: Pick<GatewayConfig, 'PLATFORM_ADMIN_TOKEN' | 'PLATFORM_ADMIN_TOKENS'>): Array<{ name: string; token: string }> {
  if (config.PLATFORM_ADMIN_TOKENS.some((o) => o.token === config.PLATFORM_ADMIN_TOKEN))
    throw new Error('PLATFORM_ADMIN_TOKENS: a token is the same as PLATFORM_ADMIN_TOKEN');
  return [{ name: 'operator', token: config.PLATFORM_ADMIN_TOKEN }, ...config.PLATFORM_ADMIN_TOKENS];
}
