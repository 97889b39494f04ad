import type { Knex } from '@cred/db';
import { buildDidDocument, didWebForOrg, type DidDocument } from '@cred/ob3';
import { issuerKeyStore } from '../db/issuer-key-store.js';

const dids = new Map<string, string | null>();

/** The issuer's did:web, or null when the slug cannot form one (then nothing can be issued by it). Memoized. */
export function issuerDid(baseUrl: string, slug: string): string | null {
  const key = `${baseUrl} ${slug}`;
  const known = dids.get(key);
  if (known !== undefined) return known;
  let did: string | null;
  try {
    did = didWebForOrg(baseUrl, slug);
  } catch {
    did = null;
  }
  if (dids.size >= 10_000) dids.clear();
  dids.set(key, did);
  return did;
}

/**
 * The DID document we publish at /issuers/{slug}/did.json: every non-revoked key of the
 * organization. Verification resolves keys from this same document, so what we check is
 * exactly what any outside verifier would fetch. A key reported compromised stays listed (what
 * it signed before still needs it) and carries `revoked` with the reported instant (Controlled
 * Identifiers v1.0), so that other verifiers can know the cutoff too (docs/decisions.md
 * "Compromised keys: what a verifier can trust").
 */
export async function didDocumentForSlug(db: Knex, baseUrl: string, slug: string): Promise<DidDocument | null> {
  const did = issuerDid(baseUrl, slug);
  if (!did) return null;
  const keys = await issuerKeyStore.listPublishedBySlug(db, slug);
  if (keys.length === 0) return null;
  return buildDidDocument(
    did,
    keys.map((k) => ({ n: k.sequence, publicKeyMultibase: k.publicKeyMultibase, revoked: k.compromisedAt })),
  );
}
