import type { Knex } from '@cred/db';
import { isSlug } from '../domain/identifiers.js';
import type { LocalDocuments } from '../external/index.js';
import { didDocumentForSlug, issuerDid } from './issuer-documents.js';
import { parseStatusListUrl, type StatusListSource } from './status-lists.js';

/**
 * Our own did:web issuers for the external verifier (a baked badge of ours uploaded to
 * /api/verify/baked): `did:web:<BASE_URL host>:issuers:<slug>` is answered from the read model,
 * exactly as /issuers/<slug>/did.json would serve it, and our revocation lists
 * (`/issuers/<slug>/status/<n>`) exactly as that route serves them, without a network round trip
 * to ourselves. Any other DID or URL on our host names nothing we publish.
 */
export function ownDocuments(db: Knex, baseUrl: string, statusLists: Pick<StatusListSource, 'get'>): LocalDocuments {
  const prefix = (issuerDid(baseUrl, 'x') ?? 'did:web:invalid:issuers:x').slice(0, -1); // did:web:<host>:issuers:
  const didHost = prefix.split(':')[2]!.toLowerCase();
  const origin = new URL(baseUrl).origin.toLowerCase();
  return {
    owns(didOrUrl) {
      if (didOrUrl.startsWith('did:web:')) return (didOrUrl.split(':')[2] ?? '').split('#')[0]!.toLowerCase() === didHost;
      try {
        return new URL(didOrUrl).origin.toLowerCase() === origin;
      } catch {
        return false;
      }
    },
    async resolveDidWeb(did) {
      const bare = did.split('#')[0]!;
      if (!bare.toLowerCase().startsWith(prefix.toLowerCase())) return null;
      const slug = bare.slice(prefix.length);
      if (!isSlug(slug) || `${prefix}${slug}` !== bare) return null;
      return didDocumentForSlug(db, baseUrl, slug);
    },
    async fetchStatusList(url) {
      const parsed = parseStatusListUrl(baseUrl, url);
      return parsed ? ((await statusLists.get(parsed.slug, parsed.listNumber))?.document ?? null) : null;
    },
  };
}
