/**
 * Ed25519 key material <-> Multikey strings and node:crypto KeyObjects.
 *
 * Public:  publicKeyMultibase = "z" + base58btc(0xed 0x01 || pub32)          (W3C CID, always "z6Mk…")
 * Secret:  secretKeyMultibase = "z" + base58btc(0x80 0x26 || seed32)         (W3C form)
 *          Digital Bazaar exports seed32 || pub32 after the same header;     (accepted on import)
 *
 * We go through DER (SPKI/PKCS8) to build KeyObjects because node:crypto cannot import raw
 * Ed25519 bytes directly, and Ed25519 via node:crypto is much faster than pure-JS signing.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { multibaseDecode, multibaseEncode } from './base58btc.js';
import { Ob3Error } from './errors.js';

const ED25519_PUB_HEADER = [0xed, 0x01] as const;
const ED25519_SECRET_HEADER = [0x80, 0x26] as const;
// Fixed DER prefixes for Ed25519 (RFC 8410): SubjectPublicKeyInfo and PrivateKeyInfo.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function encodeEd25519PublicKeyMultibase(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Ob3Error('INVALID_KEY', 'Ed25519 public key must be 32 bytes');
  const bytes = new Uint8Array(34);
  bytes.set(ED25519_PUB_HEADER, 0);
  bytes.set(publicKey, 2);
  return multibaseEncode(bytes);
}

/** Strict: only the Ed25519 multicodec header is accepted (other key types must be rejected). */
export function decodeEd25519PublicKeyMultibase(publicKeyMultibase: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = multibaseDecode(publicKeyMultibase);
  } catch (err) {
    throw new Ob3Error('INVALID_KEY', `publicKeyMultibase is not base58btc multibase: ${(err as Error).message}`);
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_PUB_HEADER[0] || bytes[1] !== ED25519_PUB_HEADER[1]) {
    throw new Ob3Error('INVALID_KEY', 'publicKeyMultibase is not an Ed25519 Multikey (expected header 0xed01 and 32 key bytes)');
  }
  return bytes.slice(2);
}

/** Encodes the 32-byte seed form (W3C). We never publish this; it is for key storage/export. */
export function encodeEd25519SecretKeyMultibase(seed: Uint8Array): string {
  if (seed.length !== 32) throw new Ob3Error('INVALID_KEY', 'Ed25519 seed must be 32 bytes');
  const bytes = new Uint8Array(34);
  bytes.set(ED25519_SECRET_HEADER, 0);
  bytes.set(seed, 2);
  return multibaseEncode(bytes);
}

/**
 * Returns the 32-byte seed. Accepts the 32-byte (W3C) and the 64-byte seed||pub (Digital Bazaar)
 * forms; for the latter the embedded public key must match the seed, so a corrupted export is caught.
 */
export function decodeEd25519SecretKeyMultibase(secretKeyMultibase: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = multibaseDecode(secretKeyMultibase);
  } catch (err) {
    throw new Ob3Error('INVALID_KEY', `secretKeyMultibase is not base58btc multibase: ${(err as Error).message}`);
  }
  if ((bytes.length !== 34 && bytes.length !== 66) || bytes[0] !== ED25519_SECRET_HEADER[0] || bytes[1] !== ED25519_SECRET_HEADER[1]) {
    throw new Ob3Error('INVALID_KEY', 'secretKeyMultibase is not an Ed25519 secret Multikey (header 0x8026, 32 or 64 bytes)');
  }
  const seed = bytes.slice(2, 34);
  if (bytes.length === 66) {
    const derived = rawEd25519PublicKey(ed25519PrivateKeyFromSeed(seed));
    if (!Buffer.from(derived).equals(Buffer.from(bytes.subarray(34)))) {
      throw new Ob3Error('INVALID_KEY', 'secretKeyMultibase: embedded public key does not match the seed');
    }
  }
  return seed;
}

export function ed25519PrivateKeyFromSeed(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new Ob3Error('INVALID_KEY', 'Ed25519 seed must be 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

// Raw public key bytes -> KeyObject is pure, so it is safe to cache by value; verifying many
// credentials from the same issuer then skips DER parsing. Bounded to stay memory-safe.
const PUBLIC_KEY_CACHE = new Map<string, KeyObject>();
const PUBLIC_KEY_CACHE_MAX = 1024;

export function ed25519PublicKeyFromRaw(publicKey: Uint8Array): KeyObject {
  if (publicKey.length !== 32) throw new Ob3Error('INVALID_KEY', 'Ed25519 public key must be 32 bytes');
  const cacheKey = Buffer.from(publicKey).toString('hex');
  const hit = PUBLIC_KEY_CACHE.get(cacheKey);
  if (hit) return hit;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
  } catch (err) {
    throw new Ob3Error('INVALID_KEY', 'invalid Ed25519 public key', { cause: err });
  }
  if (PUBLIC_KEY_CACHE.size >= PUBLIC_KEY_CACHE_MAX) {
    const oldest = PUBLIC_KEY_CACHE.keys().next().value;
    if (oldest !== undefined) PUBLIC_KEY_CACHE.delete(oldest);
  }
  PUBLIC_KEY_CACHE.set(cacheKey, key);
  return key;
}

export function ed25519PublicKeyFromMultibase(publicKeyMultibase: string): KeyObject {
  return ed25519PublicKeyFromRaw(decodeEd25519PublicKeyMultibase(publicKeyMultibase));
}

/** Raw 32-byte public key of an Ed25519 KeyObject (public or private). */
export function rawEd25519PublicKey(key: KeyObject): Uint8Array {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  if (pub.asymmetricKeyType !== 'ed25519') throw new Ob3Error('INVALID_KEY', 'not an Ed25519 key');
  const jwk = pub.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Ob3Error('INVALID_KEY', 'cannot export Ed25519 public key');
  return new Uint8Array(Buffer.from(jwk.x, 'base64url'));
}

export function publicKeyMultibaseFromKeyObject(key: KeyObject): string {
  return encodeEd25519PublicKeyMultibase(rawEd25519PublicKey(key));
}
