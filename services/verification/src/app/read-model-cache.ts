import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
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
 * same credential share one query; unknown credentials are not cached.
 */
export function createReadModelCache(
  db: Knex,
  options: { ttlMs: number; maxEntries?: number; /** Asked on a miss (a credential issued a moment ago). */ source?: CredentialSource },
): ReadModelCache {
  const entries = entryLru<string, { at: number; refreshAt: number; generation: number; state: VerificationState }>(
    options.ttlMs > 0 ? (options.maxEntries ?? 20_000) : 0,
  );
  const inflight = new Map<string, { pending: Promise<VerificationState | undefined>; stale: boolean }>();
  /** `CRD-` id -> UUID: fixed at issuance, so kept without expiry (bounded). */
  const uuidOfId = entryLru<string, string>(options.ttlMs > 0 ? (options.maxEntries ?? 20_000) : 0);
  let generation = 0;
  const readBatched = batchedReads(db);
  const clear = () => {
    generation++;
    entries.clear();
    for (const flight of inflight.values()) flight.stale = true;
    inflight.clear();
  };
  const forgetKey = (key: string) => {
    entries.delete(key);
    const flight = inflight.get(key);
    if (flight) {
      flight.stale = true;
      inflight.delete(key);
    }
  };
  const forget = (change: ReadModelChange) => {
    if ('all' in change) {
      clear();
      return;
    }
    for (const uuid of change.uuids) forgetKey(`uuid:${uuid}`);
    // A read by `CRD-` id in flight before the id was mapped: it may have read the old row.
    for (const [key, flight] of inflight) {
      if (key.startsWith('credentialId:')) {
        flight.stale = true;
        inflight.delete(key);
      }
    }
  };
  const keyOf = (ref: CredentialRef): string => {
    if (ref.kind === 'uuid') return `uuid:${ref.value}`;
    const uuid = uuidOfId.get(ref.value);
    return uuid ? `uuid:${uuid}` : `credentialId:${ref.value}`;
  };
  /** One read per key at a time; concurrent misses share it. */
  const load = (key: string, ref: CredentialRef): Promise<VerificationState | undefined> => {
    const startedGeneration = generation;
    const flight = { pending: undefined as unknown as Promise<VerificationState | undefined>, stale: false };
    const at = performance.now();
    const pending = readBatched(ref)
      .then(async (read) =>
        read || !options.source || !(await options.source.fill(ref)) ? read : credentialStore.findForVerification(db, ref),
      )
      .then((read) => {
        // Stored under the UUID whatever the request named.
        const storeKey = read ? `uuid:${read.credential.uuid}` : key;
        if (read) uuidOfId.set(read.credential.credentialId, read.credential.uuid);
        // A row that has not changed keeps its object, and with it what callers memoized on it
        // (parsed OB3, the signature answer, serialized responses).
        const previous = entries.get(storeKey)?.state;
        const state = read && previous && samePlainData(read, previous) ? previous : read;
        // A commit that happened while we read makes this answer unfit for caching.
        if (state && startedGeneration === generation && !flight.stale) {
          // Refreshed in the background somewhere in the second half of its life, spread so that
          // entries loaded together do not all go back to the database together.
          const refreshAt = at + options.ttlMs * (0.5 + 0.25 * Math.random());
          entries.set(storeKey, { at, refreshAt, generation: startedGeneration, state });
        }
        return state;
      })
      .finally(() => {
        if (inflight.get(key) === flight) inflight.delete(key);
      });
    flight.pending = pending;
    inflight.set(key, flight);
    return pending;
  };
  return {
    async find(ref) {
      const key = keyOf(ref);
      const hit = entries.get(key);
      if (hit && hit.generation === generation) {
        const now = performance.now();
        if (now - hit.at < options.ttlMs) {
          // Refresh ahead: late in its life the entry is re-read in the background, so steady
          // traffic does not wait for the database when entries expire (entries loaded together
          // would expire together and queue on the pool), and nothing older than ttlMs is served.
          if (now >= hit.refreshAt && !inflight.has(key)) void load(key, ref).catch(() => undefined);
          return hit.state;
        }
      }
      return inflight.get(key)?.pending ?? load(key, ref);
    },
    clear,
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
