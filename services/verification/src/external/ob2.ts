/**
 * Open Badges 2.0 assertions (1EdTech Open Badges v2.0, "Verification"), on the same surfaces
 * as OB 3.0 credentials: `POST /api/verify/credential`, `POST /api/verify/baked` and the lookup
 * page. docs/standards.md "Open Badges 2.0" states the rules in prose; in short:
 *
 * - hosted: the assertion is read from its `id` (an http(s) URL) as the issuer serves it now
 *   (never from the cache); that copy is judged, its id must be the URL, and the URL must lie
 *   within the issuer's scope (its Profile's `verification.allowedOrigins` / `startsWith`, by
 *   default the host of the issuer's id). 410 Gone or `revoked: true` is a revocation;
 * - signed: a compact JWS whose payload is the assertion, checked with the PEM of the
 *   CryptographicKey named by `verification.creator` (else the issuer's `publicKey`); the key's
 *   `owner` must be the issuer and the issuer must list it when it lists keys; revocation through
 *   the issuer's `revocationList`;
 * - both: the BadgeClass (from `badge`) and the Issuer (from the BadgeClass's `issuer`) are
 *   fetched, their ids must be the URLs they came from; `issuedOn` in the future is not valid,
 *   a passed `expires` is expired; the recipient is compared when the verifier gives an address.
 *
 * Every document goes through the same guarded fetcher and fetch budget as OB 3.0 documents. A
 * document that names one already fetched in this verification (an assertion whose BadgeClass is
 * itself, ...) is a REFERENCE_LOOP input error: nothing is fetched twice and nothing is recorded.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { Ob2ReasonCode } from '@cred/ob3/ob2-reasons';
import { errorMessage, ExternalInputError, FetchError } from './errors.js';
import type { RemoteDocuments } from './remote-documents.js';
import { parseDateTime } from './status.js';
import { keyAlgorithmMismatch, verifyJwsSignature, type ParsedJws } from './vc-jwt.js';
import type { ExternalStatus, ExternalVerification, ExternalVerificationResult, VerificationCheck } from './verify-credential.js';

export const OB2_CONTEXT = 'https://w3id.org/openbadges/v2';

/** How an assertion reached us. */
export type Ob2Input =
  | { kind: 'url'; url: string } // a hosted assertion's URL (baked, or sent as the credential)
  | { kind: 'object'; assertion: Record<string, unknown> } // the assertion JSON
  | { kind: 'jws'; jws: ParsedJws }; // a signed assertion

export interface Ob2Options {
  /** The e-mail address the verifier expects as recipient (checked only when given). */
  recipient?: string;
  /** The request field named by input errors (`credential` or `file`). */
  field: 'credential' | 'file';
}

/** The documents an OB 2.0 verification read (null when it did not get that far). */
export interface Ob2Documents {
  assertion: Record<string, unknown> | null;
  badgeClass: Record<string, unknown> | null;
  issuer: Record<string, unknown> | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function typesOf(doc: Record<string, unknown>): string[] {
  return asArray(doc['type']).filter((t): t is string => typeof t === 'string');
}

function hasOb2Context(doc: Record<string, unknown>): boolean {
  return asArray(doc['@context']).includes(OB2_CONTEXT);
}

/** An OB 2.0 assertion (its context, or an `Assertion` without a Verifiable Credentials context). */
export function isOb2Assertion(doc: Record<string, unknown>): boolean {
  if (hasOb2Context(doc)) return true;
  const contexts = asArray(doc['@context']);
  return contexts.length === 0 && typesOf(doc).includes('Assertion') && 'badge' in doc && 'recipient' in doc;
}

const HTTP_URL = /^https?:\/\/\S+$/i;
const URI = /^[a-z][a-z0-9+.-]*:\S*$/i;

export function isHttpUrl(v: unknown): v is string {
  if (typeof v !== 'string' || !HTTP_URL.test(v)) return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

function withoutFragment(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}

function idOf(v: unknown): string | null {
  const id = typeof v === 'string' ? v : isRecord(v) ? v['id'] : undefined;
  return typeof id === 'string' ? id : null;
}

function verificationKind(assertion: Record<string, unknown>): 'hosted' | 'signed' | null {
  const v = assertion['verification'];
  const type = isRecord(v) ? v['type'] : undefined;
  if (type === 'hosted' || type === 'HostedBadge') return 'hosted';
  if (type === 'signed' || type === 'SignedBadge') return 'signed';
  return null;
}

/** A refusal that ends the verification: the failed check and its reason. */
class Refusal extends Error {
  constructor(
    readonly code: Ob2ReasonCode,
    readonly check: string,
    message: string,
  ) {
    super(message);
  }
}

const REFUSED_ADDRESS = new Set(['SCHEME_NOT_ALLOWED', 'PORT_NOT_ALLOWED', 'ADDRESS_NOT_ALLOWED', 'BAD_URL']);

function fetchRefusal(err: unknown, what: string, url: string, code: Ob2ReasonCode, check: string): Refusal {
  const message = `the ${what} could not be fetched from ${url}: ${errorMessage(err)}`;
  if (err instanceof FetchError && REFUSED_ADDRESS.has(err.code)) return new Refusal('address_refused', check, message);
  if (err instanceof FetchError && err.code === 'BUDGET_EXCEEDED') return new Refusal('fetch_limit', check, message);
  return new Refusal(code, check, message);
}

/** Structure problems of an assertion (Open Badges 2.0 "Assertion" required properties). */
function assertionProblems(a: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!hasOb2Context(a)) problems.push(`@context must include ${OB2_CONTEXT}`);
  if (!typesOf(a).includes('Assertion')) problems.push('type must be Assertion');
  if (typeof a['id'] !== 'string' || !URI.test(a['id'])) problems.push('id (a URI) is missing');
  const r = a['recipient'];
  if (!isRecord(r)) problems.push('recipient (an IdentityObject) is missing');
  else {
    if (typeof r['identity'] !== 'string' || r['identity'] === '') problems.push('recipient.identity is missing');
    if (typeof r['type'] !== 'string') problems.push('recipient.type is missing');
    if (r['hashed'] !== undefined && typeof r['hashed'] !== 'boolean') problems.push('recipient.hashed is not a boolean');
    if (r['salt'] !== undefined && typeof r['salt'] !== 'string') problems.push('recipient.salt is not a string');
  }
  if (!idOf(a['badge'])) problems.push('badge (the BadgeClass IRI) is missing');
  if (!isRecord(a['verification'])) problems.push('verification is missing');
  if (a['issuedOn'] === undefined) problems.push('issuedOn is required');
  else if (!parseDateTime(a['issuedOn'])) problems.push('issuedOn is not a date-time');
  if (a['expires'] !== undefined && !parseDateTime(a['expires'])) problems.push('expires is not a date-time');
  if (a['revoked'] !== undefined && typeof a['revoked'] !== 'boolean') problems.push('revoked is not a boolean');
  return problems;
}

/** Whether `url` (a hosted assertion) lies within what the issuer profile allows. */
function hostedScope(issuer: Record<string, unknown>, url: string): { ok: boolean; message: string } {
  const policy = isRecord(issuer['verification']) ? issuer['verification'] : {};
  const origins = asArray(policy['allowedOrigins']).filter((o): o is string => typeof o === 'string');
  const prefixes = asArray(policy['startsWith']).filter((o): o is string => typeof o === 'string');
  const target = new URL(url);
  if (origins.length === 0 && prefixes.length === 0) {
    const issuerId = idOf(issuer);
    let issuerHost: string | null = null;
    try {
      issuerHost = issuerId ? new URL(issuerId).hostname : null;
    } catch {
      issuerHost = null;
    }
    return issuerHost !== null && issuerHost === target.hostname
      ? { ok: true, message: `the assertion is hosted on ${target.hostname}, the host of its issuer ${issuerId}` }
      : { ok: false, message: `the assertion is hosted on ${target.hostname}, not on the host of its issuer ${issuerId ?? '(no id)'}` };
  }
  if (origins.length > 0 && !origins.some((o) => o === target.hostname || o === target.host)) {
    return { ok: false, message: `the assertion is hosted on ${target.host}, which the issuer's allowedOrigins do not list` };
  }
  if (prefixes.length > 0 && !prefixes.some((p) => url.startsWith(p))) {
    return { ok: false, message: `the assertion URL does not start with any of the issuer's startsWith prefixes` };
  }
  return { ok: true, message: `the assertion URL is within the issuer's verification policy` };
}

/** Compares the address the verifier gave with the assertion's recipient. */
function recipientCheck(recipient: Record<string, unknown>, address: string): { ok: boolean; message: string } {
  const type = recipient['type'];
  if (type !== 'email') return { ok: false, message: `the badge was awarded to a ${String(type)} identity, not to an e-mail address` };
  const identity = String(recipient['identity']);
  const salt = typeof recipient['salt'] === 'string' ? recipient['salt'] : '';
  const candidates = [...new Set([address.trim(), address.trim().toLowerCase()])];
  const hashed = /^(sha256|md5)\$[0-9a-f]+$/i.exec(identity);
  if (recipient['hashed'] === true || hashed) {
    if (!hashed) return { ok: false, message: 'the recipient identity is marked hashed but is not sha256$… or md5$…' };
    const algorithm = hashed[1]!.toLowerCase();
    const expected = identity.slice(algorithm.length + 1).toLowerCase();
    const match = candidates.some(
      (c) =>
        createHash(algorithm)
          .update(c + salt, 'utf8')
          .digest('hex') === expected,
    );
    return match
      ? { ok: true, message: `the address given matches the recipient's ${algorithm} hash` }
      : { ok: false, message: `the address given does not match the recipient's ${algorithm} hash` };
  }
  return candidates.some((c) => c.toLowerCase() === identity.trim().toLowerCase())
    ? { ok: true, message: 'the address given is the recipient' }
    : { ok: false, message: 'the address given is not the recipient' };
}

function notVerified(): ExternalVerification {
  return {
    signatureValid: false,
    notRevoked: false,
    notExpired: false,
    issuerAuthenticated: false,
    notBeforeValid: false,
    structureValid: false,
    statusAvailable: false,
  };
}

interface Failure {
  code: Ob2ReasonCode;
  message: string;
}

function result(
  verification: ExternalVerification,
  checks: VerificationCheck[],
  failures: Failure[],
  documents: Ob2Documents,
  forced?: ExternalStatus,
): ExternalVerificationResult {
  const v = verification;
  const invalid =
    !v.structureValid ||
    !v.signatureValid ||
    !v.issuerAuthenticated ||
    !v.notBeforeValid ||
    !v.statusAvailable ||
    v.recipientMatched === false;
  const status: ExternalStatus = forced ?? (invalid ? 'invalid' : !v.notRevoked ? 'revoked' : !v.notExpired ? 'expired' : 'valid');
  const pick =
    status === 'invalid'
      ? failures.find((f) => f.code !== 'revoked' && f.code !== 'expired')
      : status === 'revoked'
        ? failures.find((f) => f.code === 'revoked')
        : status === 'expired'
          ? failures.find((f) => f.code === 'expired')
          : undefined;
  return {
    valid: status === 'valid',
    status,
    verification: v,
    checks,
    ob3Credential: null,
    openBadgesVersion: '2.0',
    ob2: documents,
    ...(pick ? { reason: { code: pick.code, message: pick.message } } : {}),
  };
}

/**
 * Verifies an Open Badges 2.0 assertion. Everything about the assertion is a result (with a
 * `reason`); only a reference loop and an unusable recipient address are input errors.
 */
export async function verifyOb2Assertion(
  input: Ob2Input,
  deps: { clock: { now(): Date }; documents: RemoteDocuments },
  options: Ob2Options,
): Promise<ExternalVerificationResult> {
  const { documents } = deps;
  const verification = notVerified();
  const checks: VerificationCheck[] = [];
  const failures: Failure[] = [];
  const docs: Ob2Documents = { assertion: null, badgeClass: null, issuer: null };
  const add = (name: string, passed: boolean, message: string, code?: Ob2ReasonCode) => {
    checks.push({ name, passed, message });
    if (!passed && code) failures.push({ code, message });
  };
  let address: string | undefined;
  if (options.recipient !== undefined) {
    address = options.recipient.trim();
    if (address === '' || address.length > 320 || !address.includes('@')) {
      throw new ExternalInputError('BAD_RECIPIENT', 'the recipient must be an e-mail address (at most 320 characters)', 'recipient');
    }
  }

  // Every document is fetched at most once: a second reference to a URL already read is a loop.
  const seen = new Map<string, string>();
  const fetchOnce = async (url: string, what: string, code: Ob2ReasonCode, check: string, fresh = false): Promise<unknown> => {
    const key = withoutFragment(url);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new ExternalInputError(
        'REFERENCE_LOOP',
        `the Open Badges 2.0 ${what} ${url} is the ${earlier} already read for this assertion: documents that refer back to one another are refused`,
        options.field,
      );
    }
    seen.set(key, what);
    if (!isHttpUrl(url)) throw new Refusal(code, check, `the ${what} ${String(url).slice(0, 200)} is not an http(s) URL`);
    try {
      return await documents.fetchDocument(url, { fresh });
    } catch (err) {
      if (fresh && err instanceof FetchError && err.status === 410) throw err;
      throw fetchRefusal(err, what, url, code, check);
    }
  };
  const sameId = (doc: Record<string, unknown>, url: string, what: string, check: string) => {
    if (doc['id'] !== url) {
      throw new Refusal('id_mismatch', check, `the ${what} fetched from ${url} has the id ${JSON.stringify(doc['id'])}, not that URL`);
    }
  };

  let mode: 'hosted' | 'signed';
  let assertion: Record<string, unknown>;
  try {
    // 1. The assertion: the hosted copy at its id, or the JWS payload.
    if (input.kind === 'jws') {
      mode = 'signed';
      assertion = input.jws.payload;
      add('format', true, `Open Badges 2.0 signed assertion (compact JWS, ${input.jws.alg})`);
      if (verificationKind(assertion) !== 'signed') {
        throw new Refusal('unsupported_verification', 'structure', 'the JWS carries an assertion whose verification.type is not signed');
      }
    } else {
      mode = 'hosted';
      let url: string;
      if (input.kind === 'url') url = input.url;
      else {
        const kind = verificationKind(input.assertion);
        add('format', true, `Open Badges 2.0 assertion (JSON, verification ${String(kind ?? 'unknown')})`);
        if (kind === 'signed') {
          throw new Refusal(
            'signature_invalid',
            'signature',
            'a signed assertion is verified from its JWS; this JSON carries no signature',
          );
        }
        if (kind !== 'hosted') {
          throw new Refusal(
            'unsupported_verification',
            'structure',
            'verification.type must be hosted (HostedBadge) or signed (SignedBadge)',
          );
        }
        if (!isHttpUrl(input.assertion['id'])) {
          throw new Refusal('malformed', 'structure', 'a hosted assertion needs an http(s) URL as its id');
        }
        url = input.assertion['id'];
      }
      if (input.kind === 'url') add('format', true, `Open Badges 2.0 hosted assertion, read from ${url}`);
      let fetched: unknown;
      try {
        fetched = await fetchOnce(url, 'assertion', 'assertion_unavailable', 'signature', true);
      } catch (err) {
        if (err instanceof FetchError && err.status === 410) {
          // The issuer says the assertion is gone: that is how a hosted assertion is revoked.
          verification.statusAvailable = true;
          add('status', false, `revoked: the issuer answers 410 Gone for ${url}`, 'revoked');
          return result(verification, checks, failures, docs, 'revoked');
        }
        throw err;
      }
      if (!isRecord(fetched) || !isOb2Assertion(fetched)) {
        throw new Refusal('malformed', 'structure', `the document at ${url} is not an Open Badges 2.0 assertion`);
      }
      assertion = fetched;
      sameId(assertion, url, 'assertion', 'structure');
      if (verificationKind(assertion) !== 'hosted') {
        throw new Refusal('unsupported_verification', 'structure', `the assertion at ${url} does not say verification.type hosted`);
      }
    }
    docs.assertion = assertion;
    const problems = assertionProblems(assertion);
    if (problems.length > 0) throw new Refusal('malformed', 'structure', problems.join('; '));
    verification.structureValid = true;
    add('structure', true, 'required properties present');
    seen.set(withoutFragment(String(assertion['id'])), 'assertion');

    // 2. The BadgeClass and its Issuer.
    const badgeRef = assertion['badge'];
    const badgeUrl = idOf(badgeRef)!;
    let badgeClass: unknown = badgeRef;
    if (typeof badgeRef === 'string' || isHttpUrl(badgeUrl)) {
      badgeClass = await fetchOnce(badgeUrl, 'BadgeClass', 'badge_class_unavailable', 'badgeClass');
      if (isRecord(badgeClass)) sameId(badgeClass, badgeUrl, 'BadgeClass', 'badgeClass');
    }
    if (!isRecord(badgeClass) || !typesOf(badgeClass).includes('BadgeClass') || typeof badgeClass['name'] !== 'string') {
      throw new Refusal('badge_class_unavailable', 'badgeClass', `${badgeUrl} is not a BadgeClass with a name`);
    }
    docs.badgeClass = badgeClass;
    const issuerRef = badgeClass['issuer'];
    const issuerUrl = idOf(issuerRef);
    if (!issuerUrl) throw new Refusal('malformed', 'badgeClass', 'the BadgeClass names no issuer');
    add('badgeClass', true, `BadgeClass "${badgeClass['name']}" (${badgeUrl})`);
    let issuer: unknown = issuerRef;
    if (typeof issuerRef === 'string' || isHttpUrl(issuerUrl)) {
      issuer = await fetchOnce(issuerUrl, 'Issuer profile', 'issuer_unavailable', 'issuer');
      if (isRecord(issuer)) sameId(issuer, issuerUrl, 'Issuer profile', 'issuer');
    }
    if (!isRecord(issuer) || !typesOf(issuer).some((t) => t === 'Issuer' || t === 'Profile')) {
      throw new Refusal('issuer_unavailable', 'issuer', `${issuerUrl} is not an Issuer profile`);
    }
    docs.issuer = issuer;

    // 3. Hosted: the issuer's scope. Signed: the key and the signature.
    if (mode === 'hosted') {
      verification.signatureValid = true;
      add('signature', true, `hosted assertion (no signature): the issuer's server serves it at its id ${String(assertion['id'])}`);
      const scope = hostedScope(issuer, String(assertion['id']));
      verification.issuerAuthenticated = scope.ok;
      add('issuer', scope.ok, scope.message, 'origin_not_allowed');
    } else {
      const jws = (input as { jws: ParsedJws }).jws;
      const creator = (assertion['verification'] as Record<string, unknown>)['creator'];
      const listed = asArray(issuer['publicKey']);
      const keyRef = typeof creator === 'string' ? creator : idOf(listed[0]);
      if (!keyRef) {
        throw new Refusal('key_unavailable', 'signature', "neither verification.creator nor the issuer's publicKey names a key");
      }
      const embedded = listed.find((k) => isRecord(k) && k['id'] === keyRef && typeof k['publicKeyPem'] === 'string');
      const keyDoc = embedded ?? (await fetchOnce(keyRef, 'CryptographicKey', 'key_unavailable', 'signature'));
      if (
        !isRecord(keyDoc) ||
        typeof keyDoc['publicKeyPem'] !== 'string' ||
        (keyDoc['type'] !== undefined && !typesOf(keyDoc).includes('CryptographicKey'))
      ) {
        throw new Refusal('key_unavailable', 'signature', `${keyRef} is not a CryptographicKey with a publicKeyPem`);
      }
      if (!embedded) sameId(keyDoc, keyRef, 'CryptographicKey', 'signature');
      let key: KeyObject;
      try {
        key = createPublicKey({ key: keyDoc['publicKeyPem'], format: 'pem' });
      } catch {
        throw new Refusal('key_unavailable', 'signature', `the publicKeyPem of ${keyRef} is not a public key`);
      }
      const mismatch = keyAlgorithmMismatch(key, jws.alg);
      if (mismatch) throw new Refusal('signature_invalid', 'signature', `the key ${keyRef} cannot verify this JWS: ${mismatch}`);
      if (!(await verifyJwsSignature(jws, key))) {
        throw new Refusal('signature_invalid', 'signature', `the JWS signature does not verify (${jws.alg} with the key ${keyRef})`);
      }
      verification.signatureValid = true;
      add('signature', true, `valid JWS signature: ${jws.alg} by ${keyRef}`);
      const owner = keyDoc['owner'];
      const listedIds = listed.map(idOf).filter((id): id is string => id !== null);
      if (owner !== issuerUrl) {
        add('issuer', false, `the key ${keyRef} is owned by ${JSON.stringify(owner)}, not by the issuer ${issuerUrl}`, 'key_not_issuers');
      } else if (listedIds.length > 0 && !listedIds.includes(keyRef)) {
        add('issuer', false, `the issuer ${issuerUrl} does not list the key ${keyRef} in its publicKey`, 'key_not_issuers');
      } else {
        verification.issuerAuthenticated = true;
        add('issuer', true, `the key ${keyRef} is the issuer's (owner ${issuerUrl})`);
      }
    }
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    add(err.check, false, err.message, err.code);
    return result(verification, checks, failures, docs);
  }

  // 4. Dates against the application clock.
  const now = deps.clock.now();
  const issuedOn = parseDateTime(assertion['issuedOn'])!;
  verification.notBeforeValid = issuedOn.getTime() <= now.getTime();
  add(
    'notBefore',
    verification.notBeforeValid,
    verification.notBeforeValid
      ? `issuedOn ${String(assertion['issuedOn'])} has passed`
      : `issuedOn ${String(assertion['issuedOn'])} is in the future`,
    'not_yet_valid',
  );
  const expires = assertion['expires'] === undefined ? null : parseDateTime(assertion['expires']);
  verification.notExpired = expires === null || now.getTime() <= expires.getTime();
  add(
    'expiration',
    verification.notExpired,
    expires === null
      ? 'no expires: the badge does not expire'
      : `${verification.notExpired ? 'valid until' : 'expired'} ${String(assertion['expires'])}`,
    'expired',
  );

  // 5. Revocation: the assertion itself, and for signed badges the issuer's revocation list.
  const reasonOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? ` (${v.trim().slice(0, 200)})` : '');
  if (assertion['revoked'] === true) {
    verification.statusAvailable = true;
    add('status', false, `revoked: the assertion says revoked${reasonOf(assertion['revocationReason'])}`, 'revoked');
  } else if (mode === 'hosted') {
    verification.statusAvailable = true;
    verification.notRevoked = true;
    add('status', true, 'not revoked: the issuer serves the assertion without revoked: true');
  } else {
    const listUrl = idOf(docs.issuer!['revocationList']);
    if (!listUrl) {
      verification.statusAvailable = true;
      verification.notRevoked = true;
      add('status', true, 'the issuer publishes no revocationList: nothing to check');
    } else {
      try {
        const list = await fetchOnce(listUrl, 'RevocationList', 'revocation_list_unavailable', 'status');
        if (!isRecord(list) || !typesOf(list).includes('RevocationList')) {
          throw new Refusal('revocation_list_unavailable', 'status', `${listUrl} is not a RevocationList`);
        }
        const entries = asArray(list['revokedAssertions']);
        const hit = entries.find(
          (e) => idOf(e) === assertion['id'] || (isRecord(e) && e['uid'] !== undefined && e['uid'] === assertion['uid']),
        );
        verification.statusAvailable = true;
        verification.notRevoked = hit === undefined;
        if (hit === undefined) add('status', true, `not revoked: the issuer's revocationList ${listUrl} does not name the assertion`);
        else
          add(
            'status',
            false,
            `revoked: named by the issuer's revocationList${reasonOf(isRecord(hit) ? hit['revocationReason'] : undefined)}`,
            'revoked',
          );
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        add('status', false, `status unavailable: ${err.message}`, err.code);
      }
    }
  }

  // 6. The recipient, when the verifier gives an address.
  if (address !== undefined) {
    const r = recipientCheck(assertion['recipient'] as Record<string, unknown>, address);
    verification.recipientMatched = r.ok;
    add('recipient', r.ok, r.message, 'recipient_mismatch');
  }
  return result(verification, checks, failures, docs);
}
