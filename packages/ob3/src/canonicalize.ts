/**
 * RDFC-1.0 canonicalization and the Data Integrity hashing step shared by eddsa-rdfc-2022,
 * the legacy eddsa-2022 name and Ed25519Signature2020 (identical byte pipelines).
 *
 *   hashData = SHA-256(canonical proof config) || SHA-256(canonical document)   (proof first)
 *
 * This is the expensive part (~ms per credential); canonicalization-pool.ts runs exactly this
 * module in worker threads.
 */
import { createHash } from 'node:crypto';
import jsonld from 'jsonld';
import { documentLoader as staticDocumentLoader, resolvesBundledContexts, type DocumentLoader } from './document-loader.js';
import { canonicalizeKnownShape } from './known-shape-canonicalize.js';

type CanonizeFn = (input: unknown, options: Record<string, unknown>) => Promise<string>;
// @types/jsonld lags behind jsonld 9 (no `safe`, no 'RDFC-1.0'), so we type the call ourselves.
const canonize = (jsonld as unknown as { canonize: CanonizeFn }).canonize;

export interface CanonicalizeOptions {
  documentLoader?: DocumentLoader;
}

/**
 * Canonical N-Quads of a JSON-LD document. Our own credentials and proof configurations take
 * a direct path with the same result (known-shape-canonicalize.ts); everything else goes
 * through jsonld + RDFC-1.0.
 */
export async function canonicalize(document: object, options: CanonicalizeOptions = {}): Promise<string> {
  const loader = options.documentLoader ?? staticDocumentLoader;
  if (resolvesBundledContexts(loader)) {
    const known = canonicalizeKnownShape(document);
    if (known !== undefined) return known;
  }
  return canonicalizeGeneric(document, { documentLoader: loader });
}

/**
 * jsonld.js expansion + RDFC-1.0 for any document. `safe: true` makes jsonld throw on dropped
 * (undefined) terms and relative IRIs instead of silently signing less than the JSON says.
 */
export async function canonicalizeGeneric(document: object, options: CanonicalizeOptions = {}): Promise<string> {
  return canonize(document, {
    algorithm: 'RDFC-1.0',
    format: 'application/n-quads',
    safe: true,
    documentLoader: options.documentLoader ?? staticDocumentLoader,
  });
}

export function sha256(text: string | Uint8Array): Buffer {
  return createHash('sha256').update(text).digest();
}

export interface HashDataResult {
  canonicalProofConfig: string;
  canonicalDocument: string;
  proofHash: Buffer;
  documentHash: Buffer;
  /** proofHash || documentHash: the 64 bytes that are signed. */
  hashData: Buffer;
}

/** Fields of a proof that are not part of the signed proof configuration. */
const SIGNATURE_FIELDS = new Set(['proofValue', 'jws', 'signatureValue']);

/**
 * Proof configuration = proof options minus the signature value, with the *document's*
 * @context (that is what the cryptosuite specs say; the emitted proof carries no @context).
 */
export function proofConfiguration(unsecuredDocument: object, proofOptions: object): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(proofOptions)) {
    if (!SIGNATURE_FIELDS.has(k) && k !== '@context') config[k] = v;
  }
  config['@context'] = (unsecuredDocument as Record<string, unknown>)['@context'];
  return config;
}

/**
 * Canonicalizes both inputs and hashes them. `unsecuredDocument` must not contain `proof`
 * (callers strip it); it is not mutated.
 */
export async function computeHashData(
  unsecuredDocument: object,
  proofOptions: object,
  options: CanonicalizeOptions = {},
): Promise<HashDataResult> {
  const [canonicalProofConfig, canonicalDocument] = await Promise.all([
    canonicalize(proofConfiguration(unsecuredDocument, proofOptions), options),
    canonicalize(unsecuredDocument, options),
  ]);
  const proofHash = sha256(canonicalProofConfig);
  const documentHash = sha256(canonicalDocument);
  return { canonicalProofConfig, canonicalDocument, proofHash, documentHash, hashData: Buffer.concat([proofHash, documentHash]) };
}

/** What signing/verifying needs from the canonicalization step; the pool implements it too. */
export type HashDataFn = (unsecuredDocument: object, proofOptions: object) => Promise<{ proofHash: Uint8Array; documentHash: Uint8Array }>;
