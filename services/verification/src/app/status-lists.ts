import { createHash } from 'node:crypto';
import type { PromiseClient } from '@cred/grpc';
import { decodeStatusList } from '@cred/ob3';
import type { IssuanceServiceClient } from '@cred/proto';
import { AppError, createRefreshingCache, type Logger } from '@cred/runtime';

/** A signed revocation list as served at /issuers/{slug}/status/{listNumber}. */
export interface ServedStatusList {
  /** The list credential, byte for byte as issuance signed it. */
  json: string;
  /** Strong validator of those bytes. */
  etag: string;
  /** Parsed (shared: callers only read it). */
  document: Record<string, unknown>;
}

export interface StatusListSource {
  /** The list, at most `ttlMs` older than issuance's copy; null when there is no such list. */
  get(slug: string, listNumber: number): Promise<ServedStatusList | null>;
  /** Bit `index` of the list, or null when there is no such list or entry. */
  bit(slug: string, listNumber: number, index: number): Promise<0 | 1 | null>;
  /** Forget everything (this replica handled a credential event). */
  clear(): void;
}

export interface StatusListSourceOptions {
  issuance: Pick<PromiseClient<IssuanceServiceClient>, 'GetStatusList'>;
  /** How long a list is served from this replica's memory (READ_MODEL_CACHE_MS). */
  ttlMs: number;
  logger: Logger;
  maxEntries?: number;
  now?: () => number;
}

/** The part of ttlMs after which a list in use is re-read in the background. */
const REFRESH_AFTER = 0.75;

/**
 * Our organizations' revocation lists (ADR 0007). Issuance owns them and keeps a signed copy
 * that is never older than the last revocation it answered; this replica keeps each list for
 * `ttlMs` (and drops them all when it handles a credential event), so a revocation shows here
 * within that time of its answer; a list in use is re-read ahead of that, in the background.
 * Concurrent misses share one GetStatusList call; "no such
 * list" is remembered as long as a list, so unknown URLs cannot turn into load on issuance.
 * Anything else issuance answers (UNAVAILABLE: the list could not be signed; or no answer) is
 * passed on as 503 for as long, never replaced by an older copy.
 */
export function createStatusListSource(o: StatusListSourceOptions): StatusListSource {
  const lists = createRefreshingCache<string, ServedStatusList | null, { slug: string; listNumber: number }>({
    ttlMs: o.ttlMs,
    // Re-read in the last quarter of its time, in the background: verifications under steady
    // traffic do not all wait for issuance when the copy expires. The bound is unchanged: a copy
    // is served at most ttlMs after its read started.
    refreshAfter: REFRESH_AFTER,
    maxEntries: o.maxEntries ?? 10_000,
    now: o.now,
    // Remembered as briefly as a list, so that an unavailable issuance is not asked on every
    // request; a copy still within its time (a re-read ahead of expiry failed) is kept until then.
    rememberFailures: true,
    async load(_key, { slug, listNumber }) {
      try {
        const r = await o.issuance.GetStatusList({ organization_slug: slug, list_number: listNumber });
        const document = JSON.parse(r.credential_json) as Record<string, unknown>;
        const etag = `"${createHash('sha256').update(r.credential_json).digest('base64url').slice(0, 32)}"`;
        return { json: r.credential_json, etag, document };
      } catch (err) {
        if ((err as { code?: string }).code === 'NOT_FOUND') return null;
        o.logger.warn({ slug, listNumber, err: err instanceof Error ? err.message : String(err) }, 'status list unavailable from issuance');
        throw new AppError('UNAVAILABLE', 'The status list is temporarily unavailable');
      }
    },
  });
  /** Each list's bits, decoded once per copy. */
  const bitsOf = new WeakMap<ServedStatusList, Buffer>();

  const get = (slug: string, listNumber: number) => lists.get(`${slug}/${listNumber}`, { slug, listNumber });

  return {
    get,
    async bit(slug, listNumber, index) {
      const list = await get(slug, listNumber);
      if (!list) return null;
      let bits = bitsOf.get(list);
      if (!bits) {
        const subject = list.document['credentialSubject'] as { encodedList?: unknown } | undefined;
        bits = decodeStatusList(String(subject?.encodedList ?? ''));
        bitsOf.set(list, bits);
      }
      const byte = bits[index >> 3];
      return byte === undefined || index < 0 ? null : (((byte >> (7 - (index & 7))) & 1) as 0 | 1);
    },
    clear: () => lists.clear(),
  };
}

/** `{BASE_URL}/issuers/{slug}/status/{n}` -> its parts, or null for any other URL. */
export function parseStatusListUrl(baseUrl: string, url: string): { slug: string; listNumber: number } | null {
  const prefix = `${baseUrl.replace(/\/+$/, '')}/issuers/`;
  if (!url.startsWith(prefix)) return null;
  const m = /^([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\/status\/([1-9]\d{0,8})$/.exec(url.slice(prefix.length));
  return m ? { slug: m[1]!, listNumber: Number(m[2]) } : null;
}
