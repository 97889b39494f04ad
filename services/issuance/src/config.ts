import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, LOCAL_DEFAULTS, parseEnv, persistenceEnv } from '@cred/runtime';

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
};

export const ENV_VARS = Object.keys(shape);
export type IssuanceConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('issuance', shape, e);
}
