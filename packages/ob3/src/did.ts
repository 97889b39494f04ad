/**
 * did:web and did:key helpers, and selecting a key from a controller (DID) document.
 *
 * Our issuers are `did:web:<host>:issuers:<slug>` (docs/contract.md "Identifiers and URLs"), resolving to
 * `{base_url}/issuers/<slug>/did.json`; keys are Multikey VMs `<did>#key-<n>` referenced from
 * `assertionMethod` as absolute strings (what the 1EdTech validator requires).
 */
import { Ob3Error } from './errors.js';
import { decodeEd25519PublicKeyMultibase, encodeEd25519PublicKeyMultibase } from './multikey.js';

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const HOST_LABELS = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** did:web of an organization's issuer. A port is written %3A; a base path becomes extra segments. */
export function didWebForOrg(baseUrl: string, slug: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Ob3Error('INVALID_INPUT', `baseUrl is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Ob3Error('INVALID_INPUT', 'baseUrl must be http(s)');
  if (!HOST_LABELS.test(url.hostname)) throw new Ob3Error('INVALID_INPUT', `baseUrl host cannot be used in did:web: ${url.hostname}`);
  if (!SLUG.test(slug)) throw new Ob3Error('INVALID_INPUT', `invalid organization slug: ${slug}`);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  // URL.pathname is already percent-encoded; ':' is the did:web separator so it must be encoded too.
  const pathSegments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replaceAll(':', '%3A'));
  return ['did', 'web', host, ...pathSegments, 'issuers', slug].join(':');
}

/** Splits a DID URL into the DID and the fragment (without '#'). */
export function splitDidUrl(didUrl: string): { did: string; fragment: string | null } {
  const i = didUrl.indexOf('#');
  return i < 0 ? { did: didUrl, fragment: null } : { did: didUrl.slice(0, i), fragment: didUrl.slice(i + 1) };
}

/**
 * URL of the DID document for a did:web (did:web spec "Read"): https only unless `allowHttp`
 * (local development / explicitly allowed hosts; that policy belongs to the caller).
 */
export function didWebToUrl(did: string, options: { allowHttp?: boolean } = {}): string {
  if (typeof did !== 'string' || !did.startsWith('did:web:')) throw new Ob3Error('INVALID_DID', 'not a did:web');
  if (/[#?/\s]/.test(did))
    throw new Ob3Error('INVALID_DID', 'did:web must not contain "/", "?", "#" or whitespace (pass the DID, not a DID URL)');
  const parts = did.slice('did:web:'.length).split(':');
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    throw new Ob3Error('INVALID_DID', 'bad percent-encoding in did:web');
  }
  const [hostPort, ...path] = decoded;
  const m = /^([^:]+)(?::(\d{1,5}))?$/.exec(hostPort ?? '');
  if (!m || !HOST_LABELS.test(m[1]!.toLowerCase())) throw new Ob3Error('INVALID_DID', `bad did:web host: ${hostPort}`);
  if (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535)) throw new Ob3Error('INVALID_DID', 'bad did:web port');
  for (const seg of path) {
    if (seg === '' || seg === '.' || seg === '..' || /[/\\?#]/.test(seg))
      throw new Ob3Error('INVALID_DID', `bad did:web path segment: ${seg}`);
  }
  const scheme = options.allowHttp ? 'http' : 'https';
  const pathPart = path.length === 0 ? '.well-known' : path.map((s) => encodeURIComponent(s)).join('/');
  return `${scheme}://${m[1]!.toLowerCase()}${m[2] ? `:${m[2]}` : ''}/${pathPart}/did.json`;
}

export interface DidDocumentKey {
  /** Key number: the VM id is `<did>#key-<n>`. */
  n: number;
  publicKeyMultibase: string;
  /**
   * The instant the issuer reported the key compromised: published as the method's `revoked`
   * (W3C Controlled Identifiers v1.0, "Verification Methods"; defined by the Multikey context),
   * the time from which no proof by it is to be trusted. The method stays listed.
   */
  revoked?: Date | null;
}

export interface VerificationMethod {
  id: string;
  type: string;
  controller: string;
  publicKeyMultibase: string;
  /** XSD dateTimeStamp (UTC) from which proofs by this method are not to be trusted. */
  revoked?: string;
}

export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: VerificationMethod[];
  assertionMethod: string[];
}

export const DID_DOCUMENT_CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'];

/**
 * DID document for our issuers. Only `assertionMethod` is granted: the keys exist to sign
 * credentials, not to authenticate as the organization.
 */
export function buildDidDocument(did: string, keys: readonly DidDocumentKey[]): DidDocument {
  didWebToUrl(did); // validates the DID
  const seen = new Set<number>();
  const verificationMethod = keys.map((k) => {
    if (!Number.isSafeInteger(k.n) || k.n < 1) throw new Ob3Error('INVALID_INPUT', `key number must be a positive integer: ${k.n}`);
    if (seen.has(k.n)) throw new Ob3Error('INVALID_INPUT', `duplicate key number ${k.n}`);
    seen.add(k.n);
    decodeEd25519PublicKeyMultibase(k.publicKeyMultibase); // throws INVALID_KEY on a bad key
    const vm: VerificationMethod = { id: `${did}#key-${k.n}`, type: 'Multikey', controller: did, publicKeyMultibase: k.publicKeyMultibase };
    if (k.revoked) vm.revoked = new Date(k.revoked).toISOString();
    return vm;
  });
  return {
    '@context': [...DID_DOCUMENT_CONTEXT],
    id: did,
    verificationMethod,
    assertionMethod: verificationMethod.map((vm) => vm.id),
  };
}

// ---------------------------------------------------------------------------------------------
// did:key (Ed25519 only) and fragment keys

export function didKeyFromPublicKey(publicKey: Uint8Array): string {
  return `did:key:${encodeEd25519PublicKeyMultibase(publicKey)}`;
}

/** Public key of a did:key DID or DID URL (`did:key:z6Mk…#z6Mk…`); the fragment must match. */
export function publicKeyFromDidKey(didOrDidUrl: string): Uint8Array {
  const { did, fragment } = splitDidUrl(didOrDidUrl);
  if (!did.startsWith('did:key:')) throw new Ob3Error('INVALID_DID', 'not a did:key');
  const id = did.slice('did:key:'.length);
  if (fragment !== null && fragment !== id) throw new Ob3Error('INVALID_DID', 'did:key fragment does not match the key');
  return decodeEd25519PublicKeyMultibase(id);
}

/**
 * Key material that can be read from the identifier alone: a did:key, or a VM id whose fragment
 * is a Multikey (`https://issuer.example/…#z6Mk…`, `did:web:…#z6Mk…`).
 * This proves integrity only, NOT that the issuer controls the key (docs/contract.md "Verification").
 */
export function publicKeyFromVerificationMethodId(verificationMethod: string): { publicKey: Uint8Array; source: 'did:key' | 'fragment' } {
  if (verificationMethod.startsWith('did:key:')) return { publicKey: publicKeyFromDidKey(verificationMethod), source: 'did:key' };
  const { fragment } = splitDidUrl(verificationMethod);
  if (fragment && fragment.startsWith('z6Mk')) return { publicKey: decodeEd25519PublicKeyMultibase(fragment), source: 'fragment' };
  throw new Ob3Error('INVALID_KEY', `no key can be derived from ${verificationMethod} without its controller document`);
}

// ---------------------------------------------------------------------------------------------
// Controller documents

const KEY_TYPES = new Set(['Multikey', 'Ed25519VerificationKey2020']);

function absolutize(ref: string, base: string): string {
  return ref.startsWith('#') ? base + ref : ref;
}

/**
 * Selects and decodes the key `verificationMethodId` from an already fetched controller document
 * (CID "retrieve verification method"): the document id must be the VM URL without fragment, the
 * VM's controller must be the document, and the VM must be authorized for `purpose`, either
 * by reference (our form) or embedded (other platforms). Throws Ob3Error with the reason.
 */
export function findVerificationMethodKey(
  controllerDocument: unknown,
  verificationMethodId: string,
  purpose: 'assertionMethod' | 'authentication' = 'assertionMethod',
): Uint8Array {
  if (typeof controllerDocument !== 'object' || controllerDocument === null)
    throw new Ob3Error('INVALID_KEY', 'controller document is not an object');
  const doc = controllerDocument as Record<string, unknown>;
  const { did: controllerUrl } = splitDidUrl(verificationMethodId);
  if (doc['id'] !== controllerUrl)
    throw new Ob3Error('INVALID_KEY', `controller document id ${JSON.stringify(doc['id'])} does not match ${controllerUrl}`);
  const asArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const idOf = (v: unknown): string | undefined =>
    typeof v === 'string'
      ? absolutize(v, controllerUrl)
      : typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
        ? absolutize((v as { id: string }).id, controllerUrl)
        : undefined;
  const authorized = asArray(doc[purpose]);
  const reference = authorized.find((entry) => idOf(entry) === verificationMethodId);
  if (reference === undefined) throw new Ob3Error('INVALID_KEY', `${verificationMethodId} is not listed in ${purpose}`);
  const vm =
    typeof reference === 'object'
      ? reference
      : asArray(doc['verificationMethod']).find((v) => typeof v === 'object' && idOf(v) === verificationMethodId);
  if (typeof vm !== 'object' || vm === null) throw new Ob3Error('INVALID_KEY', `verification method ${verificationMethodId} not found`);
  const method = vm as Record<string, unknown>;
  if (typeof method['controller'] !== 'string' || absolutize(method['controller'], controllerUrl) !== controllerUrl) {
    throw new Ob3Error('INVALID_KEY', 'verification method controller does not match the controller document');
  }
  if (typeof method['type'] !== 'string' || !KEY_TYPES.has(method['type']))
    throw new Ob3Error('INVALID_KEY', `unsupported verification method type ${JSON.stringify(method['type'])}`);
  if (typeof method['publicKeyMultibase'] !== 'string') throw new Ob3Error('INVALID_KEY', 'verification method has no publicKeyMultibase');
  return decodeEd25519PublicKeyMultibase(method['publicKeyMultibase']);
}
