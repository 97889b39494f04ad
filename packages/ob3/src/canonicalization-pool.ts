/**
 * A small worker_threads pool for the expensive step of signing/verifying (JSON-LD expansion +
 * RDFC-1.0 + SHA-256, several ms per credential), so bulk issuance and verification do not
 * block the event loop. Ed25519 itself stays on the caller's thread (it is ~50 µs).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { HashDataFn } from './canonicalize.js';
import type { HashRequest, HashResponse } from './canonicalization-worker.js';
import {
  signCredential as signInline,
  verifyDataIntegrityProof as verifyInline,
  type DataIntegrityProof,
  type SignOptions,
  type VerificationResult,
  type VerifyOptions,
} from './data-integrity.js';
import { Ob3Error } from './errors.js';

export interface CanonicalizationPoolOptions {
  /** Number of worker threads (default: CPUs - 1, at least 1, at most 8). */
  size?: number;
  /** Extra static JSON-LD documents (e.g. a partner's context) available in the workers. */
  documents?: Record<string, unknown>;
}

export interface CanonicalizationPool {
  readonly size: number;
  /** Same result as the inline canonicalize+hash step, computed in a worker. */
  hashData: HashDataFn;
  signCredential<T extends object>(
    unsignedCredential: T,
    options: Omit<SignOptions, 'hashData' | 'documentLoader'>,
  ): Promise<Omit<T, 'proof'> & { proof: DataIntegrityProof[] }>;
  verifyDataIntegrityProof(credential: unknown, options: Omit<VerifyOptions, 'hashData' | 'documentLoader'>): Promise<VerificationResult>;
  /** Terminates the workers; pending and later calls reject with POOL_CLOSED. */
  close(): Promise<void>;
}

interface Pending {
  resolve: (v: { proofHash: Uint8Array; documentHash: Uint8Array }) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

// We run from TypeScript sources (tsx, no build step). Worker threads on Node 20 do not get the
// parent's loader hooks, so under TypeScript a small JS bootstrap registers tsx in the worker.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './canonicalization-worker-bootstrap.mjs' : './canonicalization-worker.js',
  import.meta.url,
);

export function createCanonicalizationPool(options: CanonicalizationPoolOptions = {}): CanonicalizationPool {
  const size = options.size ?? Math.min(8, Math.max(1, availableParallelism() - 1));
  if (!Number.isInteger(size) || size < 1 || size > 64)
    throw new Ob3Error('INVALID_INPUT', 'pool size must be an integer between 1 and 64');
  const workerData = { documents: options.documents ?? {} };
  let closed = false;
  let nextId = 1;
  const slots: Slot[] = [];

  const failAll = (slot: Slot, error: Error): void => {
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
  };

  const spawn = (index: number): void => {
    const worker = new Worker(WORKER_URL, { workerData });
    const slot: Slot = { worker, pending: new Map() };
    worker.unref(); // an idle pool must not keep the process alive
    worker.on('message', (msg: HashResponse) => {
      const p = slot.pending.get(msg.id);
      if (!p) return;
      slot.pending.delete(msg.id);
      if (slot.pending.size === 0) worker.unref();
      if (msg.ok) p.resolve({ proofHash: msg.proofHash, documentHash: msg.documentHash });
      else p.reject(new Error(msg.message));
    });
    const onDeath = (error: Error): void => {
      failAll(slot, error);
      // Replace a crashed worker so one bad job does not shrink the pool.
      if (!closed && slots[index] === slot) spawn(index);
    };
    worker.on('error', (err) => onDeath(err instanceof Error ? err : new Error(String(err))));
    worker.on('exit', (code) => {
      if (slot.pending.size > 0 || (!closed && slots[index] === slot))
        onDeath(new Error(`canonicalization worker exited with code ${code}`));
    });
    slots[index] = slot;
  };
  for (let i = 0; i < size; i++) spawn(i);

  const hashData: HashDataFn = (document, proofOptions) => {
    if (closed) return Promise.reject(new Ob3Error('POOL_CLOSED', 'canonicalization pool is closed'));
    // Least-loaded worker.
    let slot = slots[0]!;
    for (const s of slots) if (s.pending.size < slot.pending.size) slot = s;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      const request: HashRequest = { id, document, proofOptions };
      try {
        slot.worker.postMessage(request);
      } catch (err) {
        // e.g. a value that cannot be cloned
        slot.pending.delete(id);
        if (slot.pending.size === 0) slot.worker.unref();
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  };

  return {
    size,
    hashData,
    signCredential: async (unsigned, opts) => {
      if (closed) throw new Ob3Error('POOL_CLOSED', 'canonicalization pool is closed');
      return signInline(unsigned, { ...opts, hashData });
    },
    verifyDataIntegrityProof: (credential, opts) => verifyInline(credential, { ...opts, hashData }),
    async close() {
      if (closed) return;
      closed = true;
      const error = new Ob3Error('POOL_CLOSED', 'canonicalization pool is closed');
      await Promise.all(
        slots.map(async (slot) => {
          failAll(slot, error);
          await slot.worker.terminate();
        }),
      );
    },
  };
}
