import { commonEnv, DEFAULT_PORTS, env, grpcServerEnv, LOCAL_DEFAULTS, parseEnv, persistenceEnv } from '@cred/runtime';
import { rpcIdentityKeyEnv, rpcPublicKeysEnv } from '@cred/grpc';

const P = DEFAULT_PORTS;
const shape = {
  ...commonEnv(P.notification.ops),
  ...grpcServerEnv(P.notification.grpc),
  ...persistenceEnv('notification'),
  BASE_URL: env.url(LOCAL_DEFAULTS.BASE_URL),
  /** Issuance stores the claim-token hashes before an e-mail carrying a token is sent. */
  ISSUANCE_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.issuance.grpc}`),
  /** Accounts answers an organization's current plan and status (webhook registration, ping, replay). */
  ACCOUNTS_GRPC_ADDR: env.grpcAddress(`127.0.0.1:${P.accounts.grpc}`),
  SMTP_URL: env.string('smtp://127.0.0.1:1025'),
  MAIL_FROM: env.string('Credentials <no-reply@credentials.local>'),
  WEBHOOK_ALLOWED_HOSTS: env.hostList(),
  /** Seals webhook endpoint secrets at rest (AES-256-GCM), 64 hex characters. */
  WEBHOOK_SECRET_KEY: env.hex32(),
  /** The key being rotated out: still opens, and secrets under it are resealed at start. */
  WEBHOOK_SECRET_KEY_PREVIOUS: env.hex32().optional(),
  /** The public keys of the services that call this one, `service:key,...` (ADR 0014); not secret. */
  RPC_PUBLIC_KEYS: rpcPublicKeysEnv,
  /** This service's own Ed25519 seed, which signs its identity on every gRPC call it makes (ADR 0014). Secret. */
  RPC_IDENTITY_KEY: rpcIdentityKeyEnv,
};

export const ENV_VARS = Object.keys(shape);
export type NotificationConfig = ReturnType<typeof loadConfig>;
export function loadConfig(e: Record<string, string | undefined>) {
  return parseEnv('notification', shape, e);
}
