import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { createRefreshingCache } from '@cred/runtime';
import { credentialStore, refKey } from '../db/credential-store.js';
import type { CredentialRef } from '../domain/identifiers.js';
import type { CredentialSource } from './credential-source.js';
import { entryLru } from './lru-cache.js';

export type VerificationState = NonNullable<Awaited<ReturnType<typeof credentialStore.findForVerification>>>;

/** What an event changed: every entry (organizations, keys, badges), or some credentials by UUID. */
export type ReadModelChange = { all: true } | { uuids: string[] };

export interface ReadModelCache {
  /** The credential, its organization and published keys; at most `ttlMs` old. */
  find(ref: CredentialRef): Promise<VerificationState | undefined>;
  /** Forget everything (a read-model event was committed). */
  clear(): void;
  /** Forget what a change touched; reads in flight for it are not kept either. */
  forget(change: ReadModelChange): void;
  /**
   * Wraps an event handler: what `change` names is forgotten before the handler runs and again
   * once its transaction commits, when `committed` is told too (to tell the other replicas).
   */
  invalidating<T>(
    handler: (event: DomainEvent<T>, trx: Knex.Transaction) => Promise<void>,
    change?: (event: DomainEvent<T>) => ReadModelChange,
    committed?: (change: ReadModelChange, event: DomainEvent<T>) => void,
  ): (event: DomainEvent<T>, trx: Knex.Transaction) => Promise<void>;
}

/**
 * A micro-cache in front of the one statement a verification reads (ADR 0004). Entries live
 * `ttlMs` (default 500 ms): this replica forgets what one of its own event handlers changed when
 * it commits (the credential by UUID; everything for organization, key and badge events), so here
 * a revocation, claim, suspension or key change is visible at once. Other replicas (which did not
 * handle that event: replicas share the queues) are told over the invalidation channel
 * (replica-invalidation.ts, ADR 0009) and forget it as well; `ttlMs` bounds the staleness only
 * while that channel is down. Entries are kept by credential UUID; a `CRD-` id is mapped to its
 * UUID once (the pair never changes), so a change named by UUID reaches both spellings. The lifecycle is still computed per request from the application
 * clock (expiry needs no event), and the signature result keeps its own cache. Misses for the
 * same credential share one query; unknown credentials are not cached. Expiry, refresh ahead,
 * shared reads and dropping reads in flight are @cred/runtime's createRefreshingCache.
 */
export function createReadModelCache(
  db: Knex,
  options: { ttlMs: number; maxEntries?: number; /** Asked on a miss (a credential issued a moment ago). */ source?: CredentialSource },
): ReadModelCache {
  const maxEntries = options.ttlMs > 0 ? (options.maxEntries ?? 20_000) : 0;
  /** `CRD-` id -> UUID: fixed at issuance, so kept without expiry (bounded). */
  const uuidOfId = entryLru<string, string>(maxEntries);
  const readBatched = batchedReads(db);
  const entries = createRefreshingCache<string, VerificationState | undefined, CredentialRef>({
    ttlMs: options.ttlMs,
    // Refresh ahead: an entry in use is re-read in the background somewhere in the second half of
    // its life, spread so that entries loaded together do not all go back to the database together
    // (they would expire together and queue on the pool); nothing older than ttlMs is served.
    refreshAfter: [0.5, 0.75],
    maxEntries,
    async load(_key, ref) {
      const read = await readBatched(ref);
      const state = read || !options.source || !(await options.source.fill(ref)) ? read : await credentialStore.findForVerification(db, ref);
      if (state) uuidOfId.set(state.credential.credentialId, state.credential.uuid);
      return state;
    },
    // Stored under the UUID whatever the request named; unknown credentials are not kept.
    keptUnder: (state) => (state ? `uuid:${state.credential.uuid}` : undefined),
    // A row that has not changed keeps its object, and with it what callers memoized on it
    // (parsed OB3, the signature answer, serialized responses).
    unchanged: samePlainData,
  });
  const forget = (change: ReadModelChange) => {
    if ('all' in change) {
      entries.clear();
      return;
    }
    for (const uuid of change.uuids) entries.delete(`uuid:${uuid}`);
    // A read by `CRD-` id in flight before the id was mapped: it may have read the old row.
    for (const key of entries.loading()) if (key.startsWith('credentialId:')) entries.delete(key);
  };
  const keyOf = (ref: CredentialRef): string => {
    if (ref.kind === 'uuid') return `uuid:${ref.value}`;
    const uuid = uuidOfId.get(ref.value);
    return uuid ? `uuid:${uuid}` : `credentialId:${ref.value}`;
  };
  return {
    find: (ref) => entries.get(keyOf(ref), ref),
    clear: () => entries.clear(),
    forget,
    invalidating(handler, change = () => ({ all: true }), committed) {
      return async (event, trx) => {
        const changed = change(event);
        // Forgotten before (so that nothing read from now on is kept past the commit) and after it.
        forget(changed);
        const after = () => {
          forget(changed);
          committed?.(changed, event);
        };
        void trx.executionPromise.then(after, () => forget(changed));
        await handler(event, trx);
      };
    },
  };
}

/** Deep equality of database-shaped data: plain objects, arrays, Dates and primitives. */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!samePlainData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Misses of one event-loop turn read together: more than this many make several statements. */
const MAX_BATCH = 100;

/**
 * Reads of different credentials asked for in the same event-loop turn (a burst of first
 * sights) go to the database as one statement (credentialStore.findForVerificationMany): one
 * round trip, parse and plan instead of one each. A statement that fails fails each read in it.
 */
export function batchedReads(db: Knex): (ref: CredentialRef) => Promise<VerificationState | undefined> {
  let queue: Array<{ ref: CredentialRef; resolve: (v: VerificationState | undefined) => void; reject: (e: unknown) => void }> = [];
  const run = async (batch: typeof queue) => {
    try {
      const found = await credentialStore.findForVerificationMany(
        db,
        batch.map((b) => b.ref),
      );
      for (const b of batch) b.resolve(found.get(refKey(b.ref)));
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  };
  const flush = () => {
    const all = queue;
    queue = [];
    for (let i = 0; i < all.length; i += MAX_BATCH) void run(all.slice(i, i + MAX_BATCH));
  };
  return (ref) =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ ref, resolve, reject });
    });
}
