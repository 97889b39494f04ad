import type { Logger } from '@cred/runtime';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { Upstreams } from '../upstream/clients.js';
import { invalidatePrincipals } from '../auth/principal-cache.js';
import type { SigningKeyJson } from '../openapi/schemas/accounts.js';

export interface SigningKeysResult {
  status: 200 | 201;
  body: { keyId: string; publicKeyMultibase: string; created: boolean };
}

/**
 * "Generate signing keys" for an organization (member route and admin route alike):
 * gateway -> issuance -> signing creates the key pair (idempotent), then the organization's
 * `signingKeysGenerated` flag is set in accounts and cached principals are retired, so the
 * next /api/v1 call sees it at once.
 */
export async function generateSigningKeys(
  deps: { upstreams: Upstreams; cache: PrincipalCache; logger: Logger },
  organizationId: string,
  requestedBy: string,
  requestId: string,
): Promise<SigningKeysResult> {
  const { upstreams } = deps;
  const org = await upstreams.accounts.GetOrganization({ organization_id: organizationId }, { requestId });
  const result = await upstreams.issuance.GenerateSigningKeys(
    { organization_id: organizationId, organization_slug: org.slug, requested_by: requestedBy },
    { requestId },
  );
  if (!org.signing_keys_generated) {
    await upstreams.accounts.MarkSigningKeysGenerated({ organization_id: organizationId }, { requestId });
    await invalidatePrincipals(deps.cache, deps.logger);
  }
  return {
    status: result.created ? 201 : 200,
    body: { keyId: result.key_id, publicKeyMultibase: result.public_key_multibase, created: result.created },
  };
}

export function signingKeyView(k: {
  key_id: string;
  sequence: number;
  public_key_multibase: string;
  created_at: string;
  current: boolean;
  compromised_at?: string | null | undefined;
}): SigningKeyJson {
  return {
    keyId: k.key_id,
    sequence: k.sequence,
    publicKeyMultibase: k.public_key_multibase,
    createdAt: k.created_at,
    current: k.current,
    compromisedAt: k.compromised_at ?? null,
  };
}

/**
 * The key in the path of `.../signing-keys/{key}/compromised`: its number (`2`), `key-2`, or the
 * whole verification method id of this organization (`did:web:<host>:issuers:<slug>#key-2`,
 * URL-encoded). Anything else, or another organization's key id, names no key of ours: 404.
 */
export function parseKeyReference(value: string, organizationSlug: string): number | null {
  const m =
    /^(?:key-)?([1-9]\d{0,8})$/.exec(value) ??
    (value.startsWith('did:web:') && value.split('#')[0]!.endsWith(`:issuers:${organizationSlug}`) ? /#key-([1-9]\d{0,8})$/.exec(value) : null);
  return m ? Number(m[1]) : null;
}
