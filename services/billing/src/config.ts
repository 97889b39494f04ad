import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, parseEnv, persistenceEnv, z } from '@cred/runtime';
import { rpcIdentityKeyEnv, rpcPublicKeysEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.billing.ops),
  ...grpcServerEnv(P.billing.grpc),
  ...persistenceEnv('billing'),
  STRIPE_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters'),
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
  /** The public keys of the services that call this one, `service:key,...` (ADR 0014); not secret. */
  RPC_PUBLIC_KEYS: rpcPublicKeysEnv,
  /** This service's own Ed25519 seed, which signs its identity on every gRPC call it makes (ADR 0014). Secret. */
  RPC_IDENTITY_KEY: rpcIdentityKeyEnv,
};

export const ENV_VARS = Object.keys(shape);
export type BillingConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('billing', shape, e);
}
