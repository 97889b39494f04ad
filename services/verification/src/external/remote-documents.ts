/**
 * Remote documents the verifier needs, fetched through a DocumentFetcher (the guarded fetcher in
 * production) and cached in a bounded LRU with a TTL: successes for `ttlMs`, failures for
 * `negativeTtlMs` (so a dead or hostile host is not hammered). Concurrent requests for the same
 * URL share one fetch.
 */
import { didWebToUrl } from '@cred/ob3';
import { errorMessage, FetchError } from './errors.js';
import type { DocumentFetcher } from './guarded-fetcher.js';
import { entryLru } from '../app/lru-cache.js';

export interface RemoteDocuments {
  /** The DID document of a did:web (`.../did.json`, `/.well-known/did.json` for a bare domain). */
  resolveDidWeb(did: string): Promise<unknown>;
  /** A controller document named by an https verification method id (URL without fragment). */
  fetchControllerDocument(url: string): Promise<unknown>;
  /** A status list credential (BitstringStatusList / StatusList2021) or a 1EdTech revocation list. */
  fetchStatusList(url: string): Promise<unknown>;
  /**
   * Any other JSON document (Open Badges 2.0: a hosted assertion, BadgeClass, Issuer profile,
   * CryptographicKey or RevocationList). `fresh` skips the cache (a hosted assertion is read as
   * its issuer serves it now: that is how it is revoked).
   */
  fetchDocument(url: string, options?: { fresh?: boolean }): Promise<unknown>;
}

export interface RemoteDocumentsOptions {
  fetcher: DocumentFetcher;
  /** Default 5 minutes. */
  ttlMs?: number;
  /** Default 30 seconds. */
  negativeTtlMs?: number;
  /** Default 500 entries. */
  maxEntries?: number;
  /** Monotonic-ish time for the cache (default Date.now); NOT the application clock. */
  now?: () => number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: FetchError };
type Cached = Outcome & { expiresAt: number };

/** The https (or, for allow-listed hosts, http) URL of a did:web document. */
export function didWebDocumentUrl(did: string, fetcher: Pick<DocumentFetcher, 'isAllowedHost'>): string {
  let httpsUrl: string;
  let httpUrl: string;
  try {
    httpsUrl = didWebToUrl(did);
    httpUrl = didWebToUrl(did, { allowHttp: true });
  } catch (err) {
    throw new FetchError('BAD_URL', `cannot resolve ${did}: ${errorMessage(err)}`);
  }
  // docs/contract.md "Verification": did:web over https only, unless VERIFIER_ALLOWED_HOSTS lists the host.
  return fetcher.isAllowedHost(httpUrl) ? httpUrl : httpsUrl;
}

function withoutFragment(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}

export function createRemoteDocuments(options: RemoteDocumentsOptions): RemoteDocuments & { clear(): void } {
  const { fetcher } = options;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const negativeTtlMs = options.negativeTtlMs ?? 30_000;
  const now = options.now ?? (() => Date.now());
  const cache = entryLru<string, Cached>(options.maxEntries ?? 500);
  const remember = (url: string, outcome: Outcome, forMs: number) => {
    if (forMs > 0) cache.set(url, { ...outcome, expiresAt: now() + forMs });
  };
  const inFlight = new Map<string, Promise<unknown>>();

  async function load(url: string, fresh = false): Promise<unknown> {
    let hit = fresh ? undefined : cache.get(url);
    if (hit && hit.expiresAt <= now()) {
      cache.delete(url);
      hit = undefined;
    }
    if (hit) {
      if (hit.ok) return structuredClone(hit.value);
      throw hit.error;
    }
    const pending = fresh ? undefined : inFlight.get(url);
    if (pending) return structuredClone(await pending);
    const box: { p?: Promise<unknown> } = {};
    const p: Promise<unknown> = (async () => {
      try {
        const value = await fetcher.fetchJson(url);
        remember(url, { ok: true, value }, ttlMs);
        return value;
      } catch (err) {
        const error = err instanceof FetchError ? err : new FetchError('NETWORK', errorMessage(err));
        remember(url, { ok: false, error }, negativeTtlMs);
        throw error;
      } finally {
        if (inFlight.get(url) === box.p) inFlight.delete(url);
      }
    })();
    box.p = p;
    if (!fresh) inFlight.set(url, p);
    return structuredClone(await p);
  }

  return {
    async resolveDidWeb(did) {
      const doc = await load(didWebDocumentUrl(did, fetcher));
      const id = (doc as { id?: unknown } | null)?.id;
      // did:web "Read" step 7: the fetched document must be the DID's own.
      if (id !== did) throw new FetchError('BAD_JSON', `DID document id ${JSON.stringify(id)} is not ${did}`);
      return doc;
    },
    fetchControllerDocument: (url) => load(withoutFragment(url)),
    fetchStatusList: (url) => load(withoutFragment(url)),
    fetchDocument: (url, options) => load(withoutFragment(url), options?.fresh === true),
    clear: () => cache.clear(),
  };
}

/** Limits how many remote documents one verification may request (cache hits included). */
export function withFetchBudget(documents: RemoteDocuments, budget: number): RemoteDocuments {
  let remaining = budget;
  const spend = () => {
    if (remaining <= 0) throw new FetchError('BUDGET_EXCEEDED', `more than ${budget} remote documents needed for one verification`);
    remaining--;
  };
  return {
    resolveDidWeb: async (did) => (spend(), documents.resolveDidWeb(did)),
    fetchControllerDocument: async (url) => (spend(), documents.fetchControllerDocument(url)),
    fetchStatusList: async (url) => (spend(), documents.fetchStatusList(url)),
    fetchDocument: async (url, options) => (spend(), documents.fetchDocument(url, options)),
  };
}
