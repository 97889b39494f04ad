import { createHash, createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from './clock.js';

/**
 * Session tokens (docs/decisions.md, "Session tokens are signed with Ed25519"). Accounts alone holds
 * the private key and signs; the gateway and verification hold only public keys and check. A
 * service that parses untrusted input (verification) can therefore read a session but never mint
 * one. The token carries who (`sub`), which session (`jti`, the accounts `sessions` row) and the
 * session's CSRF token (`csrf`, random): everything else is asked of accounts on each request.
 *
 * Keys travel as base64url: the private key as its 32-byte Ed25519 seed, a public key as its 32
 * raw bytes. A token names its key (`kid`: the first 16 characters of the base64url SHA-256 of
 * the public key), so a key can be rotated by publishing the new public key beside the old one
 * before accounts signs with it.
 */
export const SESSION_JWT = {
  alg: 'EdDSA',
  typ: 'session+jwt',
  issuer: 'credentials:accounts',
  audience: 'credentials:gateway',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const B64URL_32 = /^[A-Za-z0-9_-]{43}$/;
/** The DER prefixes of an Ed25519 PKCS#8 private key and SPKI public key around their 32 raw bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function raw32(value: string): Buffer {
  if (!B64URL_32.test(value)) throw new Error('must be 32 bytes in base64url (43 characters)');
  return Buffer.from(value, 'base64url');
}

/** An Ed25519 private key from its 32-byte seed in base64url (throws on anything else). */
export function ed25519PrivateKeyOf(seed: string): KeyObject {
  return privateKeyOf(seed);
}

/** An Ed25519 public key from its 32 raw bytes in base64url (throws on anything else). */
export function ed25519PublicKeyOf(raw: string): KeyObject {
  return publicKeyOf(raw);
}

function privateKeyOf(seed: string): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw32(seed)]), format: 'der', type: 'pkcs8' });
}

function publicKeyOf(raw: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw32(raw)]), format: 'der', type: 'spki' });
}

/** The `kid` a token signed with this public key's seed carries. */
export function sessionKeyIdOf(publicKeyRaw: string): string {
  return createHash('sha256').update(Buffer.from(publicKeyRaw, 'base64url')).digest('base64url').slice(0, 16);
}

/** The public key (base64url, 32 bytes) of a signing seed. */
export function sessionPublicKeyOf(seed: string): string {
  const der = createPublicKey(privateKeyOf(seed)).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_PREFIX.length).toString('base64url');
}

/** A new key pair, for `npm start`, tests and operators (`node -e` in docs/decisions.md). */
export function newSessionKeyPair(): { SESSION_SIGNING_KEY: string; SESSION_PUBLIC_KEYS: string } {
  const seed = randomBytes(32).toString('base64url');
  return { SESSION_SIGNING_KEY: seed, SESSION_PUBLIC_KEYS: sessionPublicKeyOf(seed) };
}

/** Env schema of the private seed (accounts only). */
export const sessionSigningKeyEnv = z.string().refine((v) => {
  try {
    privateKeyOf(v);
    return true;
  } catch {
    return false;
  }
}, 'must be an Ed25519 seed: 32 bytes in base64url (43 characters)');

/** Env schema of the public keys (gateway, verification): one or more, comma-separated, current first. */
export const sessionPublicKeysEnv = z.string().refine((v) => {
  const keys = v.split(',').map((k) => k.trim());
  if (keys.length === 0 || keys.length > 4) return false;
  try {
    keys.forEach(publicKeyOf);
    return true;
  } catch {
    return false;
  }
}, 'must be 1 to 4 Ed25519 public keys (32 bytes in base64url each), comma-separated');

export interface SessionTokenInput {
  userId: string;
  sessionId: string;
  /** Whole seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export interface SessionClaims {
  userId: string;
  /** The JWT's jti: the accounts `sessions` row. */
  sessionId: string;
  expiresAt: Date;
  /** The session's CSRF token (sent back as X-CSRF-Token on unsafe cookie requests). */
  csrf: string;
}

/** Accounts: signs session tokens with the private key. */
export function createSessionTokenSigner(seed: string) {
  const key = privateKeyOf(seed);
  const kid = sessionKeyIdOf(sessionPublicKeyOf(seed));
  return (input: SessionTokenInput): Promise<string> =>
    new SignJWT({ csrf: randomBytes(24).toString('base64url') })
      .setProtectedHeader({ alg: SESSION_JWT.alg, typ: SESSION_JWT.typ, kid })
      .setSubject(input.userId)
      .setIssuer(SESSION_JWT.issuer)
      .setAudience(SESSION_JWT.audience)
      .setIssuedAt(input.issuedAt)
      .setNotBefore(input.issuedAt)
      .setExpirationTime(input.expiresAt)
      .setJti(input.sessionId)
      .sign(key);
}

/**
 * Checks a session token (RFC 8725): EdDSA only (so `none`, HS256 keyed with a public key and
 * every other algorithm fail), a `kid` among the configured keys, the session `typ`, issuer and
 * audience, exp/iat/sub/jti/csrf present, against the application clock. Any failure throws; the
 * caller answers it as one 401 (or "nobody"), never saying why.
 */
export function createSessionTokenVerifier(publicKeys: string, clock: Clock) {
  const keys = new Map(
    publicKeys
      .split(',')
      .map((k) => k.trim())
      .map((k) => [sessionKeyIdOf(k), publicKeyOf(k)] as const),
  );
  return async function verifySessionToken(token: string): Promise<SessionClaims> {
    const header = decodeProtectedHeader(token);
    const key = typeof header.kid === 'string' ? keys.get(header.kid) : undefined;
    if (!key) throw new Error('unknown session key');
    const { payload } = await jwtVerify(token, key, {
      algorithms: [SESSION_JWT.alg],
      typ: SESSION_JWT.typ,
      issuer: SESSION_JWT.issuer,
      audience: SESSION_JWT.audience,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      currentDate: clock.now(),
      clockTolerance: 5,
    });
    if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new Error('bad subject');
    if (typeof payload.jti !== 'string' || !UUID.test(payload.jti)) throw new Error('bad jti');
    if (typeof payload.csrf !== 'string' || payload.csrf.length < 16) throw new Error('bad csrf');
    return { userId: payload.sub, sessionId: payload.jti, expiresAt: new Date((payload.exp ?? 0) * 1000), csrf: payload.csrf };
  };
}
