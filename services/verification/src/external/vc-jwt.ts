/**
 * VC-JWT (OB 3.0 "JWT proof", VC 1.1 JWT encoding and VC 2.0 JWT payloads): strict parsing of the
 * compact JWS, the credential it carries, and the JWS signature step. The checks on the credential
 * itself are the ones every external credential gets (`checkCredential` in verify-credential.ts).
 *
 * - Compact serialization only (three parts); strict base64url (no padding, no other alphabet,
 *   canonical trailing bits); header and payload UTF-8 JSON objects within size limits.
 * - `alg` must be an asymmetric algorithm of ACCEPTED_ALGORITHMS: `none`, HMAC and anything else
 *   are refused before the payload is looked at. `crit` is refused (no extension is understood);
 *   `jku` / `x5u` are never fetched.
 * - The key: header `kid` (did:key, did:web or https URL with a fragment) through resolveJwsKey,
 *   which authenticates it as for Data Integrity; else the header `jwk`, which only shows
 *   integrity (issuerAuthenticated false, docs/contract.md "Verification"). Neither: the key is not available.
 */
import type { KeyObject } from 'node:crypto';
import { compactVerify } from 'jose';
import { errorMessage } from './errors.js';
import { parseJsonWithLimits, type JsonLimits } from './json-limits.js';
import { headerJwkBinding, issuerBindingCheck, resolveJwsKey, type JwsKeyBinding } from './key-binding.js';
import type { DateBound, SignatureStepInput, SignatureStepOutcome } from './verify-credential.js';

export const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'] as const;
export type JwsAlgorithm = (typeof ACCEPTED_ALGORITHMS)[number];

/** Whole compact JWS, in characters (the longest JSON string the external verifier accepts). */
export const MAX_JWS_LENGTH = 1_000_000;
/** Encoded header: room for an RSA-8192 `jwk` and a long `kid`. */
const MAX_HEADER_LENGTH = 8_192;
/** Encoded signature: an RSA-8192 signature is 1,366 characters. */
const MAX_SIGNATURE_LENGTH = 1_400;
const HEADER_LIMITS: JsonLimits = { maxDepth: 4, maxNodes: 64, maxArrayLength: 16, maxStringLength: 4_096 };
const MIN_RSA_BITS = 2048;
const MAX_RSA_BITS = 8192;
const MAX_RSA_EXPONENT = 2n ** 32n;

export interface ParsedJws {
  header: Record<string, unknown>;
  alg: JwsAlgorithm;
  payload: Record<string, unknown>;
  /** The compact serialization as checked here (surrounding white space removed). */
  compact: string;
}

export type Parsed<T> = ({ ok: true } & T) | { ok: false; message: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Strict base64url (RFC 7515 §2): no padding, canonical encoding (re-encodes to the same text). */
function decodeBase64url(part: string, name: string): Buffer {
  if (!BASE64URL.test(part) || part.length % 4 === 1) throw new Error(`the ${name} is not base64url`);
  const bytes = Buffer.from(part, 'base64url');
  if (bytes.toString('base64url') !== part) throw new Error(`the ${name} is not canonical base64url`);
  return bytes;
}

function decodeJsonObject(part: string, name: string, limits?: JsonLimits): Record<string, unknown> {
  const bytes = decodeBase64url(part, name);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`the ${name} is not UTF-8`);
  }
  let value: unknown;
  try {
    value = parseJsonWithLimits(text, limits);
  } catch (err) {
    throw new Error(`the ${name} is not acceptable JSON: ${errorMessage(err)}`);
  }
  if (!isRecord(value)) throw new Error(`the ${name} is not a JSON object`);
  return value;
}

function checkAlgorithm(alg: unknown): JwsAlgorithm {
  if (alg === undefined) throw new Error('the JOSE header has no alg');
  if (typeof alg !== 'string') throw new Error('the JOSE header alg is not a string');
  if (alg.toLowerCase() === 'none') throw new Error('alg "none" (an unsecured JWT) is refused');
  if (/^HS\d+$/i.test(alg))
    throw new Error(`alg "${alg}" is a shared-secret MAC, which cannot show who issued a credential, and is refused`);
  if (!(ACCEPTED_ALGORITHMS as readonly string[]).includes(alg)) {
    throw new Error(`alg ${JSON.stringify(alg.slice(0, 40))} is not accepted (accepted: ${ACCEPTED_ALGORITHMS.join(', ')})`);
  }
  return alg as JwsAlgorithm;
}

/** Parses a compact JWS; every problem is a message (the caller reports a failed `format` check). */
export function parseCompactJws(text: string): Parsed<{ jws: ParsedJws }> {
  try {
    if (typeof text !== 'string') throw new Error('not a string');
    const jws = text.trim();
    if (jws.length > MAX_JWS_LENGTH) throw new Error(`longer than ${MAX_JWS_LENGTH} characters`);
    const parts = jws.split('.');
    if (parts.length !== 3) throw new Error(`a compact JWS has 3 parts, this has ${parts.length}`);
    const [h, p, s] = parts as [string, string, string];
    if (h.length > MAX_HEADER_LENGTH) throw new Error(`the JOSE header is longer than ${MAX_HEADER_LENGTH} characters`);
    const header = decodeJsonObject(h, 'JOSE header', HEADER_LIMITS);
    const alg = checkAlgorithm(header['alg']);
    if (header['crit'] !== undefined) throw new Error('the JOSE header has crit: no JWS extension is understood');
    if (header['kid'] !== undefined && (typeof header['kid'] !== 'string' || header['kid'].length === 0)) {
      throw new Error('the JOSE header kid is not a non-empty string');
    }
    if (header['jwk'] !== undefined && !isRecord(header['jwk'])) throw new Error('the JOSE header jwk is not an object');
    if (s.length === 0) throw new Error('the signature is empty');
    if (s.length > MAX_SIGNATURE_LENGTH) throw new Error(`the signature is longer than ${MAX_SIGNATURE_LENGTH} characters`);
    decodeBase64url(s, 'signature');
    const payload = decodeJsonObject(p, 'payload');
    return { ok: true, jws: { header, alg, payload, compact: jws } };
  } catch (err) {
    return { ok: false, message: errorMessage(err) };
  }
}

// ---------------------------------------------------------------------------------------------
// The credential in the payload

export interface JwtCredential {
  credential: Record<string, unknown>;
  /** How the payload carries it (for the `format` check). */
  encoding: string;
  /** Registered claims that are malformed or contradict the credential (`structure` check). */
  problems: string[];
  notBefore?: DateBound;
  notAfter?: DateBound;
}

const VC_V1 = 'https://www.w3.org/2018/credentials/v1';

function numericDate(payload: Record<string, unknown>, claim: string, problems: string[]): Date | null {
  const v = payload[claim];
  if (v === undefined) return null;
  const d = typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : null;
  if (!d || Number.isNaN(d.getTime())) {
    problems.push(`the JWT ${claim} is not a NumericDate`);
    return null;
  }
  return d;
}

function xsd(d: Date): string {
  return d.toISOString().replace('.000Z', 'Z');
}

function stringClaim(payload: Record<string, unknown>, claim: string, problems: string[]): string | null {
  const v = payload[claim];
  if (v === undefined) return null;
  if (typeof v !== 'string') {
    problems.push(`the JWT ${claim} is not a string`);
    return null;
  }
  return v;
}

function rawIssuerId(credential: Record<string, unknown>): unknown {
  const issuer = credential['issuer'];
  return isRecord(issuer) ? issuer['id'] : issuer;
}

/**
 * The credential: the `vc` claim (VC 1.1 JWT encoding; registered claims fill what it lacks:
 * iss -> issuer, nbf -> issuanceDate / validFrom, exp -> expirationDate / validUntil, jti -> id,
 * sub -> credentialSubject.id), or the payload itself when it is a credential (VC 2.0: @context
 * or type). Claims present on both sides must agree; nbf / exp become further validity bounds.
 */
export function jwtCredential(payload: Record<string, unknown>): Parsed<JwtCredential> {
  const problems: string[] = [];
  const iss = stringClaim(payload, 'iss', problems);
  const jti = stringClaim(payload, 'jti', problems);
  const sub = stringClaim(payload, 'sub', problems);
  const nbf = numericDate(payload, 'nbf', problems);
  const exp = numericDate(payload, 'exp', problems);
  numericDate(payload, 'iat', problems);

  let credential: Record<string, unknown>;
  let encoding: string;
  if (payload['vc'] !== undefined) {
    if (!isRecord(payload['vc'])) return { ok: false, message: 'the payload vc claim is not an object' };
    credential = structuredClone(payload['vc']);
    encoding = 'the credential is the payload vc claim (VC 1.1 JWT encoding)';
    const contexts = credential['@context'];
    const v1 = (Array.isArray(contexts) ? contexts[0] : contexts) === VC_V1;
    const fill = (name: string, value: unknown) => {
      if (credential[name] === undefined && value !== null) credential[name] = value;
    };
    if (iss !== null) {
      const issuer = credential['issuer'];
      if (issuer === undefined) credential['issuer'] = iss;
      else if (isRecord(issuer) && issuer['id'] === undefined) credential['issuer'] = { ...issuer, id: iss };
    }
    fill(v1 ? 'issuanceDate' : 'validFrom', nbf ? xsd(nbf) : null);
    fill(v1 ? 'expirationDate' : 'validUntil', exp ? xsd(exp) : null);
    fill('id', jti);
    const subject = credential['credentialSubject'];
    if (sub !== null && isRecord(subject) && subject['id'] === undefined) credential['credentialSubject'] = { ...subject, id: sub };
  } else if (payload['@context'] !== undefined || payload['type'] !== undefined) {
    credential = payload;
    encoding = 'the credential is the payload (VC 2.0)';
  } else {
    return { ok: false, message: 'the payload has neither a vc claim nor a credential (@context / type)' };
  }

  const issuerId = rawIssuerId(credential);
  if (iss !== null && issuerId !== iss) problems.push(`the JWT iss ${iss} is not the issuer ${JSON.stringify(issuerId)}`);
  if (jti !== null && credential['id'] !== jti)
    problems.push(`the JWT jti ${jti} is not the credential id ${JSON.stringify(credential['id'])}`);
  const subject = credential['credentialSubject'];
  if (sub !== null && isRecord(subject) && subject['id'] !== sub) {
    problems.push(`the JWT sub ${sub} is not the credentialSubject id ${JSON.stringify(subject['id'])}`);
  }
  return {
    ok: true,
    credential,
    encoding,
    problems,
    ...(nbf ? { notBefore: { at: nbf, raw: xsd(nbf), name: 'JWT nbf' } } : {}),
    ...(exp ? { notAfter: { at: exp, raw: xsd(exp), name: 'JWT exp' } } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The signature

/** Why `key` cannot verify `alg`, or null when it can. */
export function keyAlgorithmMismatch(key: KeyObject, alg: JwsAlgorithm): string | null {
  const type = key.asymmetricKeyType;
  const details = key.asymmetricKeyDetails ?? {};
  if (alg.startsWith('RS') || alg.startsWith('PS')) {
    if (type !== 'rsa') return `${alg} needs an RSA key, not ${type ?? 'unknown'}`;
    const bits = details.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS || bits > MAX_RSA_BITS)
      return `RSA keys of ${MIN_RSA_BITS} to ${MAX_RSA_BITS} bits are accepted, this has ${bits}`;
    if (details.publicExponent === undefined || details.publicExponent > MAX_RSA_EXPONENT) return 'the RSA public exponent is too large';
    return null;
  }
  if (alg === 'ES256' || alg === 'ES384') {
    const curve = alg === 'ES256' ? 'prime256v1' : 'secp384r1';
    if (type !== 'ec' || details.namedCurve !== curve) return `${alg} needs an EC ${alg === 'ES256' ? 'P-256' : 'P-384'} key`;
    return null;
  }
  return type === 'ed25519' ? null : `EdDSA needs an Ed25519 key, not ${type ?? 'unknown'}`;
}

/**
 * Checks the JWS signature with `key` (already matched to the algorithm by keyAlgorithmMismatch,
 * which is stricter than jose about RSA sizes) by jose, allowing only the header's own `alg`.
 * Anything jose refuses counts as a signature that does not verify.
 */
export async function verifyJwsSignature(jws: ParsedJws, key: KeyObject): Promise<boolean> {
  try {
    await compactVerify(jws.compact, key, { algorithms: [jws.alg] });
    return true;
  } catch {
    return false;
  }
}

/** The signature step of a VC-JWT: find the key (kid, else header jwk), verify, bind to the issuer. */
export function jwsSignatureStep(jws: ParsedJws): (input: SignatureStepInput) => Promise<SignatureStepOutcome> {
  return async ({ issuerId, documents }) => {
    const fail = (signature: string, issuer = 'not checked: the signature is not valid'): SignatureStepOutcome => ({
      signatureValid: false,
      signature,
      issuer: { passed: false, message: issuer },
      signingKeys: [],
    });
    const kid = jws.header['kid'] as string | undefined;
    const jwk = jws.header['jwk'];
    let binding: JwsKeyBinding | null = null;
    const unavailable: string[] = [];
    if (kid !== undefined) {
      try {
        binding = await resolveJwsKey(kid, documents);
      } catch (err) {
        unavailable.push(`kid ${kid}: ${errorMessage(err)}`);
      }
    }
    if (!binding && jwk !== undefined) {
      try {
        binding = headerJwkBinding(jwk, unavailable.length > 0 ? `the kid could not be used (${unavailable.join('; ')})` : undefined);
      } catch (err) {
        unavailable.push(`header jwk: ${errorMessage(err)}`);
      }
    }
    if (!binding) {
      const why =
        unavailable.length > 0
          ? unavailable.join('; ')
          : 'the JOSE header has neither kid nor jwk (keys are not looked up from the issuer id)';
      return fail(`not checked: the signing key is not available: ${why}`, 'not checked: the signature could not be checked');
    }
    const mismatch = keyAlgorithmMismatch(binding.key, jws.alg);
    if (mismatch) return fail(`the JWS signature does not verify: the key of ${binding.verificationMethod} cannot be used: ${mismatch}`);
    if (!(await verifyJwsSignature(jws, binding.key))) {
      return fail(`the JWS signature does not verify (${jws.alg} with the key of ${binding.verificationMethod})`);
    }
    return {
      signatureValid: true,
      signature: `valid JWS signature: ${jws.alg} by ${binding.verificationMethod}`,
      issuer: issuerBindingCheck([binding], issuerId),
      signingKeys: binding.ed25519 ? [binding.ed25519] : [],
    };
  };
}
