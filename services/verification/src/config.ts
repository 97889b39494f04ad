import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, LOCAL_DEFAULTS, parseEnv, persistenceEnv } from '@cred/runtime';

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
};

export const ENV_VARS = Object.keys(shape);
export type VerificationConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('verification', shape, e);
}
