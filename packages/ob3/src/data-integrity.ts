/**
 * Data Integrity proofs with Ed25519 over RDFC-1.0 (W3C vc-di-eddsa):
 * - create/verify `DataIntegrityProof` + `eddsa-rdfc-2022` (what we issue; the only LD proof
 *   1EdTech certification accepts);
 * - verify the legacy cryptosuite name `eddsa-2022` (same algorithm) and `Ed25519Signature2020`
 *   (same byte pipeline), which other platforms still emit.
 *
 * Verification never throws for a bad proof: it reports which step failed and why, because the
 * verifier service has to explain results to users. Issuer binding (is this key the issuer's?)
 * is a policy decision left to the caller's `resolvePublicKey`.
 */
import { sign as edSign, verify as edVerify, type KeyObject } from 'node:crypto';
import { multibaseDecode, multibaseEncode } from './base58btc.js';
import { computeHashData, type HashDataFn } from './canonicalize.js';
import type { DocumentLoader } from './document-loader.js';
import { describeError as errorMessage, Ob3Error } from './errors.js';
import { ed25519PublicKeyFromRaw } from './multikey.js';

export interface DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: 'eddsa-rdfc-2022';
  created: string;
  verificationMethod: string;
  proofPurpose: 'assertionMethod';
  proofValue: string;
}

export interface SignOptions {
  /** Absolute DID URL of the key, e.g. `did:web:example.com:issuers:acme#key-1`. */
  verificationMethod: string;
  /** Ed25519 private KeyObject (node:crypto). */
  privateKey: KeyObject;
  created: Date;
  documentLoader?: DocumentLoader;
  /** Replaces the inline canonicalize+hash step (used by the worker pool). */
  hashData?: HashDataFn;
}

/** XMLSchema dateTime in UTC with second precision, the form every vector and platform uses. */
export function toXsdDateTime(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new Ob3Error('INVALID_INPUT', 'invalid Date');
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const XSD_DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function withoutProof(doc: Record<string, unknown>): Record<string, unknown> {
  const { proof: _proof, ...rest } = doc;
  return rest;
}

function hasherFor(documentLoader: DocumentLoader | undefined, override: HashDataFn | undefined): HashDataFn {
  if (override) return override;
  return (doc, opts) => computeHashData(doc, opts, documentLoader ? { documentLoader } : {});
}

/**
 * Adds an eddsa-rdfc-2022 proof. The result carries `proof` as an array (the strict 1EdTech
 * schema requires it); existing proofs are kept as a proof set (the new proof does not cover them).
 * Throws Ob3Error if the document cannot be canonicalized (e.g. an undefined term in safe mode):
 * that is a bug in what we are about to issue, never something to sign anyway.
 */
export async function signCredential<T extends object>(
  unsignedCredential: T,
  options: SignOptions,
): Promise<Omit<T, 'proof'> & { proof: DataIntegrityProof[] }> {
  const { verificationMethod, privateKey, created } = options;
  if (typeof verificationMethod !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(verificationMethod)) {
    throw new Ob3Error('INVALID_INPUT', 'verificationMethod must be an absolute URL / DID URL');
  }
  if (privateKey?.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Ob3Error('INVALID_KEY', 'privateKey must be an Ed25519 private KeyObject');
  }
  const proofOptions = {
    type: 'DataIntegrityProof' as const,
    cryptosuite: 'eddsa-rdfc-2022' as const,
    created: toXsdDateTime(created),
    verificationMethod,
    proofPurpose: 'assertionMethod' as const,
  };
  if (!isRecord(unsignedCredential)) throw new Ob3Error('INVALID_INPUT', 'credential must be a JSON object');
  const unsecured = withoutProof(unsignedCredential);
  let hashes: { proofHash: Uint8Array; documentHash: Uint8Array };
  try {
    hashes = await hasherFor(options.documentLoader, options.hashData)(unsecured, proofOptions);
  } catch (err) {
    throw new Ob3Error('CANONICALIZATION_FAILED', `cannot canonicalize credential: ${errorMessage(err)}`, { cause: err });
  }
  const signature = edSign(null, Buffer.concat([hashes.proofHash, hashes.documentHash]), privateKey);
  const proof: DataIntegrityProof = { ...proofOptions, proofValue: multibaseEncode(signature) };
  const existing = (unsignedCredential as Record<string, unknown>)['proof'];
  const previous = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return { ...unsecured, proof: [...(previous as DataIntegrityProof[]), proof] } as Omit<T, 'proof'> & { proof: DataIntegrityProof[] };
}

// ---------------------------------------------------------------------------------------------
// Verification

export type ProofFailureStep =
  | 'parse' // document/proof not an object, no proof at all
  | 'proof-options' // wrong purpose, missing VM, bad created, previousProof not found
  | 'signature-decoding' // proofValue not z-base58btc of 64 bytes
  | 'key-resolution' // resolvePublicKey failed or returned something unusable
  | 'canonicalization' // JSON-LD safe mode / unknown context / RDFC error
  | 'signature'; // Ed25519 verification returned false

export type ProofStatus = 'valid' | 'invalid' | 'error' | 'unsupported';

export interface ProofVerification {
  index: number;
  status: ProofStatus;
  type?: string;
  cryptosuite?: string;
  verificationMethod?: string;
  created?: string;
  failedStep?: ProofFailureStep;
  reason?: string;
  warnings: string[];
}

export interface VerificationResult {
  /** true iff at least one proof is valid and none is invalid (errors/unsupported proofs are reported, not fatal). */
  verified: boolean;
  failedStep?: ProofFailureStep;
  reason?: string;
  proofs: ProofVerification[];
}

export type PublicKeyResolver = (verificationMethod: string, proof: Record<string, unknown>) => Promise<KeyObject | Uint8Array>;

export interface VerifyOptions {
  /** Maps a verification method id to the Ed25519 public key (KeyObject or 32 raw bytes). */
  resolvePublicKey: PublicKeyResolver;
  documentLoader?: DocumentLoader;
  /** Defaults to `assertionMethod` (OB 3.0: proofs MUST use it). */
  expectedProofPurpose?: string;
  hashData?: HashDataFn;
}

type Suite = { kind: 'eddsa-rdfc'; warnings: string[] } | { kind: 'unsupported'; reason: string };

function suiteOf(proof: Record<string, unknown>): Suite {
  if (proof['type'] === 'DataIntegrityProof') {
    if (proof['cryptosuite'] === 'eddsa-rdfc-2022') return { kind: 'eddsa-rdfc', warnings: [] };
    if (proof['cryptosuite'] === 'eddsa-2022') {
      return { kind: 'eddsa-rdfc', warnings: ['legacy cryptosuite name "eddsa-2022" (same algorithm as eddsa-rdfc-2022)'] };
    }
    return { kind: 'unsupported', reason: `unsupported cryptosuite ${JSON.stringify(proof['cryptosuite'])}` };
  }
  if (proof['type'] === 'Ed25519Signature2020') {
    return { kind: 'eddsa-rdfc', warnings: ['legacy proof type Ed25519Signature2020'] };
  }
  return { kind: 'unsupported', reason: `unsupported proof type ${JSON.stringify(proof['type'])}` };
}

function toPublicKey(key: unknown): KeyObject {
  if (key instanceof Uint8Array) return ed25519PublicKeyFromRaw(key);
  const k = key as KeyObject | null;
  if (k && typeof k === 'object' && 'asymmetricKeyType' in k && k.asymmetricKeyType === 'ed25519' && k.type === 'public') return k;
  throw new Ob3Error('INVALID_KEY', 'resolved key is not an Ed25519 public key');
}

async function verifyOne(
  document: Record<string, unknown>,
  allProofs: unknown[],
  index: number,
  options: VerifyOptions,
  hashData: HashDataFn,
): Promise<ProofVerification> {
  const raw = allProofs[index];
  const result: ProofVerification = { index, status: 'invalid', warnings: [] };
  const fail = (status: ProofStatus, failedStep: ProofFailureStep, reason: string): ProofVerification =>
    Object.assign(result, { status, failedStep, reason });
  if (!isRecord(raw)) return fail('invalid', 'parse', 'proof is not an object');
  const proof = raw;
  if (typeof proof['type'] === 'string') result.type = proof['type'];
  if (typeof proof['cryptosuite'] === 'string') result.cryptosuite = proof['cryptosuite'];
  const suite = suiteOf(proof);
  if (suite.kind === 'unsupported') return fail('unsupported', 'proof-options', suite.reason);
  result.warnings.push(...suite.warnings);

  // proof options
  const vm =
    typeof proof['verificationMethod'] === 'string'
      ? proof['verificationMethod']
      : isRecord(proof['verificationMethod'])
        ? proof['verificationMethod']['id']
        : undefined;
  if (typeof vm !== 'string' || vm === '') return fail('invalid', 'proof-options', 'verificationMethod missing');
  result.verificationMethod = vm;
  const expectedPurpose = options.expectedProofPurpose ?? 'assertionMethod';
  if (proof['proofPurpose'] !== expectedPurpose) {
    return fail('invalid', 'proof-options', `proofPurpose must be "${expectedPurpose}", got ${JSON.stringify(proof['proofPurpose'])}`);
  }
  if (proof['created'] !== undefined) {
    if (typeof proof['created'] !== 'string' || !XSD_DATE_TIME.test(proof['created']) || Number.isNaN(Date.parse(proof['created']))) {
      return fail('invalid', 'proof-options', 'created is not an XMLSchema dateTime');
    }
    result.created = proof['created'];
  }
  let unsecured = document;
  if (proof['previousProof'] !== undefined) {
    // Proof chains: the chained proof also signs the proofs it names.
    const ids = Array.isArray(proof['previousProof']) ? proof['previousProof'] : [proof['previousProof']];
    const previous = ids.map((id) => allProofs.find((p) => isRecord(p) && p['id'] === id));
    if (ids.length === 0 || previous.some((p) => p === undefined)) {
      return fail('error', 'proof-options', 'previousProof references a proof that is not in the document');
    }
    unsecured = { ...document, proof: previous };
  }

  // signature decoding
  if (typeof proof['proofValue'] !== 'string') return fail('invalid', 'signature-decoding', 'proofValue missing');
  let signature: Uint8Array;
  try {
    signature = multibaseDecode(proof['proofValue']);
  } catch (err) {
    return fail('invalid', 'signature-decoding', `proofValue is not multibase base58btc: ${errorMessage(err)}`);
  }
  if (signature.length !== 64) return fail('invalid', 'signature-decoding', `Ed25519 signature must be 64 bytes, got ${signature.length}`);

  // key resolution
  let publicKey: KeyObject;
  try {
    publicKey = toPublicKey(await options.resolvePublicKey(vm, proof));
  } catch (err) {
    return fail('error', 'key-resolution', `cannot resolve verification method ${vm}: ${errorMessage(err)}`);
  }

  // canonicalization + hashing
  let hashes: { proofHash: Uint8Array; documentHash: Uint8Array };
  try {
    hashes = await hashData(unsecured, proof);
  } catch (err) {
    return fail('error', 'canonicalization', errorMessage(err));
  }

  const ok = edVerify(null, Buffer.concat([hashes.proofHash, hashes.documentHash]), publicKey, signature);
  if (!ok) return fail('invalid', 'signature', 'signature does not match the document and proof configuration');
  result.status = 'valid';
  return result;
}

/**
 * Verifies every proof of a secured document at the crypto layer. Never throws for invalid
 * input; see `VerificationResult`.
 */
export async function verifyDataIntegrityProof(credential: unknown, options: VerifyOptions): Promise<VerificationResult> {
  if (!isRecord(credential)) return { verified: false, failedStep: 'parse', reason: 'credential is not a JSON object', proofs: [] };
  const proofValue = credential['proof'];
  const allProofs = proofValue === undefined ? [] : Array.isArray(proofValue) ? proofValue : [proofValue];
  if (allProofs.length === 0) return { verified: false, failedStep: 'parse', reason: 'credential has no proof', proofs: [] };
  const document = withoutProof(credential);
  const hashData = hasherFor(options.documentLoader, options.hashData);
  // Sequential on purpose: multiple proofs are rare and the pool provides parallelism.
  const proofs: ProofVerification[] = [];
  for (let i = 0; i < allProofs.length; i++) proofs.push(await verifyOne(document, allProofs, i, options, hashData));
  const verified = proofs.some((p) => p.status === 'valid') && !proofs.some((p) => p.status === 'invalid');
  if (verified) return { verified, proofs };
  const firstBad = proofs.find((p) => p.status === 'invalid') ?? proofs.find((p) => p.status !== 'valid');
  return {
    verified,
    ...(firstBad?.failedStep ? { failedStep: firstBad.failedStep } : {}),
    reason: firstBad?.reason ?? 'no valid proof',
    proofs,
  };
}
