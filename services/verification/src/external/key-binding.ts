/**
 * Turns a proof's verificationMethod into a public key AND says whether that key is shown to
 * belong to a controller (docs/contract.md "Verification", docs/standards.md "did:web and keys"):
 *
 * - `did:key:z6Mk…[#z6Mk…]`: self-certifying; the controller is the did:key itself.
 * - `did:web:…#frag`: the DID document is fetched (guarded); the VM must be listed under
 *   `assertionMethod` with the document as its controller (`findVerificationMethodKey`).
 * - `https://…#frag`: the same with the controller document at the URL without the fragment.
 * - If that document cannot be obtained or does not list the key, but the fragment itself is a
 *   Multikey (`#z6Mk…`), the fragment key is still used so that the signature can be reported,
 *   with `authenticated: false` (integrity only: anyone can sign with their own key and name
 *   any controller in the VM id).
 * - Anything else (other DID methods, other schemes, no scheme) cannot be resolved.
 *
 * `resolveJwsKey` does the same for a VC-JWT header `kid` and returns a KeyObject, so that a
 * controller document may also publish the key as `publicKeyJwk` (RSA, EC, OKP); the rules for
 * `authenticated` are exactly the ones above. `issuerBindingCheck` turns the bindings that signed
 * into the `issuer` check, for Data Integrity and VC-JWT alike.
 */
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import {
  ed25519PublicKeyFromRaw,
  findVerificationMethodKey,
  publicKeyFromDidKey,
  publicKeyFromVerificationMethodId,
  splitDidUrl,
} from '@cred/ob3';
import { errorMessage } from './errors.js';
import type { RemoteDocuments } from './remote-documents.js';

export interface KeyBinding {
  verificationMethod: string;
  source: 'did:key' | 'controller-document' | 'fragment';
  /** The DID / controller document URL the key belongs to (if authenticated) or claims to. */
  controller: string;
  /** The key is shown to belong to `controller`. */
  authenticated: boolean;
  publicKey: Uint8Array;
  /** Why the binding could not be confirmed. */
  note?: string;
}

export class KeyResolutionError extends Error {
  override name = 'KeyResolutionError';
}

const URI = /^[a-z][a-z0-9+.-]*:/i;

export async function resolveVerificationMethod(vm: string, documents: RemoteDocuments): Promise<KeyBinding> {
  if (typeof vm !== 'string' || !URI.test(vm)) {
    throw new KeyResolutionError(`verification method ${JSON.stringify(String(vm).slice(0, 80))} is not a URI`);
  }
  const { did: controller } = splitDidUrl(vm);
  if (vm.startsWith('did:key:')) {
    try {
      return { verificationMethod: vm, source: 'did:key', controller, authenticated: true, publicKey: publicKeyFromDidKey(vm) };
    } catch (err) {
      throw new KeyResolutionError(`bad did:key verification method: ${errorMessage(err)}`);
    }
  }
  let fetchDocument: () => Promise<unknown>;
  if (vm.startsWith('did:web:')) fetchDocument = () => documents.resolveDidWeb(controller);
  else if (/^https?:\/\//i.test(vm)) fetchDocument = () => documents.fetchControllerDocument(controller);
  else if (vm.startsWith('did:')) {
    throw new KeyResolutionError(`unsupported DID method ${vm.split(':', 2).join(':')} (supported: did:key, did:web)`);
  } else {
    throw new KeyResolutionError(`unsupported verification method scheme ${vm.split(':', 1)[0]}: (supported: did:key, did:web, https)`);
  }

  let note: string;
  try {
    const document = await fetchDocument();
    const publicKey = findVerificationMethodKey(document, vm, 'assertionMethod');
    return { verificationMethod: vm, source: 'controller-document', controller, authenticated: true, publicKey };
  } catch (err) {
    note = `controller document of ${controller}: ${errorMessage(err)}`;
  }
  let fragmentKey: Uint8Array;
  try {
    fragmentKey = publicKeyFromVerificationMethodId(vm).publicKey;
  } catch {
    throw new KeyResolutionError(`cannot resolve ${vm}: ${note}`);
  }
  return { verificationMethod: vm, source: 'fragment', controller, authenticated: false, publicKey: fragmentKey, note };
}

export function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

// ---------------------------------------------------------------------------------------------
// VC-JWT keys

export interface JwsKeyBinding {
  /** The header `kid`, or `JOSE header jwk` for a key carried in the header. */
  verificationMethod: string;
  source: KeyBinding['source'] | 'jose-header';
  controller: string;
  authenticated: boolean;
  key: KeyObject;
  /** Raw Ed25519 key (to compare with a status list's signer), or null for other key types. */
  ed25519: Uint8Array | null;
  note?: string;
}

/** JWK members that only private or symmetric keys have. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const MAX_JWK_MEMBER_LENGTH = 4096;

/** A public key from a JWK (header `jwk` or a document's `publicKeyJwk`); private keys are refused. */
export function publicKeyFromJwk(jwk: unknown): KeyObject {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) throw new KeyResolutionError('the JWK is not an object');
  const record = jwk as Record<string, unknown>;
  if (PRIVATE_JWK_MEMBERS.some((m) => m in record)) throw new KeyResolutionError('the JWK carries private or symmetric key material');
  const kty = record['kty'];
  if (kty !== 'RSA' && kty !== 'EC' && kty !== 'OKP') throw new KeyResolutionError(`unsupported JWK kty ${JSON.stringify(kty)}`);
  const members = kty === 'RSA' ? ['n', 'e'] : kty === 'EC' ? ['crv', 'x', 'y'] : ['crv', 'x'];
  const clean: Record<string, string> = { kty };
  for (const m of members) {
    const v = record[m];
    if (typeof v !== 'string' || v.length === 0 || v.length > MAX_JWK_MEMBER_LENGTH)
      throw new KeyResolutionError(`JWK member ${m} is missing or malformed`);
    clean[m] = v;
  }
  try {
    return createPublicKey({ key: clean as JsonWebKey, format: 'jwk' });
  } catch (err) {
    throw new KeyResolutionError(`the JWK is not a usable public key: ${errorMessage(err)}`);
  }
}

function rawEd25519(key: KeyObject): Uint8Array | null {
  if (key.asymmetricKeyType !== 'ed25519') return null;
  const x = key.export({ format: 'jwk' }).x;
  return typeof x === 'string' ? new Uint8Array(Buffer.from(x, 'base64url')) : null;
}

function fromEd25519(binding: KeyBinding): JwsKeyBinding {
  const { publicKey, ...rest } = binding;
  return { ...rest, key: ed25519PublicKeyFromRaw(publicKey), ed25519: publicKey };
}

/**
 * The key `kid` names in a controller document: listed for `assertionMethod` (by reference or
 * embedded), the document as its controller, and either `publicKeyJwk` or an Ed25519
 * `publicKeyMultibase` (the latter through `findVerificationMethodKey`, as for Data Integrity).
 */
function keyFromControllerDocument(document: unknown, kid: string): KeyObject {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw new KeyResolutionError('not an object');
  const doc = document as Record<string, unknown>;
  const { did: controllerUrl } = splitDidUrl(kid);
  if (doc['id'] !== controllerUrl)
    throw new KeyResolutionError(`controller document id ${JSON.stringify(doc['id'])} does not match ${controllerUrl}`);
  const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const absolute = (ref: string) => (ref.startsWith('#') ? controllerUrl + ref : ref);
  const idOf = (v: unknown): string | undefined =>
    typeof v === 'string'
      ? absolute(v)
      : typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
        ? absolute((v as { id: string }).id)
        : undefined;
  const reference = list(doc['assertionMethod']).find((entry) => idOf(entry) === kid);
  if (reference === undefined) throw new KeyResolutionError(`${kid} is not listed in assertionMethod`);
  const method =
    typeof reference === 'object' ? reference : list(doc['verificationMethod']).find((v) => typeof v === 'object' && idOf(v) === kid);
  if (typeof method !== 'object' || method === null) throw new KeyResolutionError(`verification method ${kid} not found`);
  const vm = method as Record<string, unknown>;
  if (typeof vm['controller'] !== 'string' || absolute(vm['controller']) !== controllerUrl) {
    throw new KeyResolutionError('verification method controller does not match the controller document');
  }
  if (vm['publicKeyJwk'] !== undefined) return publicKeyFromJwk(vm['publicKeyJwk']);
  return ed25519PublicKeyFromRaw(findVerificationMethodKey(document, kid, 'assertionMethod'));
}

/**
 * Resolves a VC-JWT header `kid` (did:key, did:web or https URL with a fragment) to a key and
 * says whether it is shown to belong to its controller (same rules as resolveVerificationMethod).
 */
export async function resolveJwsKey(kid: string, documents: RemoteDocuments): Promise<JwsKeyBinding> {
  if (!URI.test(kid)) throw new KeyResolutionError(`kid ${JSON.stringify(kid.slice(0, 80))} is not a URI`);
  if (kid.startsWith('did:key:')) return fromEd25519(await resolveVerificationMethod(kid, documents));
  const { did: controller, fragment } = splitDidUrl(kid);
  if ((kid.startsWith('did:web:') || /^https?:\/\//i.test(kid)) && !fragment) {
    throw new KeyResolutionError(`kid ${kid} names no verification method (a fragment is required)`);
  }
  let fetchDocument: () => Promise<unknown>;
  if (kid.startsWith('did:web:')) fetchDocument = () => documents.resolveDidWeb(controller);
  else if (/^https?:\/\//i.test(kid)) fetchDocument = () => documents.fetchControllerDocument(controller);
  else return fromEd25519(await resolveVerificationMethod(kid, documents)); // throws the same "unsupported" errors

  let note: string;
  try {
    const key = keyFromControllerDocument(await fetchDocument(), kid);
    return { verificationMethod: kid, source: 'controller-document', controller, authenticated: true, key, ed25519: rawEd25519(key) };
  } catch (err) {
    note = `controller document of ${controller}: ${errorMessage(err)}`;
  }
  let fragmentKey: Uint8Array;
  try {
    fragmentKey = publicKeyFromVerificationMethodId(kid).publicKey;
  } catch {
    throw new KeyResolutionError(`cannot resolve ${kid}: ${note}`);
  }
  return {
    verificationMethod: kid,
    source: 'fragment',
    controller,
    authenticated: false,
    key: ed25519PublicKeyFromRaw(fragmentKey),
    ed25519: fragmentKey,
    note,
  };
}

/** A key from the JOSE header `jwk`: integrity only, it binds nothing to anyone (docs/contract.md "Verification"). */
export function headerJwkBinding(jwk: unknown, note?: string): JwsKeyBinding {
  const key = publicKeyFromJwk(jwk);
  return {
    verificationMethod: 'JOSE header jwk',
    source: 'jose-header',
    controller: '',
    authenticated: false,
    key,
    ed25519: rawEd25519(key),
    ...(note ? { note } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The `issuer` check

type BindingFacts = Pick<JwsKeyBinding, 'verificationMethod' | 'source' | 'controller' | 'authenticated' | 'note'>;

/**
 * `issuerAuthenticated` and the `issuer` check message from the bindings of the keys whose
 * signatures verified: the issuer is authenticated when one of them is authenticated for exactly
 * the issuer id.
 */
export function issuerBindingCheck(used: readonly BindingFacts[], issuerId: string | null): { passed: boolean; message: string } {
  const confirmed = used.find((b) => b.authenticated && b.controller === issuerId);
  if (confirmed) {
    return {
      passed: true,
      message:
        confirmed.source === 'did:key'
          ? `the issuer is the did:key ${issuerId} that signed`
          : `the controller document of ${issuerId} lists ${confirmed.verificationMethod} for assertionMethod`,
    };
  }
  if (!issuerId) return { passed: false, message: 'the issuer could not be confirmed: the credential names no issuer' };
  const b = used[0];
  const why = !b
    ? 'no key information'
    : b.source === 'jose-header'
      ? `the key was taken only from the JOSE header jwk, which anyone can set (integrity only)${b.note ? `; ${b.note}` : ''}`
      : !b.authenticated
        ? `the key was read only from the verification method id ${b.verificationMethod}; ${b.note ?? 'the controller document was not available'}`
        : `the key belongs to ${b.controller}, not to the issuer ${issuerId}`;
  return { passed: false, message: `the issuer could not be confirmed: ${why}` };
}
