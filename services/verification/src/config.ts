import {
  commonEnv,
  DEFAULT_PORTS,
  env,
  grpcServerEnv,
  LOCAL_DEFAULTS,
  parseEnv,
  persistenceEnv,
  sessionPublicKeysEnv,
  trustProxyEnv,
} from '@cred/runtime';
import { rpcIdentityKeyEnv, rpcPublicKeysEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.verification.ops),
  ...grpcServerEnv(P.verification.grpc),
  ...persistenceEnv('verification'),
  HTTP_PORT: env.port(P.verification.http),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  REDIS_URL: env.url(LOCAL_DEFAULTS.REDIS_URL),
  REDIS_KEY_PREFIX: env.string('cred:'),
  VERIFIER_ALLOWED_HOSTS: env.hostList(),
  /**
   * Which peers may tell the client's address (X-Forwarded-For), as the gateway's TRUST_PROXY: the
   * ingress in front (1) in Kubernetes; the gateway's pass-through in front under `pnpm start`
   * (scripts/platform.ts sets it one proxy further in than the gateway's).
   */
  TRUST_PROXY: trustProxyEnv(),
  /**
   * The same for connections the launcher's edge hands over under `pnpm start` (their peer is
   * the client itself, ADR 0009): what is in front of the whole platform. Unset: TRUST_PROXY.
   */
  HANDED_TRUST_PROXY: trustProxyEnv().optional(),
  /** Set by the launcher under `pnpm start`: connections arrive from its edge over the IPC channel too (ADR 0009). */
  HANDED_CONNECTIONS: env.bool(false),
  /**
   * The gateway's HTTP listener(s), under `pnpm start` only: an API request on a connection the
   * edge handed here (it began with a public request) is passed on to it. Unset: such requests are 404.
   */
  GATEWAY_HTTP_URL: env.optionalHttpUrlList(),
  /** the per-IP limit of docs/contract.md "Limits", counted in the same Redis keys as the gateway's (all requests of a client). */
  RATE_LIMIT_IP_PER_MINUTE: env.int(100, 1),
  /** Recipient sessions are checked with accounts (GetSession) before a private credential is shown. */
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
  /** Accounts' session public keys: recipient sessions are checked for private credentials, never minted. */
  SESSION_PUBLIC_KEYS: sessionPublicKeysEnv,
  /** Worker threads for cold-cache JSON-LD canonicalization (the expensive part of a signature check). */
  CANONICALIZATION_POOL_SIZE: env.int(1, 1, 16),
  /** Signature results kept in memory (LRU entries); Redis holds a shared copy. */
  SIGNATURE_CACHE_SIZE: env.int(10_000, 0, 1_000_000),
  /**
   * How long (ms) a verification may reuse the credential/organization/key rows it read; this
   * replica clears them on every event it handles, others see changes within this time (ADR 0004).
   * 0 reads the database on every request.
   */
  READ_MODEL_CACHE_MS: env.int(500, 0, 10_000),
  /** Issuance, asked on a read-model miss so a credential verifies the moment it is issued. */
  ISSUANCE_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.issuance.grpc}`),
  /** How long (ms) an id issuance does not know is answered 404 without asking it again. */
  UNKNOWN_CREDENTIAL_CACHE_MS: env.int(2000, 0, 60_000),
  /** Bytes of baked PNGs kept in memory (LRU by total size; 0 disables). */
  BAKED_CACHE_MAX_BYTES: env.int(64 * 1024 * 1024, 0, 2 * 1024 * 1024 * 1024),
  /** The public keys of the services that call this one, `service:key,...` (ADR 0014); not secret. */
  RPC_PUBLIC_KEYS: rpcPublicKeysEnv,
  /** This service's own Ed25519 seed, which signs its identity on every gRPC call it makes (ADR 0014). Secret. */
  RPC_IDENTITY_KEY: rpcIdentityKeyEnv,
};

export const ENV_VARS = Object.keys(shape);
export type VerificationConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('verification', shape, e);
}
