/**
 * Verifier for Open Badges 3.0 credentials from other platforms (issue 6, item 4).
 *
 * Wiring (the HTTP routes belong to the service):
 *
 *   const external = createExternalVerifier({ allowedHosts: config.VERIFIER_ALLOWED_HOSTS, clock, verifyProof: pool.verifyDataIntegrityProof });
 *   POST /api/verify/credential -> external.verifyCredential(body)
 *   POST /api/verify/baked      -> external.verifyBakedImage(bytes, contentType)
 *   ExternalInputError is an AppError (400 VALIDATION_ERROR / 413 PAYLOAD_TOO_LARGE).
 */
import { verifyBakedImage } from './baked.js';
import { FetchError } from './errors.js';
import { createGuardedFetcher, type GuardedFetcher, type HostResolver } from './guarded-fetcher.js';
import { createRemoteDocuments, type RemoteDocuments } from './remote-documents.js';
import {
  verifyExternalCredential,
  type ExternalVerificationResult,
  type ExternalVerifierDeps,
  type ProofVerifier,
  type VerifyOptions,
} from './verify-credential.js';

export { verifyBakedImage } from './baked.js';
export { ExternalInputError, FetchError } from './errors.js';
export { createGuardedFetcher, type DocumentFetcher, type GuardedFetcher, type HostResolver } from './guarded-fetcher.js';
export { parseJsonWithLimits } from './json-limits.js';
export { createRemoteDocuments, didWebDocumentUrl, type RemoteDocuments } from './remote-documents.js';
export { bitAt, BSL_MIN_BITS, checkStatusEntry, decodeEncodedList, type StatusOutcome } from './status.js';
export {
  verifyExternalCredential,
  type ExternalStatus,
  type ExternalVerificationResult,
  type ExternalVerifierDeps,
  type ProofVerifier,
  type VerifyOptions,
} from './verify-credential.js';

export interface ExternalVerifierOptions {
  /** VERIFIER_ALLOWED_HOSTS (`host:port`). */
  allowedHosts: readonly string[];
  clock: { now(): Date };
  timeoutMs?: number;
  maxBytes?: number;
  resolver?: HostResolver;
  /** Remote document cache: entries (default 500), success TTL (5 min), failure TTL (30 s). */
  cacheEntries?: number;
  cacheTtlMs?: number;
  negativeCacheTtlMs?: number;
  verifyProof?: ProofVerifier;
  /**
   * Documents this platform serves itself (its own did:web issuers): resolved in-process, never
   * fetched, whatever VERIFIER_ALLOWED_HOSTS says.
   */
  local?: LocalDocuments;
}

export interface LocalDocuments {
  /** The DID or URL names this platform (its BASE_URL host). */
  owns(didOrUrl: string): boolean;
  /** Our DID document for the did, or null when it names no issuer of ours. */
  resolveDidWeb(did: string): Promise<unknown>;
  /** A status list we publish at that URL (fragment removed), or null when there is none. */
  fetchStatusList?(url: string): Promise<unknown>;
}

/** Routes DIDs and URLs of this platform to `local`; everything else goes to `remote`. */
export function withLocalDocuments<T extends RemoteDocuments>(remote: T, local: LocalDocuments): T {
  const refuse = (url: string) => {
    throw new FetchError('NOT_FOUND', `${url} is a document of this platform that it does not publish`);
  };
  return {
    ...remote,
    async resolveDidWeb(did: string) {
      if (!local.owns(did)) return remote.resolveDidWeb(did);
      const doc = await local.resolveDidWeb(did);
      if (doc === null || doc === undefined) throw new FetchError('NOT_FOUND', `${did} is not an issuer of this platform`);
      return structuredClone(doc);
    },
    async fetchControllerDocument(url: string) {
      return local.owns(url) ? refuse(url) : remote.fetchControllerDocument(url);
    },
    async fetchDocument(url: string, options?: { fresh?: boolean }) {
      // This platform publishes no Open Badges 2.0 documents.
      return local.owns(url) ? refuse(url) : remote.fetchDocument(url, options);
    },
    async fetchStatusList(url: string) {
      if (!local.owns(url)) return remote.fetchStatusList(url);
      // Our own lists are read like anyone's (type, purpose, proof, bit), just not over the network.
      const bare = url.split('#')[0]!;
      const doc = local.fetchStatusList ? await local.fetchStatusList(bare) : null;
      if (doc === null || doc === undefined) return refuse(bare);
      return structuredClone(doc);
    },
  };
}

export interface ExternalVerifier {
  verifyCredential(input: unknown, options?: VerifyOptions): Promise<ExternalVerificationResult>;
  verifyBakedImage(bytes: Buffer | Uint8Array, contentType?: string, options?: VerifyOptions): Promise<ExternalVerificationResult>;
  readonly fetcher: GuardedFetcher;
  readonly documents: RemoteDocuments & { clear(): void };
}

/** One instance per process: it owns the guarded fetcher and the document cache. */
export function createExternalVerifier(options: ExternalVerifierOptions): ExternalVerifier {
  const fetcher = createGuardedFetcher({
    allowedHosts: options.allowedHosts,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  const remote = createRemoteDocuments({
    fetcher,
    ...(options.cacheEntries !== undefined ? { maxEntries: options.cacheEntries } : {}),
    ...(options.cacheTtlMs !== undefined ? { ttlMs: options.cacheTtlMs } : {}),
    ...(options.negativeCacheTtlMs !== undefined ? { negativeTtlMs: options.negativeCacheTtlMs } : {}),
  });
  const documents = options.local ? withLocalDocuments(remote, options.local) : remote;
  const deps: ExternalVerifierDeps = {
    clock: options.clock,
    documents,
    ...(options.verifyProof ? { verifyProof: options.verifyProof } : {}),
  };
  return {
    verifyCredential: (input, verifyOptions) => verifyExternalCredential(input, deps, verifyOptions),
    verifyBakedImage: (bytes, contentType, verifyOptions) => verifyBakedImage(bytes, contentType, deps, verifyOptions),
    fetcher,
    documents,
  };
}
