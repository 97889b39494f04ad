import { randomBytes } from 'node:crypto';
import { newSessionKeyPair } from '@cred/runtime';

/** The secrets a whole platform needs, as the environment gives them to its services. */
export interface PlatformSecrets {
  SESSION_SIGNING_KEY: string;
  SESSION_PUBLIC_KEYS: string;
  PLATFORM_ADMIN_TOKEN: string;
  KEY_ENCRYPTION_KEY: string;
  WEBHOOK_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
}

/** Fresh secrets for a platform a test or a suite starts: none is shared with another run. */
export function platformSecrets(): PlatformSecrets {
  return {
    ...newSessionKeyPair(),
    PLATFORM_ADMIN_TOKEN: `adm_${randomBytes(24).toString('base64url')}`,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
  };
}
