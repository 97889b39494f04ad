/**
 * Turns a proof's verificationMethod into a public key AND says whether that key is shown to
 * belong to a controller (DECISIONS.md §5, OB3-NOTES §3.3):
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
 */
import { findVerificationMethodKey, publicKeyFromDidKey, publicKeyFromVerificationMethodId, splitDidUrl } from '@cred/ob3';
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
