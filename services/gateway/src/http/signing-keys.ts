import type { Logger } from '@cred/runtime';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { Upstreams } from '../upstream/clients.js';
import { invalidatePrincipals } from './organization-routes.js';

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
