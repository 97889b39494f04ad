/**
 * Verification of Open Badges 3.0 credentials issued anywhere (docs/contract.md "Verification",
 * `POST /api/verify/credential`, `POST /api/verify/baked`). See README.md beside this file for
 * the checks and the policy choices.
 */
import { STATIC_CONTEXT_URLS, verifyDataIntegrityProof, type PublicKeyResolver, type VerificationResult } from '@cred/ob3';
import type { Ob2ReasonCode } from '@cred/ob3/ob2-reasons';
import { ExternalInputError } from './errors.js';
import type { DocumentFetcher } from './guarded-fetcher.js';
import { jsonLimitViolation, DEFAULT_JSON_LIMITS, type JsonLimits } from './json-limits.js';
import { issuerBindingCheck, resolveVerificationMethod, sameKey, type KeyBinding } from './key-binding.js';
import { createRemoteDocuments, withFetchBudget, type RemoteDocuments } from './remote-documents.js';
import { checkStatusEntry, parseDateTime, type StatusOutcome } from './status.js';
import { isHttpUrl, isOb2Assertion, verifyOb2Assertion, type Ob2Documents, type Ob2Input } from './ob2.js';
import { jwtCredential, jwsSignatureStep, parseCompactJws } from './vc-jwt.js';

export type ExternalStatus = 'valid' | 'expired' | 'revoked' | 'invalid';

export interface VerificationCheck {
  name: string;
  passed: boolean;
  message: string;
}

export interface ExternalVerification {
  /** At least one supported proof verifies and none fails. */
  signatureValid: boolean;
  /** No status entry says revoked/suspended, and every status entry could be evaluated. */
  notRevoked: boolean;
  /** Now is not after validUntil (VC 2.0) / expirationDate (VC 1.1). */
  notExpired: boolean;
  /** The signing key is shown to belong to the issuer (did:key, or a fetched controller document). */
  issuerAuthenticated: boolean;
  /** Now is not before validFrom (VC 2.0) / issuanceDate (VC 1.1). */
  notBeforeValid: boolean;
  /** @context, type and required properties are acceptable. */
  structureValid: boolean;
  /** false when a status list could not be fetched (status unknown). */
  statusAvailable: boolean;
  /** Open Badges 2.0, only when the verifier gave an address: it is the recipient. */
  recipientMatched?: boolean;
}

export interface ExternalVerificationResult {
  /** true only when every check passes (status === 'valid'). */
  valid: boolean;
  status: ExternalStatus;
  verification: ExternalVerification;
  checks: VerificationCheck[];
  /** The credential that was verified (unwrapped; the JWT payload's credential for VC-JWT), or null. */
  ob3Credential: Record<string, unknown> | null;
  /** Which Open Badges version was checked. */
  openBadgesVersion: '3.0' | '2.0';
  /** Open Badges 2.0: the assertion, BadgeClass and Issuer that were read. */
  ob2?: Ob2Documents;
  /** Open Badges 2.0: why the assertion is not valid (absent when valid). */
  reason?: { code: Ob2ReasonCode; message: string };
}

/** What the verifier may be told besides the credential. */
export interface VerifyOptions {
  /** An e-mail address to compare with an Open Badges 2.0 recipient. */
  recipient?: string;
}

export type ProofVerifier = (credential: unknown, options: { resolvePublicKey: PublicKeyResolver }) => Promise<VerificationResult>;

export interface ExternalVerifierDeps {
  /** The application clock (docs/contract.md "Time"). */
  clock: { now(): Date };
  /** Cached remote documents (preferred: share one across requests). */
  documents?: RemoteDocuments;
  /** Used (uncached) when `documents` is not given. */
  fetcher?: DocumentFetcher;
  /** Defaults to the inline `verifyDataIntegrityProof`; pass the canonicalization pool's. */
  verifyProof?: ProofVerifier;
  /** Remote documents one verification may request. Default 8. */
  fetchBudget?: number;
  jsonLimits?: JsonLimits;
}

export const OB3_CREDENTIAL_TYPES = ['OpenBadgeCredential', 'AchievementCredential', 'EndorsementCredential'] as const;
const VC_V1 = 'https://www.w3.org/2018/credentials/v1';
const VC_V2 = 'https://www.w3.org/ns/credentials/v2';
const KNOWN_CONTEXTS = new Set(STATIC_CONTEXT_URLS);
const MAX_PROOFS = 5;
const MAX_STATUS_ENTRIES = 3;
const URI = /^[a-z][a-z0-9+.-]*:\S*$/i;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function short(v: unknown, max = 120): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

export function issuerIdOf(credential: Record<string, unknown>): string | null {
  const issuer = credential['issuer'];
  const id = typeof issuer === 'string' ? issuer : isRecord(issuer) ? issuer['id'] : undefined;
  return typeof id === 'string' && URI.test(id) ? id : null;
}

/** Accepts the credential itself or `{credential: ...}` (docs/contract.md "Verification"). */
export function unwrapCredentialInput(input: unknown): Record<string, unknown> | string {
  let value = input;
  if (isRecord(value) && !('@context' in value) && 'credential' in value) value = value['credential'];
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(trimmed)) return trimmed; // compact JWS (VC-JWT)
  }
  if (!isRecord(value)) {
    throw new ExternalInputError('NOT_AN_OBJECT', 'the credential must be a JSON object (or {"credential": {...}})', 'credential');
  }
  return value;
}

interface Outcome {
  verification: ExternalVerification;
  checks: VerificationCheck[];
  /** a status entry was unusable (list invalid / unsupported method), which makes the result invalid */
  statusError: boolean;
}

export function summarize(outcome: Outcome, credential: Record<string, unknown> | null): ExternalVerificationResult {
  const v = outcome.verification;
  const invalid =
    !v.structureValid || !v.signatureValid || !v.issuerAuthenticated || !v.notBeforeValid || !v.statusAvailable || outcome.statusError;
  const status: ExternalStatus = invalid ? 'invalid' : !v.notRevoked ? 'revoked' : !v.notExpired ? 'expired' : 'valid';
  return {
    valid: status === 'valid',
    status,
    verification: v,
    checks: outcome.checks,
    ob3Credential: credential,
    openBadgesVersion: '3.0',
  };
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

/** Result for a credential that is refused before any check can run (an unusable VC-JWT). */
export function formatRefusedResult(message: string): ExternalVerificationResult {
  return summarize({ verification: notVerified(), checks: [{ name: 'format', passed: false, message }], statusError: true }, null);
}

export async function verifyExternalCredential(
  input: unknown,
  deps: ExternalVerifierDeps,
  options: VerifyOptions = {},
): Promise<ExternalVerificationResult> {
  if (isRecord(input) && !('@context' in input) && 'credential' in input && input['recipient'] !== undefined) {
    if (typeof input['recipient'] !== 'string') {
      throw new ExternalInputError('BAD_RECIPIENT', 'the recipient must be an e-mail address (a string)', 'recipient');
    }
    options = { ...options, recipient: input['recipient'] };
  }
  const ob2 = ob2Input(input);
  if (ob2) return verifyOb2(ob2, deps, options, 'credential');
  const credential = unwrapCredentialInput(input);
  if (typeof credential === 'string') return verifyVcJwt(credential, deps);
  return verifyCredentialObject(credential, deps);
}

/**
 * An Open Badges 2.0 assertion, if that is what was sent: a hosted assertion's URL (as the
 * credential string), the assertion JSON, or a compact JWS whose payload is an assertion.
 */
export function ob2Input(input: unknown): Ob2Input | null {
  let value = input;
  if (isRecord(value) && !('@context' in value) && 'credential' in value) value = value['credential'];
  if (typeof value === 'string') {
    const text = value.trim();
    if (isHttpUrl(text)) return { kind: 'url', url: text };
    if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(text)) {
      const parsed = parseCompactJws(text);
      if (parsed.ok && !('vc' in parsed.jws.payload) && isOb2Assertion(parsed.jws.payload)) return { kind: 'jws', jws: parsed.jws };
    }
    return null;
  }
  return isRecord(value) && isOb2Assertion(value) ? { kind: 'object', assertion: value } : null;
}

/** An Open Badges 2.0 assertion (ob2.ts), with this verification's fetch budget. */
export function verifyOb2(
  input: Ob2Input,
  deps: ExternalVerifierDeps,
  options: VerifyOptions,
  field: 'credential' | 'file',
): Promise<ExternalVerificationResult> {
  return verifyOb2Assertion(
    input,
    { clock: deps.clock, documents: documentsFor(deps) },
    {
      field,
      ...(options.recipient !== undefined ? { recipient: options.recipient } : {}),
    },
  );
}

/**
 * A VC-JWT (compact JWS): parsed strictly (vc-jwt.ts), then the credential it carries goes through
 * the same checks as a Data Integrity credential, with the JWS signature as the signature step and
 * the JWT `nbf` / `exp` as further validity bounds. Unusable JWS (bad base64url, not JSON, `alg`
 * none or symmetric, too large) give a result with only a failed `format` check.
 */
export async function verifyVcJwt(text: string, deps: ExternalVerifierDeps): Promise<ExternalVerificationResult> {
  const parsed = parseCompactJws(text);
  if (!parsed.ok) return formatRefusedResult(`not a usable VC-JWT: ${parsed.message}`);
  const jwt = jwtCredential(parsed.jws.payload);
  if (!jwt.ok) return formatRefusedResult(`not a usable VC-JWT: ${jwt.message}`);
  return checkCredential(jwt.credential, deps, {
    leadingChecks: [{ name: 'format', passed: true, message: `VC-JWT (compact JWS) signed with ${parsed.jws.alg}; ${jwt.encoding}` }],
    structureProblems: jwt.problems,
    ...(jwt.notBefore ? { notBefore: jwt.notBefore } : {}),
    ...(jwt.notAfter ? { notAfter: jwt.notAfter } : {}),
    signature: jwsSignatureStep(parsed.jws),
  });
}

function documentsFor(deps: ExternalVerifierDeps): RemoteDocuments {
  const base = deps.documents ?? (deps.fetcher ? createRemoteDocuments({ fetcher: deps.fetcher, maxEntries: 0 }) : undefined);
  if (!base) throw new Error('verifyExternalCredential needs deps.documents or deps.fetcher');
  return withFetchBudget(base, deps.fetchBudget ?? 8);
}

/** Verifies a proofed document; returns the crypto result and the key binding of every VM used. */
async function verifyProofs(
  doc: Record<string, unknown>,
  documents: RemoteDocuments,
  verifyProof: ProofVerifier,
): Promise<{ result: VerificationResult; bindings: Map<string, KeyBinding> }> {
  const bindings = new Map<string, KeyBinding>();
  const resolvePublicKey: PublicKeyResolver = async (vm) => {
    const known = bindings.get(vm);
    if (known) return known.publicKey;
    const binding = await resolveVerificationMethod(vm, documents);
    bindings.set(vm, binding);
    return binding.publicKey;
  };
  const result = await verifyProof(doc, { resolvePublicKey });
  return { result, bindings };
}

/** What the signature step is given: the credential after the structure checks. */
export interface SignatureStepInput {
  credential: Record<string, unknown>;
  issuerId: string | null;
  /** The @context check passed (Data Integrity cannot canonicalize otherwise). */
  contextOk: boolean;
  documents: RemoteDocuments;
}

export interface SignatureStepOutcome {
  signatureValid: boolean;
  /** The `signature` check message. */
  signature: string;
  /** The `issuer` check; `passed` is `issuerAuthenticated`. */
  issuer: { passed: boolean; message: string };
  /** Raw Ed25519 keys that signed: a status list signed by one of them is trusted (1EdTech's test list). */
  signingKeys: Uint8Array[];
}

/** A validity bound: `name` (e.g. `JWT nbf`) and its value as written in messages. */
export interface DateBound {
  at: Date;
  raw: string;
  name: string;
}

/** How a credential is secured: the pluggable signature step and what its envelope adds. */
export interface CredentialFormat {
  /** Checks placed before `context` (VC-JWT: `format`). */
  leadingChecks?: VerificationCheck[];
  /** Problems found in the envelope (VC-JWT claims contradicting the credential), reported by `structure`. */
  structureProblems?: readonly string[];
  /** Further validity bounds (VC-JWT `nbf` / `exp`), checked together with validFrom / validUntil. */
  notBefore?: DateBound;
  notAfter?: DateBound;
  signature: (input: SignatureStepInput) => Promise<SignatureStepOutcome>;
}

/** The signature step of credentials with embedded proofs (Data Integrity, Ed25519Signature2020). */
function dataIntegritySignature(verifyProof: ProofVerifier): CredentialFormat['signature'] {
  return async ({ credential, issuerId, contextOk, documents }) => {
    const proofs = asArray(credential['proof']);
    const fail = (signature: string, issuer: string): SignatureStepOutcome => ({
      signatureValid: false,
      signature,
      issuer: { passed: false, message: issuer },
      signingKeys: [],
    });
    if (proofs.length === 0) {
      return fail(
        'the credential has no proof (unsigned credentials are not accepted; a VC-JWT is sent as the compact JWS itself)',
        'not checked: no proof',
      );
    }
    if (!contextOk) {
      return fail(
        'not checked: the credential uses an unknown or missing @context, so it cannot be canonicalized',
        'not checked: no verified proof',
      );
    }
    if (proofs.length > MAX_PROOFS) return fail(`not checked: more than ${MAX_PROOFS} proofs`, 'not checked: no verified proof');

    const { result, bindings } = await verifyProofs(credential, documents, verifyProof);
    const valid = result.proofs.filter((p) => p.status === 'valid');
    if (!result.verified) {
      let signature: string;
      if (result.proofs.length > 0 && result.proofs.every((p) => p.status === 'unsupported')) {
        signature = `unsupported proof format: ${result.proofs.map((p) => p.reason).join('; ')} (supported: DataIntegrityProof eddsa-rdfc-2022 / eddsa-2022, Ed25519Signature2020)`;
      } else {
        const bad = result.proofs.find((p) => p.status === 'invalid') ?? result.proofs.find((p) => p.status !== 'valid');
        const step = bad?.failedStep ? ` (${bad.failedStep})` : '';
        signature = `the proof does not verify${step}: ${result.reason ?? bad?.reason ?? 'no valid proof'}`;
      }
      return fail(signature, 'not checked: the signature is not valid');
    }
    const described = valid.map((p) => `${p.cryptosuite ?? p.type} by ${p.verificationMethod}`).join(', ');
    const warnings = [...new Set(valid.flatMap((p) => p.warnings))];
    const ignored = result.proofs.filter((p) => p.status !== 'valid').map((p) => `proof ${p.index} ignored: ${p.reason}`);
    const used = valid.map((p) => bindings.get(p.verificationMethod ?? '')).filter((b): b is KeyBinding => b !== undefined);
    return {
      signatureValid: true,
      signature: [`valid proof: ${described}`, ...warnings, ...ignored].join('; '),
      issuer: issuerBindingCheck(used, issuerId),
      signingKeys: used.map((b) => b.publicKey),
    };
  };
}

/** A credential with embedded proofs (JSON). */
export async function verifyCredentialObject(
  credential: Record<string, unknown>,
  deps: ExternalVerifierDeps,
): Promise<ExternalVerificationResult> {
  return checkCredential(credential, deps, { signature: dataIntegritySignature(deps.verifyProof ?? verifyDataIntegrityProof) });
}

/**
 * The checks every credential goes through, whatever secures it (README "What is checked"):
 * limits, context, type, structure, signature + issuer (the format's step), dates, status.
 */
export async function checkCredential(
  credential: Record<string, unknown>,
  deps: ExternalVerifierDeps,
  format: CredentialFormat,
): Promise<ExternalVerificationResult> {
  const checks: VerificationCheck[] = [...(format.leadingChecks ?? [])];
  const verification = notVerified();
  const add = (name: string, passed: boolean, message: string) => checks.push({ name, passed, message });

  // 1. Size and depth, before anything else touches the document.
  const violation = jsonLimitViolation(credential, deps.jsonLimits ?? DEFAULT_JSON_LIMITS);
  if (violation) {
    add('structure', false, `the credential is not processed: it has ${violation}`);
    return summarize({ verification, checks, statusError: true }, null);
  }

  // 2. @context: the VC context first, every URL one we hold a pinned copy of (fail closed).
  const contexts = asArray(credential['@context']);
  const first = contexts[0];
  const version: 'v1' | 'v2' | null = first === VC_V2 ? 'v2' : first === VC_V1 ? 'v1' : null;
  const unknownContexts = contexts.filter((c) => !(typeof c === 'string' ? KNOWN_CONTEXTS.has(c) : isRecord(c)));
  let contextOk = true;
  if (contexts.length === 0) {
    contextOk = false;
    add('context', false, 'the credential has no @context');
  } else if (version === null) {
    contextOk = false;
    add('context', false, `the first @context must be ${VC_V2} or ${VC_V1}, got ${short(first)}`);
  } else if (unknownContexts.length > 0) {
    contextOk = false;
    add(
      'context',
      false,
      `unknown @context ${unknownContexts.map((c) => short(c)).join(', ')}: only known contexts are processed (never fetched)`,
    );
  } else {
    add('context', true, `Verifiable Credentials ${version === 'v2' ? '2.0' : '1.1'} with known contexts`);
  }

  // 3. type
  const types = asArray(credential['type']).filter((t): t is string => typeof t === 'string');
  const obType = OB3_CREDENTIAL_TYPES.find((t) => types.includes(t));
  const typeOk = types.includes('VerifiableCredential') && obType !== undefined;
  add(
    'type',
    typeOk,
    typeOk
      ? `${obType}`
      : `type must include VerifiableCredential and one of ${OB3_CREDENTIAL_TYPES.join(', ')}; got ${short(credential['type'])}`,
  );

  // 4. Required properties and their shapes.
  const problems: string[] = [...(format.structureProblems ?? [])];
  const issuerId = issuerIdOf(credential);
  if (!issuerId) problems.push('issuer (a URI or an object with an id) is missing');
  const subjects = asArray(credential['credentialSubject']);
  if (subjects.length === 0 || !subjects.every(isRecord)) problems.push('credentialSubject is missing or not an object');
  const fromName = version === 'v1' ? 'issuanceDate' : 'validFrom';
  const untilName = version === 'v1' ? 'expirationDate' : 'validUntil';
  const fromRaw = credential[fromName];
  const untilRaw = credential[untilName];
  const from = parseDateTime(fromRaw);
  const until = untilRaw === undefined ? null : parseDateTime(untilRaw);
  if (version !== null) {
    if (fromRaw === undefined) problems.push(`${fromName} is required`);
    else if (!from) problems.push(`${fromName} is not an XML Schema date-time`);
    if (untilRaw !== undefined && !until) problems.push(`${untilName} is not an XML Schema date-time`);
  }
  if (credential['id'] !== undefined && (typeof credential['id'] !== 'string' || !URI.test(credential['id'])))
    problems.push('id is not a URI');
  const proofs = asArray(credential['proof']);
  if (proofs.length > MAX_PROOFS) problems.push(`more than ${MAX_PROOFS} proofs`);
  const statusEntries = asArray(credential['credentialStatus']);
  if (statusEntries.length > MAX_STATUS_ENTRIES) problems.push(`more than ${MAX_STATUS_ENTRIES} credentialStatus entries`);
  add('structure', problems.length === 0, problems.length === 0 ? 'required properties present' : problems.join('; '));
  verification.structureValid = contextOk && typeOk && problems.length === 0;

  const documents = documentsFor(deps);
  const verifyProof = deps.verifyProof ?? verifyDataIntegrityProof;

  // 5. Signature (the format's step) and 6. issuer binding.
  const signed = await format.signature({ credential, issuerId, contextOk, documents });
  verification.signatureValid = signed.signatureValid;
  verification.issuerAuthenticated = signed.signatureValid && signed.issuer.passed;
  add('signature', signed.signatureValid, signed.signature);
  add('issuer', verification.issuerAuthenticated, signed.issuer.message);
  const signingKeys = signed.signatureValid ? signed.signingKeys : [];

  // 7. Validity period, against the application clock (with the envelope's nbf / exp, if any).
  const now = deps.clock.now();
  if (from) {
    const bounds: DateBound[] = [{ at: from, raw: String(fromRaw), name: fromName }, ...(format.notBefore ? [format.notBefore] : [])];
    const early = bounds.find((bound) => bound.at.getTime() > now.getTime());
    verification.notBeforeValid = early === undefined;
    add(
      'notBefore',
      verification.notBeforeValid,
      early
        ? `not valid before ${early.raw} (${early.name} is in the future)`
        : bounds.map((bound) => `${bound.name} ${bound.raw}`).join(' and ') + (bounds.length > 1 ? ' have passed' : ' has passed'),
    );
  } else {
    add('notBefore', false, `not checked: ${fromName} is missing or malformed`);
  }
  const ends: DateBound[] = [
    ...(until ? [{ at: until, raw: String(untilRaw), name: untilName }] : []),
    ...(format.notAfter ? [format.notAfter] : []),
  ];
  const dateOf = (end: DateBound) => (end.name === untilName ? end.raw : `${end.raw} (${end.name})`);
  if (untilRaw !== undefined && !until) {
    add('expiration', false, `${untilName} is malformed`);
  } else if (ends.length === 0) {
    verification.notExpired = true;
    add('expiration', true, `no ${untilName}: the credential does not expire`);
  } else {
    const past = ends.find((end) => now.getTime() > end.at.getTime());
    verification.notExpired = past === undefined;
    add('expiration', verification.notExpired, past ? `expired ${dateOf(past)}` : `valid until ${ends.map(dateOf).join(' and ')}`);
  }

  // 8. Status.
  let statusError = false;
  if (statusEntries.length === 0) {
    verification.notRevoked = true;
    verification.statusAvailable = true;
    add('status', true, 'no credentialStatus: nothing to check');
  } else if (!verification.signatureValid) {
    statusError = true;
    add('status', false, 'not checked: the signature is not valid');
  } else if (statusEntries.length > MAX_STATUS_ENTRIES) {
    statusError = true;
    add('status', false, `not checked: more than ${MAX_STATUS_ENTRIES} credentialStatus entries`);
  } else {
    const outcomes: StatusOutcome[] = [];
    for (const entry of statusEntries) {
      outcomes.push(
        await checkStatusEntry(entry, {
          credential,
          documents,
          now,
          verifyListProof: async (list) => {
            const { result, bindings } = await verifyProofs(list, documents, verifyProof);
            if (!result.verified) return { ok: false, message: `its proof does not verify: ${result.reason ?? 'no valid proof'}` };
            const listIssuer = issuerIdOf(list);
            const trusted = result.proofs
              .filter((p) => p.status === 'valid')
              .map((p) => bindings.get(p.verificationMethod ?? ''))
              .some(
                (b) =>
                  b !== undefined && ((b.authenticated && b.controller === listIssuer) || signingKeys.some((k) => sameKey(k, b.publicKey))),
              );
            return trusted
              ? { ok: true, message: 'proof valid' }
              : { ok: false, message: 'its signer is neither its authenticated issuer nor the key that signed the credential' };
          },
        }),
      );
    }
    const unavailable = outcomes.some((o) => o.state === 'unavailable');
    const invalid = outcomes.some((o) => o.state === 'invalid');
    const revoked = outcomes.some((o) => o.state === 'revoked' || o.state === 'suspended');
    verification.statusAvailable = !unavailable;
    verification.notRevoked = !revoked && !unavailable && !invalid;
    statusError = invalid;
    add('status', verification.notRevoked, outcomes.map((o) => o.message).join('; '));
  }

  return summarize({ verification, checks, statusError }, credential);
}
