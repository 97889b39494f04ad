import { LRUCache } from 'lru-cache';

/**
 * What this service's caches use of an LRU. Every in-memory cache of the service is npm
 * `lru-cache` behind the two constructors below (bounded by entries, or by bytes); expiry
 * stays with each cache (it keeps the time it loaded an entry and decides itself, against the
 * clock it was given), so lru-cache's own TTL is not used.
 */
export interface Lru<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
  delete(key: K): unknown;
  clear(): void;
  readonly size: number;
}

/** A bound of 0 turns a cache off (the config and tests use that); lru-cache needs a bound of at least 1. */
function off<K, V>(): Lru<K, V> {
  return { get: () => undefined, set: () => undefined, delete: () => false, clear: () => undefined, size: 0 };
}

/** Keeps the `maxEntries` most recently used entries (0 or less: keeps nothing). */
export function entryLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(maxEntries: number): Lru<K, V> {
  return maxEntries >= 1 ? new LRUCache<K, V>({ max: Math.floor(maxEntries) }) : off();
}

/**
 * Keeps the most recently used buffers up to `maxBytes` in total; a buffer larger than a
 * quarter of that is not kept, so one entry never crowds out the rest (below 4 bytes: keeps
 * nothing).
 */
export function byteLru<K extends NonNullable<unknown>>(maxBytes: number): Lru<K, Buffer> {
  if (maxBytes < 4) return off();
  return new LRUCache<K, Buffer>({
    maxSize: Math.floor(maxBytes),
    maxEntrySize: Math.floor(maxBytes / 4),
    sizeCalculation: (value) => Math.max(1, value.length),
  });
}
