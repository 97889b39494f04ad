import { randomBytes } from 'node:crypto';
import { AesGcmKeyring, openAesGcm, sealAesGcm } from '@cred/runtime';

/**
 * Envelope encryption of private keys at rest. Each private key is encrypted with its own
 * random data key (AES-256-GCM); the data key is wrapped with the key-encryption key
 * (KEY_ENCRYPTION_KEY, AES-256-GCM). Both use the key's id as additional authenticated
 * data, so a ciphertext moved to another row fails to decrypt. The KEK id (a fingerprint)
 * is stored with each key: during a KEK rotation the keyring also holds the previous KEK
 * (KEY_ENCRYPTION_KEY_PREVIOUS), which still opens what it wrapped, and `rewrapDataKey`
 * moves a key to the current KEK by re-wrapping only its data key (the private key's
 * ciphertext does not change, and the private key is never decrypted for it).
 */
export interface SealedKey {
  kekId: string;
  wrappedDek: Buffer; // iv(12) | tag(16) | ciphertext(32)
  ciphertext: Buffer; // iv(12) | tag(16) | ciphertext
}

/** The KEKs of this process: KEY_ENCRYPTION_KEY wraps, KEY_ENCRYPTION_KEY_PREVIOUS still opens. */
export function kekKeyring(current: Buffer, previous: readonly Buffer[] = []): AesGcmKeyring {
  // 'kek-id' keeps the fingerprints stored before the keyring existed valid.
  return new AesGcmKeyring({ fingerprint: 'kek-id', name: 'KEY_ENCRYPTION_KEY / KEY_ENCRYPTION_KEY_PREVIOUS' }, current, previous);
}

export function kekFingerprint(kek: Buffer): string {
  return kekKeyring(kek).currentKeyId;
}

const dekAad = (keyRowId: string) => `dek:${keyRowId}`;
const keyAad = (keyRowId: string) => `key:${keyRowId}`;

export function sealPrivateKey(keyring: AesGcmKeyring, privateKeyDer: Buffer, keyRowId: string): SealedKey {
  const dek = randomBytes(32);
  try {
    const wrapped = keyring.seal(dek, dekAad(keyRowId));
    return { kekId: wrapped.keyId, wrappedDek: wrapped.value, ciphertext: sealAesGcm(dek, privateKeyDer, keyAad(keyRowId)) };
  } finally {
    dek.fill(0);
  }
}

export function openPrivateKey(keyring: AesGcmKeyring, sealed: SealedKey, keyRowId: string): Buffer {
  const dek = keyring.open(sealed.kekId, sealed.wrappedDek, dekAad(keyRowId));
  try {
    return openAesGcm(dek, sealed.ciphertext, keyAad(keyRowId), 'private key');
  } finally {
    dek.fill(0);
  }
}

/** The same key with its data key wrapped under the current KEK. */
export function rewrapDataKey(keyring: AesGcmKeyring, sealed: SealedKey, keyRowId: string): SealedKey {
  const dek = keyring.open(sealed.kekId, sealed.wrappedDek, dekAad(keyRowId));
  try {
    const wrapped = keyring.seal(dek, dekAad(keyRowId));
    return { kekId: wrapped.keyId, wrappedDek: wrapped.value, ciphertext: sealed.ciphertext };
  } finally {
    dek.fill(0);
  }
}
