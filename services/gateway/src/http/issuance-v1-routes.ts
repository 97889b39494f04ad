import { Router } from 'express';
import type { Upstreams } from '../upstream/clients.js';
import type { ApiKeyPrincipal } from './api-key-auth.js';
import { pathId, requestIdOf } from './body.js';
import { badgeJson, credentialJson, listBadgesJson } from './badge-routes.js';
import { idempotency, type IdempotencyDeps } from './idempotency.js';
import { issueCredentialHandler } from './issue-credential.js';
import { listCredentialsJson } from './credential-routes.js';

/**
 * Badge reads and credential issue/read under /api/v1, mounted by the lead after API-key auth
 * (`res.locals.principal` is the caller's key and organization; plan, approval and key checks
 * are done there).
 *
 * `GET /credentials/{credentialId}` takes the UUID only (SPEC.md); a CRD- id or any other
 * non-UUID gives 404 NOT_FOUND, like an id of another organization.
 *
 * With `idempotency` (app.ts always passes it), `POST /credentials` honours the Idempotency-Key
 * header (./idempotency.ts); route tests that leave it out get the header ignored.
 */
export function issuanceV1Routes(upstreams: Pick<Upstreams, 'issuance'>, options: { idempotency?: IdempotencyDeps } = {}): Router {
  const router = Router();
  const issuance = upstreams.issuance;
  const principalOf = (res: { locals: Record<string, unknown> }) => res.locals.principal as ApiKeyPrincipal;

  router.get('/badges', async (req, res) => {
    res.status(200).json(await listBadgesJson(issuance, principalOf(res).organizationId, req, requestIdOf(res)));
  });

  router.get('/badges/:badgeId', async (req, res) => {
    const badge = await issuance.GetBadge(
      { organization_id: principalOf(res).organizationId, badge_id: pathId(req, 'badgeId') },
      { requestId: requestIdOf(res) },
    );
    res.status(200).json(badgeJson(badge));
  });

  const issueIdempotency = options.idempotency ? [idempotency(options.idempotency, 'credentials.issue')] : [];
  router.post(
    '/credentials',
    ...issueIdempotency,
    issueCredentialHandler(issuance, (res) => {
      const principal = principalOf(res);
      return { organizationId: principal.organizationId, issuedBy: `api_key:${principal.keyId}`, location: (id) => `/api/v1/credentials/${id}` };
    }),
  );

  // Newest first (issuanceDate desc, id desc); status as of now; exact pagination.total.
  router.get('/credentials', async (req, res) => {
    res.status(200).json(await listCredentialsJson(issuance, principalOf(res).organizationId, req, requestIdOf(res)));
  });

  router.get('/credentials/:credentialId', async (req, res) => {
    const c = await issuance.GetCredential(
      { organization_id: principalOf(res).organizationId, credential_uuid: pathId(req, 'credentialId') },
      { requestId: requestIdOf(res) },
    );
    res.status(200).json({ ...credentialJson(c), ob3Credential: JSON.parse(c.ob3_credential_json) as unknown });
  });

  return router;
}
