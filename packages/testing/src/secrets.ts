import { randomBytes } from 'node:crypto';
import { newSessionKeyPair } from '@cred/runtime';
import { newRpcIdentitySecrets } from './rpc-identity.js';

/** The secrets a whole platform needs, as the environment gives them to its services. */
export interface PlatformSecrets {
  SESSION_SIGNING_KEY: string;
  SESSION_PUBLIC_KEYS: string;
  PLATFORM_ADMIN_TOKEN: string;
  KEY_ENCRYPTION_KEY: string;
  WEBHOOK_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  /** Every gRPC server's callers' public keys; each caller's own seed is RPC_IDENTITY_KEY_<SERVICE> (ADR 0014). */
  RPC_PUBLIC_KEYS: string;
  [rpcIdentityKey: `RPC_IDENTITY_KEY_${string}`]: string;
}

/** Fresh secrets for a platform a test or a suite starts: none is shared with another run. */
export function platformSecrets(): PlatformSecrets {
  return {
    ...newSessionKeyPair(),
    PLATFORM_ADMIN_TOKEN: `adm_${randomBytes(24).toString('base64url')}`,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
    ...(newRpcIdentitySecrets() as { RPC_PUBLIC_KEYS: string }),
  };
}
