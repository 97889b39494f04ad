import type { Request } from 'express';
import type { Upstreams } from '../upstream/clients.js';
import { pathId, requestIdOf } from './body.js';
import { credentialJson } from './badge-routes.js';
import type { CredentialJson } from '../openapi/schemas/credentials.js';
import { forwardIdempotency } from './idempotency.js';
import { issueCredentialHandler } from './issue-credential.js';
import { listCredentialsJson, revokeHandler } from './credential-routes.js';
import { scopeOf } from './org-scope.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

/** A /api/v1 credential path value: the UUID only (docs/contract.md); anything else names nothing. */
const credentialUuid = (req: Request): string => pathId(req, 'credentialId');

/**
 * Credentials under /api/v1 (issue, list, read, revoke), mounted after API-key auth and its
 * organization scope (./org-scope.ts; plan, approval and key checks are done there). Badges,
 * bulk issuance and webhooks under /api/v1 are the member routers, mounted with the same scope.
 *
 * `GET /credentials/{credentialId}` takes the UUID only (docs/contract.md); a CRD- id or any other
 * non-UUID gives 404 NOT_FOUND, like an id of another organization. So does `DELETE`.
 *
 * `POST /credentials` honours the Idempotency-Key header: the gateway passes the scoped key and
 * fingerprint on, issuance keeps the record with the issue (./idempotency.ts, forwardIdempotency).
 */
export function issuanceV1Routes(upstreams: Pick<Upstreams, 'issuance'>): DocumentedRouter {
  const router = documentedRouter(['/api/v1']);
  const issuance = upstreams.issuance;

  router.post('/credentials', forwardIdempotency('credentials.issue'), issueCredentialHandler(issuance));

  // Newest first (issuanceDate desc, id desc); status as of now; exact pagination.total.
  router.get('/credentials', async (req, res) => {
    res.status(200).json(await listCredentialsJson(issuance, scopeOf(res).organizationId, req, requestIdOf(res)));
  });

  router.get('/credentials/{credentialId}', async (req, res) => {
    const c = await issuance.GetCredential(
      { organization_id: scopeOf(res).organizationId, credential_uuid: credentialUuid(req) },
      { requestId: requestIdOf(res) },
    );
    const credential: CredentialJson = { ...credentialJson(c), ob3Credential: JSON.parse(c.ob3_credential_json) as Record<string, unknown> };
    res.status(200).json(credential);
  });

  router.delete('/credentials/{credentialId}', revokeHandler(issuance, credentialUuid));

  return router;
}
