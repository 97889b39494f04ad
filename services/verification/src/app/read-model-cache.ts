import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { credentialStore } from '../db/credential-store.js';
import type { CredentialRef } from '../domain/identifiers.js';
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
export function createReadModelCache(db: Knex, options: { ttlMs: number; maxEntries?: number }): ReadModelCache {
  const entries = new LruCache<string, { at: number; generation: number; state: VerificationState }>(
    options.ttlMs > 0 ? (options.maxEntries ?? 20_000) : 0,
  );
  const inflight = new Map<string, Promise<VerificationState | undefined>>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  return {
    async find(ref) {
      const key = `${ref.kind}:${ref.value}`;
      const hit = entries.get(key);
      if (hit && hit.generation === generation && performance.now() - hit.at < options.ttlMs) return hit.state;
      let pending = inflight.get(key);
      if (!pending) {
        const startedGeneration = generation;
        const at = performance.now();
        pending = credentialStore.findForVerification(db, ref).then((state) => {
          // A commit that happened while we read makes this answer unfit for caching.
          if (state && startedGeneration === generation) entries.set(key, { at, generation: startedGeneration, state });
          return state;
        });
        pending = pending.finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
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
