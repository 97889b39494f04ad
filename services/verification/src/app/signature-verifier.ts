import { createHash } from 'node:crypto';
import {
  findVerificationMethodKey,
  verifyDataIntegrityProof,
  type CanonicalizationPool,
  type DidDocument,
  type PublicKeyResolver,
  type VerificationResult,
} from '@cred/ob3';
import { Counter, type Logger, type Registry } from '@cred/runtime';
import { entryLru } from './lru-cache.js';
import type { Redis } from './redis.js';

export interface SignatureCheckInput {
  credentialUuid: string;
  /** The stored credential, exact bytes. */
  ob3Json: string;
  /** The did:web the credential must be issued by (built from the organization's slug). */
  expectedIssuer: string;
  /** The DID document we publish for that issuer right now (null: no published key). */
  didDocument: DidDocument | null;
}

export interface SignatureCheckResult {
  valid: boolean;
  /** Why it is not valid (logged, not shown to the public). */
  reason?: string;
  source: 'memory' | 'redis' | 'computed' | 'precheck';
}

export interface SignatureVerifier {
  check(input: SignatureCheckInput): Promise<SignatureCheckResult>;
  /** Counts an answer a caller reused from its own memo of this verifier's result (source memory). */
  countReuse(): void;
}

const REDIS_TTL_SECONDS = 7 * 24 * 3600;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function issuerIdOf(credential: Record<string, unknown>): unknown {
  const issuer = credential['issuer'];
  return typeof issuer === 'object' && issuer !== null ? (issuer as Record<string, unknown>)['id'] : issuer;
}

function proofVerificationMethods(credential: Record<string, unknown>): string[] {
  const p = credential['proof'];
  const proofs = p === undefined ? [] : Array.isArray(p) ? p : [p];
  return proofs
    .map((proof: unknown) =>
      typeof proof === 'object' && proof !== null ? (proof as Record<string, unknown>)['verificationMethod'] : undefined,
    )
    .filter((vm): vm is string => typeof vm === 'string');
}

/**
 * Check 1 of docs/contract.md: the Ed25519 Data Integrity proof, with the key taken from the DID
 * document we publish at /issuers/{slug}/did.json, and the credential's issuer equal to that DID.
 *
 * What is cached is only what cannot change: the result for these exact bytes under these exact
 * keys. The key is (credential uuid, sha256 of the JSON bytes, the referenced verification
 * methods with their public keys), so a rotated or withdrawn key misses the cache, and the
 * DID document itself is rebuilt from the database on every request. Memory first (bounded
 * LRU), then Redis (shared by replicas; failures are misses). Concurrent cold checks of the same
 * credential share one computation, which runs its canonicalization in the worker pool.
 */
export function createSignatureVerifier(deps: {
  /** Worker pool for canonicalization; without one (or when it fails) the work runs inline. */
  pool?: CanonicalizationPool;
  cacheSize: number;
  redis?: Redis;
  logger: Logger;
  metrics: Registry;
}): SignatureVerifier {
  const memory = entryLru<string, boolean>(deps.cacheSize);
  const inflight = new Map<string, Promise<SignatureCheckResult>>();
  const checks = new Counter({
    name: 'verification_signature_checks_total',
    help: 'Signature checks by where the result came from',
    labelNames: ['source'],
    registers: [deps.metrics],
  });

  const fromRedis = async (key: string): Promise<boolean | undefined> => {
    if (!deps.redis || deps.redis.status !== 'ready') return undefined;
    try {
      const v = await deps.redis.get(`verification:sig:${key}`);
      return v === '1' ? true : v === '0' ? false : undefined;
    } catch {
      return undefined;
    }
  };
  const toRedis = (key: string, valid: boolean): void => {
    if (!deps.redis || deps.redis.status !== 'ready') return;
    deps.redis.set(`verification:sig:${key}`, valid ? '1' : '0', 'EX', REDIS_TTL_SECONDS).catch(() => undefined);
  };

  // A pool failure (a crashed or unloadable worker) shows up as a canonicalization error; the
  // inline computation is authoritative then, so an infrastructure problem never turns into
  // "signature invalid" for a genuine credential.
  const runProof = async (credential: Record<string, unknown>, resolvePublicKey: PublicKeyResolver): Promise<VerificationResult> => {
    if (deps.pool) {
      const pooled = await deps.pool.verifyDataIntegrityProof(credential, { resolvePublicKey });
      if (pooled.verified || !pooled.proofs.some((p) => p.failedStep === 'canonicalization')) return pooled;
      deps.logger.warn({ reason: pooled.reason }, 'canonicalization failed in the worker pool; verifying inline');
    }
    return verifyDataIntegrityProof(credential, { resolvePublicKey });
  };

  const compute = async (key: string, credential: Record<string, unknown>, didDocument: DidDocument): Promise<SignatureCheckResult> => {
    const shared = await fromRedis(key);
    if (shared !== undefined) {
      memory.set(key, shared);
      return { valid: shared, source: 'redis' };
    }
    const result = await runProof(credential, async (vm) => findVerificationMethodKey(didDocument, vm));
    // Cache definite answers only: a valid proof, or one that is invalid for these bytes. A
    // worker failure or an unresolvable key is retried next time.
    const definite = result.verified || result.proofs.some((p) => p.status === 'invalid');
    if (definite) {
      memory.set(key, result.verified);
      toRedis(key, result.verified);
    }
    return { valid: result.verified, ...(result.reason ? { reason: result.reason } : {}), source: 'computed' };
  };

  return {
    countReuse: () => checks.inc({ source: 'memory' }),
    async check(input) {
      let credential: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(input.ob3Json);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        credential = parsed as Record<string, unknown>;
      } catch {
        return { valid: false, reason: 'stored credential is not a JSON object', source: 'precheck' };
      }
      if (issuerIdOf(credential) !== input.expectedIssuer) {
        return { valid: false, reason: `issuer is not ${input.expectedIssuer}`, source: 'precheck' };
      }
      const doc = input.didDocument;
      if (!doc) return { valid: false, reason: 'the issuer has no published key', source: 'precheck' };
      const referenced = new Set(proofVerificationMethods(credential));
      const keys = doc.verificationMethod
        .filter((vm) => referenced.has(vm.id))
        .map((vm) => `${vm.id}=${vm.publicKeyMultibase}`)
        .sort();
      if (keys.length === 0) return { valid: false, reason: 'no proof uses a key of the issuer', source: 'precheck' };

      const key = sha256Hex(`${input.credentialUuid}\n${sha256Hex(input.ob3Json)}\n${keys.join('\n')}`);
      const remembered = memory.get(key);
      if (remembered !== undefined) {
        checks.inc({ source: 'memory' });
        return { valid: remembered, source: 'memory' };
      }
      let pending = inflight.get(key);
      if (!pending) {
        pending = compute(key, credential, doc).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const result = await pending;
      checks.inc({ source: result.source });
      return result;
    },
  };
}
