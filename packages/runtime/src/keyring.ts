import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM under a current key and, during a rotation, previous keys that still open what
 * they sealed. Every sealed value is stored with the fingerprint of the key that sealed it, so
 * a reader picks the right key without trying each one, a value under a retired key is
 * recognised (and resealed), and a value under a key that is not configured fails with a
 * clear message. Used for webhook endpoint secrets (notification) and for the data keys of
 * private signing keys (signing, KEY_ENCRYPTION_KEY). Key bytes never appear in errors.
 */
export class KeyringError extends Error {}

/** iv (12) | tag (16) | ciphertext */
const MIN_SEALED = 12 + 16 + 1;

export class AesGcmKeyring {
  private readonly current: { id: string; key: Buffer };
  private readonly keys = new Map<string, Buffer>();

  private readonly label: string;
  private readonly name: string;

  /**
   * `names.fingerprint` separates fingerprints of one purpose from another's (and keeps
   * fingerprints already stored valid); `names.name` is what errors call the key (its
   * configuration variable). `current` seals, `previous` only open.
   */
  constructor(names: { fingerprint: string; name: string }, current: Buffer, previous: readonly Buffer[] = []) {
    this.label = names.fingerprint;
    this.name = names.name;
    const name = names.name;
    if (current.length !== 32) throw new KeyringError(`${name} must be 32 bytes (64 hex characters)`);
    this.current = { id: this.fingerprint(current), key: Buffer.from(current) };
    this.keys.set(this.current.id, this.current.key);
    for (const k of previous) {
      if (k.length !== 32) throw new KeyringError(`a previous ${name} must be 32 bytes (64 hex characters)`);
      const id = this.fingerprint(k);
      if (!this.keys.has(id)) this.keys.set(id, Buffer.from(k));
    }
  }

  /** From 64-hex-character strings (configuration); empty or undefined previous keys are skipped. */
  static fromHex(names: { fingerprint: string; name: string }, currentHex: string, previousHex: ReadonlyArray<string | undefined> = []): AesGcmKeyring {
    return new AesGcmKeyring(
      names,
      Buffer.from(currentHex, 'hex'),
      previousHex.filter((h): h is string => typeof h === 'string' && h.length > 0).map((h) => Buffer.from(h, 'hex')),
    );
  }

  fingerprint(key: Buffer): string {
    return createHash('sha256').update(`${this.label}:`).update(key).digest('hex').slice(0, 16);
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  /** Whether a value sealed under `keyId` can be opened here. */
  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  seal(plaintext: Buffer, aad: string): { keyId: string; value: Buffer } {
    return { keyId: this.current.id, value: sealAesGcm(this.current.key, plaintext, aad) };
  }

  open(keyId: string, value: Buffer, aad: string): Buffer {
    const key = this.keys.get(keyId);
    if (!key) throw new KeyringError(`sealed under key ${keyId}, which is not configured (${this.name})`);
    return openAesGcm(key, value, aad);
  }
}

/** AES-256-GCM with a raw key (a data key of envelope encryption): iv (12) | tag (16) | ciphertext. */
export function sealAesGcm(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function openAesGcm(key: Buffer, value: Buffer, aad: string, what = 'sealed'): Buffer {
  if (value.length < MIN_SEALED) throw new KeyringError(`${what} value too short`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, value.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(value.subarray(12, 28));
    return Buffer.concat([decipher.update(value.subarray(28)), decipher.final()]);
  } catch {
    throw new KeyringError(`${what} value does not open: altered, or moved from another row`);
  }
}
