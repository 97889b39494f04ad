import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { credentialStore } from '../db/credential-store.js';
import type { CredentialRef } from '../domain/identifiers.js';
import type { CredentialSource } from './credential-source.js';
import { LruCache } from './lru-cache.js';

export type VerificationState = NonNullable<Awaited<ReturnType<typeof credentialStore.findForVerification>>>;

export interface ReadModelCache {
  /** The credential, its organization and published keys; at most `ttlMs` old. */
  find(ref: CredentialRef): Promise<VerificationState | undefined>;
  /** Forget everything (a read-model event was committed). */
  clear(): void;
  /** Wraps an event handler: once its transaction commits, the cache is cleared. */
  invalidating<T>(
    handler: (event: DomainEvent<T>, trx: Knex.Transaction) => Promise<void>,
  ): (event: DomainEvent<T>, trx: Knex.Transaction) => Promise<void>;
}

/**
 * A micro-cache in front of the one statement a verification reads (ADR 0004). Entries live
 * `ttlMs` (default 1 s): this replica clears the whole cache when one of its own event handlers
 * commits, so here a revocation, claim, suspension or key change is visible at once; on other
 * replicas (which did not handle that event) within `ttlMs`, well inside the time the event
 * itself takes to travel. The lifecycle is still computed per request from the application
 * clock (expiry needs no event), and the signature result keeps its own cache. Misses for the
 * same credential share one query; unknown credentials are not cached.
 */
export function createReadModelCache(
  db: Knex,
  options: { ttlMs: number; maxEntries?: number; /** Asked on a miss (a credential issued a moment ago). */ source?: CredentialSource },
): ReadModelCache {
  const entries = new LruCache<string, { at: number; refreshAt: number; generation: number; state: VerificationState }>(
    options.ttlMs > 0 ? (options.maxEntries ?? 20_000) : 0,
  );
  const inflight = new Map<string, Promise<VerificationState | undefined>>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  /** One read per key at a time; concurrent misses share it. */
  const load = (key: string, ref: CredentialRef): Promise<VerificationState | undefined> => {
    const startedGeneration = generation;
    const at = performance.now();
    const pending = credentialStore
      .findForVerification(db, ref)
      .then(async (read) => (read || !options.source || !(await options.source.fill(ref)) ? read : credentialStore.findForVerification(db, ref)))
      .then((read) => {
        // A row that has not changed keeps its object, and with it what callers memoized on it
        // (parsed OB3, the signature answer, serialized responses).
        const previous = entries.get(key)?.state;
        const state = read && previous && samePlainData(read, previous) ? previous : read;
        // A commit that happened while we read makes this answer unfit for caching.
        if (state && startedGeneration === generation) {
          // Refreshed in the background somewhere in the second half of its life, spread so that
          // entries loaded together do not all go back to the database together.
          const refreshAt = at + options.ttlMs * (0.5 + 0.25 * Math.random());
          entries.set(key, { at, refreshAt, generation: startedGeneration, state });
        }
        return state;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, pending);
    return pending;
  };
  return {
    async find(ref) {
      const key = `${ref.kind}:${ref.value}`;
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
      return inflight.get(key) ?? load(key, ref);
    },
    clear,
    invalidating(handler) {
      return async (event, trx) => {
        // Cleared before (so that nothing read from now on is kept past the commit) and after it.
        clear();
        void trx.executionPromise.then(clear, clear);
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
