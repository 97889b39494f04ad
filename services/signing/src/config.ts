import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, LOCAL_DEFAULTS, parseEnv, persistenceEnv } from '@cred/runtime';
import { rpcPublicKeysEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.signing.ops),
  ...grpcServerEnv(P.signing.grpc),
  ...persistenceEnv('signing'),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  /** Key-encryption key for private keys at rest (envelope encryption), 64 hex characters. */
  KEY_ENCRYPTION_KEY: env.hex32(),
  /**
   * During a KEK rotation only: the other KEK, which still opens what it wrapped (ADR 0008).
   * Keys under it are re-wrapped under KEY_ENCRYPTION_KEY at start and every few minutes.
   */
  KEY_ENCRYPTION_KEY_PREVIOUS: env.hex32().optional(),
  /** The public keys of the services that call this one, `service:key,...` (ADR 0014); not secret. */
  RPC_PUBLIC_KEYS: rpcPublicKeysEnv,
};

export const ENV_VARS = Object.keys(shape);
export type SigningConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('signing', shape, e);
}
