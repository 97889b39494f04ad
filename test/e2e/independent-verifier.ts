// Digital Bazaar's Data Integrity stack as another platform's verifier would run it against ours:
// the bundled JSON-LD contexts, and our did.json and revocation lists fetched from the running
// platform over HTTP (never cached here). The libraries are dev dependencies of the repository
// root, loaded only by the end-to-end tests that use this.
import { documentLoader } from '@cred/ob3';

type Loaded = { contextUrl: string | null; documentUrl: string; document: unknown };

interface Vc {
  verifyCredential(o: unknown): Promise<{ verified: boolean; error?: unknown }>;
}
interface Bsl {
  checkStatus(o: unknown): Promise<{ verified: boolean; error?: Error; results?: Array<{ status: boolean }> }>;
}

function didWebUrl(did: string): string {
  const [host, ...path] = did.slice('did:web:'.length).split(':');
  return `http://${decodeURIComponent(host!)}/${path.map(decodeURIComponent).join('/')}/did.json`;
}

export interface IndependentResult {
  /** The proof and, when the credential names one, its revocation list (itself verified) check out. */
  verified: boolean;
  /** The credential's bit in its revocation list; undefined when it names none. */
  revoked: boolean | undefined;
  error: string;
}

/** `baseUrl`: the platform's BASE_URL (what it writes in its documents), reachable from the test. */
export async function independentVerifier(baseUrl: string) {
  const vc = (await import('@digitalbazaar/vc' as string)) as Vc;
  const bsl = (await import('@digitalbazaar/vc-bitstring-status-list' as string)) as Bsl;
  const { DataIntegrityProof } = (await import('@digitalbazaar/data-integrity' as string)) as { DataIntegrityProof: new (o: unknown) => unknown };
  const { cryptosuite } = (await import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite' as string)) as { cryptosuite: unknown };
  const suite = new DataIntegrityProof({ cryptosuite });
  /** Every document fetched from the platform, in order. */
  const fetched: string[] = [];

  async function loader(url: string): Promise<Loaded> {
    const httpUrl = url.startsWith('did:web:') ? didWebUrl(url.split('#')[0]!) : url.split('#')[0]!;
    if (url.startsWith('did:web:') || httpUrl.startsWith(baseUrl)) {
      fetched.push(httpUrl);
      const res = await fetch(httpUrl, { headers: { accept: 'application/json' } });
      if (res.status !== 200) throw new Error(`${httpUrl}: ${res.status}`);
      const doc = (await res.json()) as { verificationMethod?: Array<{ id: string }> };
      if (url.includes('#') && url.startsWith('did:web:')) {
        const vm = (doc.verificationMethod ?? []).find((m) => m.id === url);
        if (!vm) throw new Error(`no verification method ${url}`);
        return { contextUrl: null, documentUrl: url, document: { '@context': 'https://w3id.org/security/multikey/v1', ...vm } };
      }
      return { contextUrl: null, documentUrl: url, document: doc };
    }
    const r = await documentLoader(url);
    return { ...r, document: structuredClone(r.document) };
  }

  const checkStatus = (o: object) => bsl.checkStatus({ ...o, suite, documentLoader: loader });

  /** The proof alone, with the status step vc runs for a credential that names a list. */
  const verifyProof = (credential: unknown) => vc.verifyCredential({ credential, suite, documentLoader: loader, checkStatus });

  /** The proof, and the revocation status read from our list (the list's own proof verified too). */
  async function verify(credential: unknown): Promise<IndependentResult> {
    const v = await verifyProof(credential);
    const hasStatus = typeof credential === 'object' && credential !== null && 'credentialStatus' in credential;
    const s = hasStatus ? await bsl.checkStatus({ credential, suite, documentLoader: loader, verifyBitstringStatusListCredential: true }) : undefined;
    return {
      verified: v.verified && (s?.verified ?? true),
      revoked: s?.results?.[0]?.status,
      error: String((v.error as Error | undefined)?.message ?? v.error ?? s?.error?.message ?? ''),
    };
  }

  return { verify, verifyProof, loader, fetched };
}
