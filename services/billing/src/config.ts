import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, parseEnv, persistenceEnv, z } from '@cred/runtime';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.billing.ops),
  ...grpcServerEnv(P.billing.grpc),
  ...persistenceEnv('billing'),
  STRIPE_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters'),
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
};

export const ENV_VARS = Object.keys(shape);
export type BillingConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('billing', shape, e);
}
