import {
  commonEnv,
  DEFAULT_PORTS,
  env,
  grpcServerEnv,
  LOCAL_DEFAULTS,
  parseEnv,
  persistenceEnv,
  sessionSigningKeyEnv,
} from '@cred/runtime';
import { rpcPublicKeysEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.accounts.ops),
  ...grpcServerEnv(P.accounts.grpc),
  ...persistenceEnv('accounts'),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  /** Ed25519 seed that signs session tokens; the gateway and verification get only its public key. */
  SESSION_SIGNING_KEY: sessionSigningKeyEnv,
  /** The public keys of the services that call this one, `service:key,...` (ADR 0014); not secret. */
  RPC_PUBLIC_KEYS: rpcPublicKeysEnv,
};

export const ENV_VARS = Object.keys(shape);
export type AccountsConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('accounts', shape, e);
}
