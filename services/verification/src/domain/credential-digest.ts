import { createHash } from 'node:crypto';
import { canonicalJson } from '@cred/runtime';

/**
 * SHA-256 of a signed credential as JSON with sorted keys (proof included): the credential we
 * hold and a submitted copy have the same digest exactly when they say the same thing, however
 * a wallet re-serialized it.
 */
export function credentialDigest(credential: unknown): string {
  return createHash('sha256').update(canonicalJson(credential)).digest('base64url');
}
