import { LRUCache } from 'lru-cache';

export interface RefreshingCacheOptions<K, V, C> {
  /** How long an answer is served, counted from the start of the read that got it (technical time). */
  ttlMs: number;
  /**
   * The part of `ttlMs` after which a hit starts a re-read in the background (the caller still
   * gets the kept answer at once). A pair picks a point between its two fractions at random per
   * read, so that entries read together are not re-read together.
   */
  refreshAfter: number | readonly [number, number];
  /** Reads the answer for `key`; `context` is what the caller of get() or reload() passed. */
  load: (key: K, context: C) => Promise<V>;
  /** Answers kept at most (least recently used go first); 0, like a `ttlMs` of 0, keeps nothing. Default 10,000. */
  maxEntries?: number;
  /** The clock, in milliseconds; default `performance.now()` (monotonic, not the application clock). */
  now?: () => number;
  /**
   * Where an answer is kept: by default under the key it was asked for; another key when the
   * answer names its own (an entry asked for by an alias), undefined to keep nothing.
   */
  keptUnder?: (value: V, key: K) => K | undefined;
  /** True when a new answer equals the kept one: the kept object stays (and what callers memoized on it). */
  unchanged?: (fresh: V, kept: V) => boolean;
  /**
   * A failed read is remembered like an answer (callers within `ttlMs` get the same error without
   * a read), except that it never replaces an answer still within its time. Default false: a
   * failure is passed to the callers of that read only. Either way a failure removes nothing.
   */
  rememberFailures?: boolean;
}

/**
 * A cache of answers that are costly to get (a query, a call to another service): each kept for
 * `ttlMs` of monotonic time from the start of its read. Callers that miss together share one
 * read. A hit late in its entry's life (`refreshAfter`) starts one re-read in the background, so
 * steady traffic never waits when entries expire, and nothing older than `ttlMs` is served. A
 * read whose key was deleted or cleared while it ran is not kept (its callers still get it), and
 * an answer never replaces one whose read started later.
 */
export interface RefreshingCache<K, V, C = void> {
  /** The kept answer while within `ttlMs`; else the read in flight for `key`, or a new one. */
  get(key: K, context: C): Promise<V>;
  /** A read of its own (never joins one in flight); later misses join it; kept like any. */
  reload(key: K, context: C): Promise<V>;
  /** Forgets the key's answer; the read in flight for it is not kept and no longer joined. */
  delete(key: K): void;
  /** Forgets everything, reads in flight included. */
  clear(): void;
  /** Keys with a read in flight (to delete some of them). */
  loading(): IterableIterator<K>;
}

interface Entry<V> {
  /** When the read that got it started. */
  at: number;
  refreshAt: number;
  seq: number;
  failed: boolean;
  value: V | undefined;
  error: unknown;
}

interface Flight<V> {
  promise: Promise<V>;
  at: number;
  seq: number;
  generation: number;
  /** Shared by a reload and the read it superseded: delete() invalidates both. */
  token: { deleted: boolean };
}

const ignore = () => undefined;

export function createRefreshingCache<K extends NonNullable<unknown>, V, C = void>(
  options: RefreshingCacheOptions<K, V, C>,
): RefreshingCache<K, V, C> {
  const { ttlMs, load, keptUnder, unchanged } = options;
  const now = options.now ?? (() => performance.now());
  const maxEntries = ttlMs > 0 ? Math.floor(options.maxEntries ?? 10_000) : 0;
  const entries = maxEntries >= 1 ? new LRUCache<K, Entry<V>>({ max: maxEntries }) : undefined;
  const flights = new Map<K, Flight<V>>();
  const [from, to] = typeof options.refreshAfter === 'number' ? [options.refreshAfter, options.refreshAfter] : options.refreshAfter;
  let generation = 0;
  let seq = 0;

  const current = (flight: Flight<V>) => flight.generation === generation && !flight.token.deleted;

  const kept = (key: K, flight: Flight<V>, loaded: V): V => {
    if (!entries) return loaded;
    const under = keptUnder ? keptUnder(loaded, key) : key;
    if (under === undefined) return loaded;
    const previous = entries.peek(under);
    const value = previous && !previous.failed && unchanged?.(loaded, previous.value as V) ? (previous.value as V) : loaded;
    if (current(flight) && !(previous && previous.seq > flight.seq)) {
      const refreshAt = flight.at + ttlMs * (from + (to - from) * Math.random());
      entries.set(under, { at: flight.at, refreshAt, seq: flight.seq, failed: false, value, error: undefined });
    }
    return value;
  };

  const failed = (key: K, flight: Flight<V>, error: unknown): void => {
    if (!entries || !options.rememberFailures || !current(flight)) return;
    const previous = entries.peek(key);
    if (previous && (previous.seq > flight.seq || (!previous.failed && now() - previous.at < ttlMs))) return;
    entries.set(key, { at: flight.at, refreshAt: Infinity, seq: flight.seq, failed: true, value: undefined, error });
  };

  const start = (key: K, context: C): Promise<V> => {
    const superseded = flights.get(key);
    const flight: Flight<V> = {
      promise: undefined as unknown as Promise<V>,
      at: now(),
      seq: ++seq,
      generation,
      token: superseded?.token ?? { deleted: false },
    };
    let loaded: Promise<V>;
    try {
      loaded = load(key, context);
    } catch (err) {
      loaded = Promise.reject(err);
    }
    flight.promise = loaded.then(
      (value) => {
        if (flights.get(key) === flight) flights.delete(key);
        return kept(key, flight, value);
      },
      (error: unknown) => {
        if (flights.get(key) === flight) flights.delete(key);
        failed(key, flight, error);
        throw error;
      },
    );
    flights.set(key, flight);
    return flight.promise;
  };

  return {
    get(key, context) {
      const hit = entries?.get(key);
      if (hit) {
        const t = now();
        if (t - hit.at < ttlMs) {
          if (hit.failed) return Promise.reject(hit.error);
          if (t >= hit.refreshAt && !flights.has(key)) start(key, context).catch(ignore);
          return Promise.resolve(hit.value as V);
        }
      }
      return flights.get(key)?.promise ?? start(key, context);
    },
    reload: start,
    delete(key) {
      entries?.delete(key);
      const flight = flights.get(key);
      if (flight) {
        flight.token.deleted = true;
        flights.delete(key);
      }
    },
    clear() {
      generation++;
      entries?.clear();
      flights.clear();
    },
    loading: () => flights.keys(),
  };
}
