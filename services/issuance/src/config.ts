import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, LOCAL_DEFAULTS, parseEnv, persistenceEnv } from '@cred/runtime';
import { rpcIdentityKeyEnv, rpcPublicKeysEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.issuance.ops),
  ...grpcServerEnv(P.issuance.grpc),
  ...persistenceEnv('issuance'),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  REDIS_URL: env.url(LOCAL_DEFAULTS.REDIS_URL),
  REDIS_KEY_PREFIX: env.string('cred:'),
  SIGNING_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.signing.grpc}`),
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
  // Monthly unique-recipient quota per plan (docs/contract.md "Limits"); plans left out keep the default.
  RECIPIENT_QUOTA_LIMITS: env.string('free=1000,professional=1000,enterprise=5000'),
  // How often the expiry sweeper persists `expired` and emits credential.expired.
  EXPIRY_SWEEP_INTERVAL_MS: env.int(60000, 100, 24 * 60 * 60 * 1000),
  // Bulk-issuance rows in flight per process, a quarter as many (at most 8) while clients of the
  // process issue (0: this process runs no bulk worker).
  BULK_ISSUANCE_CONCURRENCY: env.int(64, 0, 64),
  // Group commit: first issues of one organization signed while its previous commit runs are
  // committed together, up to this many per transaction (ADR 0005); the same bound for batched
  // signing calls and pre-signing reads. 1 reads, signs and commits every issue alone.
  ISSUE_COMMIT_BATCH_MAX: env.int(32, 1, 500),
  /** The public keys of the services that call this one, `service:key,...` (ADR 0014); not secret. */
  RPC_PUBLIC_KEYS: rpcPublicKeysEnv,
  /** This service's own Ed25519 seed, which signs its identity on every gRPC call it makes (ADR 0014). Secret. */
  RPC_IDENTITY_KEY: rpcIdentityKeyEnv,
};

export const ENV_VARS = Object.keys(shape);
export type IssuanceConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('issuance', shape, e);
}
