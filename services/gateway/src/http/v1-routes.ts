import type { Upstreams } from '../upstream/clients.js';
import type { ApiKeyPrincipal } from './api-key-auth.js';
import { requestIdOf } from './body.js';
import { organizationView } from './views.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

/**
 * /api/v1 routes owned by the accounts side of the gateway. Mounted after apiKeyAuth, so
 * `res.locals.principal` is the caller's key and organization.
 */
export function v1AccountRoutes(upstreams: Upstreams): DocumentedRouter {
  const router = documentedRouter(['/api/v1']);
  // The organization the API key acts for: lets a client check its key and plan.
  router.get('/organization', async (_req, res) => {
    const principal = res.locals.principal as ApiKeyPrincipal;
    const org = await upstreams.accounts.GetOrganization({ organization_id: principal.organizationId }, { requestId: requestIdOf(res) });
    res.status(200).json(organizationView(org));
  });
  return router;
}
