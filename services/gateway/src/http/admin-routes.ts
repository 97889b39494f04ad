import { Router } from 'express';
import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { requirePlatformAdmin } from './admin-auth.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/admin/...: platform operator routes, authenticated by PLATFORM_ADMIN_TOKEN. */
export function adminRoutes(adminToken: string, upstreams: Upstreams): Router {
  const router = Router();
  router.use(requirePlatformAdmin(adminToken));

  // Generates the organization's signing keys: gateway -> issuance -> signing.
  router.post('/organizations/:orgId/signing-keys', async (req, res) => {
    const orgId = String(req.params.orgId);
    if (!UUID_RE.test(orgId)) throw AppError.validation('orgId', 'orgId must be a UUID');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const slug = body.organizationSlug;
    if (typeof slug !== 'string' || !/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/.test(slug)) {
      throw AppError.validation('organizationSlug', 'organizationSlug must be a URL-safe slug');
    }
    const result = await upstreams.issuance.GenerateSigningKeys(
      { organization_id: orgId, organization_slug: slug, requested_by: 'platform-admin' },
      { requestId: String(res.locals.requestId) },
    );
    res.status(result.created ? 201 : 200).json({
      keyId: result.key_id,
      publicKeyMultibase: result.public_key_multibase,
      created: result.created,
    });
  });
  return router;
}
