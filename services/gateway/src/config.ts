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
  PLATFORM_ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters'),
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
