import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Webhook endpoint secrets at rest. A secret must be recoverable (every delivery is signed
 * with it, HMAC-SHA256), so it cannot be hashed like an API key; it is sealed instead with
 * AES-256-GCM under WEBHOOK_SECRET_KEY, with the endpoint's id as additional authenticated
 * data (a sealed value copied to another row does not open). The key's fingerprint is stored
 * beside each value, so a row sealed under a retired key is recognised and resealed, and a
 * row under an unknown key fails with a clear message instead of a cipher error.
 */
export interface SealedSecret {
  keyId: string;
  /** iv (12) | tag (16) | ciphertext */
  value: Buffer;
}

export class SecretBoxError extends Error {}

export function secretKeyFingerprint(key: Buffer): string {
  return createHash('sha256').update('webhook-secret-key:').update(key).digest('hex').slice(0, 16);
}

const aad = (endpointId: string) => Buffer.from(`webhook-secret:${endpointId}`, 'utf8');

export class SecretBox {
  private readonly current: { id: string; key: Buffer };
  private readonly keys = new Map<string, Buffer>();

  /** `currentHex`: the key new values are sealed under; `previousHex`: keys still opened (rotation). */
  constructor(currentHex: string, previousHex: readonly string[] = []) {
    const key = Buffer.from(currentHex, 'hex');
    if (key.length !== 32) throw new SecretBoxError('the webhook secret key must be 32 bytes (64 hex characters)');
    this.current = { id: secretKeyFingerprint(key), key };
    this.keys.set(this.current.id, key);
    for (const hex of previousHex) {
      const k = Buffer.from(hex, 'hex');
      if (k.length !== 32) throw new SecretBoxError('a previous webhook secret key must be 32 bytes (64 hex characters)');
      if (!this.keys.has(secretKeyFingerprint(k))) this.keys.set(secretKeyFingerprint(k), k);
    }
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(endpointId: string, secret: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(aad(endpointId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return { keyId: this.current.id, value: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  }

  open(endpointId: string, sealed: SealedSecret): string {
    const key = this.keys.get(sealed.keyId);
    if (!key)
      throw new SecretBoxError(
        `webhook secret sealed under key ${sealed.keyId}, which is not configured (WEBHOOK_SECRET_KEY / WEBHOOK_SECRET_KEY_PREVIOUS)`,
      );
    if (sealed.value.length < 29) throw new SecretBoxError('sealed webhook secret too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.value.subarray(0, 12));
      decipher.setAAD(aad(endpointId));
      decipher.setAuthTag(sealed.value.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.value.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('sealed webhook secret does not open: altered, or moved from another endpoint');
    }
  }
}
