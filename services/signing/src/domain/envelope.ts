import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of private keys at rest. Each private key is encrypted with its own
 * random data key (AES-256-GCM); the data key is wrapped with the key-encryption key
 * (KEY_ENCRYPTION_KEY, AES-256-GCM). Both use the key's id as additional authenticated
 * data, so a ciphertext moved to another row fails to decrypt. The KEK id (a fingerprint)
 * is stored so a rotated KEK can be told apart from the one a row was written under.
 */
export interface SealedKey {
  kekId: string;
  wrappedDek: Buffer; // iv(12) | tag(16) | ciphertext(32)
  ciphertext: Buffer; // iv(12) | tag(16) | ciphertext
}

export function kekFingerprint(kek: Buffer): string {
  return createHash('sha256').update('kek-id:').update(kek).digest('hex').slice(0, 16);
}

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 29) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}

export function sealPrivateKey(kek: Buffer, privateKeyDer: Buffer, keyRowId: string): SealedKey {
  const dek = randomBytes(32);
  try {
    return {
      kekId: kekFingerprint(kek),
      wrappedDek: seal(kek, dek, `dek:${keyRowId}`),
      ciphertext: seal(dek, privateKeyDer, `key:${keyRowId}`),
    };
  } finally {
    dek.fill(0);
  }
}

export function openPrivateKey(kek: Buffer, sealed: SealedKey, keyRowId: string): Buffer {
  if (sealed.kekId !== kekFingerprint(kek)) throw new Error('private key was sealed under another key-encryption key');
  const dek = open(kek, sealed.wrappedDek, `dek:${keyRowId}`);
  try {
    return open(dek, sealed.ciphertext, `key:${keyRowId}`);
  } finally {
    dek.fill(0);
  }
}
