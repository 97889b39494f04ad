import { AesGcmKeyring, KeyringError } from '@cred/runtime';

/**
 * Webhook endpoint secrets at rest. A secret must be recoverable (every delivery is signed
 * with it, HMAC-SHA256), so it cannot be hashed like an API key; it is sealed instead with
 * AES-256-GCM under WEBHOOK_SECRET_KEY, with the endpoint's id as additional authenticated
 * data (a sealed value copied to another row does not open). The key's fingerprint is stored
 * beside each value, so a row sealed under a retired key is recognised and resealed, and a
 * row under an unknown key fails with a clear message instead of a cipher error. The keyring
 * (current key plus WEBHOOK_SECRET_KEY_PREVIOUS) is the one the signing service uses for its
 * key-encryption keys (@cred/runtime keyring.ts).
 */
export interface SealedSecret {
  keyId: string;
  /** iv (12) | tag (16) | ciphertext */
  value: Buffer;
}

export class SecretBoxError extends Error {}

const NAMES = { fingerprint: 'webhook-secret-key', name: 'WEBHOOK_SECRET_KEY / WEBHOOK_SECRET_KEY_PREVIOUS' };

export function secretKeyFingerprint(key: Buffer): string {
  return new AesGcmKeyring(NAMES, key).currentKeyId;
}

const aad = (endpointId: string) => `webhook-secret:${endpointId}`;

export class SecretBox {
  private readonly keyring: AesGcmKeyring;

  /** `currentHex`: the key new values are sealed under; `previousHex`: keys still opened (rotation). */
  constructor(currentHex: string, previousHex: readonly string[] = []) {
    try {
      this.keyring = AesGcmKeyring.fromHex(NAMES, currentHex, previousHex);
    } catch (err) {
      throw new SecretBoxError(err instanceof Error ? err.message : String(err));
    }
  }

  get currentKeyId(): string {
    return this.keyring.currentKeyId;
  }

  seal(endpointId: string, secret: string): SealedSecret {
    return this.keyring.seal(Buffer.from(secret, 'utf8'), aad(endpointId));
  }

  open(endpointId: string, sealed: SealedSecret): string {
    try {
      return this.keyring.open(sealed.keyId, sealed.value, aad(endpointId)).toString('utf8');
    } catch (err) {
      if (err instanceof KeyringError) throw new SecretBoxError(`webhook secret ${err.message}`);
      throw err;
    }
  }
}
