import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, LOCAL_DEFAULTS, parseEnv, persistenceEnv, z } from '@cred/runtime';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.accounts.ops),
  ...grpcServerEnv(P.accounts.grpc),
  ...persistenceEnv('accounts'),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
};

export const ENV_VARS = Object.keys(shape);
export type AccountsConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('accounts', shape, e);
}
