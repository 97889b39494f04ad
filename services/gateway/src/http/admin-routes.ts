import type { Redis } from 'ioredis';
import { AppError, type Clock, type Logger } from '@cred/runtime';
import { createAdminSessions, type Operator } from '../auth/admin-session.js';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { Upstreams } from '../upstream/clients.js';
import { operatorAttemptsKey, requirePlatformAdmin } from './admin-auth.js';
import { pathId, requestIdOf } from './body.js';
import { validate, validateQuery } from './validate.js';
import { AdminSessionBody, SetPlanBody } from '../openapi/schemas/accounts.js';
import { failedAttemptLimit, type LimitDeps } from './rate-limit.js';
import { invalidatePrincipals } from '../auth/principal-cache.js';
import { organizationView } from './views.js';
import { generateSigningKeys } from './signing-keys.js';
import { OrganizationListQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

export interface AdminRouteDeps extends LimitDeps {
  /** PLATFORM_ADMIN_TOKEN's operator and PLATFORM_ADMIN_TOKENS' (config.ts platformOperators). */
  operators: readonly Operator[];
  upstreams: Upstreams;
  cache: PrincipalCache;
  logger: Logger;
  clock: Clock;
  baseUrl: string;
  authPer15Minutes: number;
  /** The gateway's Redis: ended operator sessions are remembered there (auth/admin-session.ts). */
  redis: Redis;
}

/** /api/admin/...: platform operator routes, authenticated by an operator's token (admin-auth.ts). */
export function adminRoutes(deps: AdminRouteDeps): DocumentedRouter {
  const { upstreams } = deps;
  const router = documentedRouter(['/api/admin']);
  const admin = createAdminSessions({ operators: deps.operators, clock: deps.clock, baseUrl: deps.baseUrl, redis: deps.redis });
  const limited = failedAttemptLimit(deps, 'admin-session', deps.authPer15Minutes);
  const guard = requirePlatformAdmin(admin, limited);

  // The operator console's cookie session (docs/decisions.md, "Browser sessions and CSRF"). Wrong
  // tokens count against the client's failed-attempt limit, like failed logins.
  router.post('/session', async (req, res) => {
    const { token } = validate(AdminSessionBody, req.body ?? {});
    const answer = await limited(res, operatorAttemptsKey(req.ip), async () => {
      const operator = admin.operatorFor(token);
      if (!operator) throw AppError.unauthorized();
      return admin.start(res, operator);
    });
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(answer);
  });
  router.get('/session', async (req, res) => {
    const answer = await admin.describe(req);
    if (!answer) throw AppError.unauthorized();
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(answer);
  });
  router.delete('/session', guard, async (req, res) => {
    await admin.end(req, res);
    res.status(204).end();
  });

  router.use(guard);

  router.get('/organizations', async (req, res) => {
    const { status, limit, offset } = validateQuery(OrganizationListQuery, req.query);
    const r = await upstreams.accounts.ListOrganizations({ status: status ?? '', limit, offset }, { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.organizations ?? []).map(organizationView), pagination: { limit, offset, total: r.total } });
  });

  for (const action of ['approve', 'suspend', 'reinstate'] as const) {
    const rpc = ({ approve: 'ApproveOrganization', suspend: 'SuspendOrganization', reinstate: 'ReinstateOrganization' } as const)[action];
    router.post(`/organizations/{orgId}/${action}`, async (req, res) => {
      const org = await upstreams.accounts[rpc]({ organization_id: pathId(req, 'orgId') }, { requestId: requestIdOf(res), actor: String(res.locals.actor) });
      await invalidatePrincipals(deps.cache, deps.logger);
      // Read-your-writes on every verification surface (issue 39): verification reads the record
      // from accounts and every replica drops its copies before the operator hears 200. Should
      // verification not answer, the change stands in accounts (its event follows), and the 503
      // says so: repeating the action is a no-op there and asks verification again.
      await upstreams.verification.RefreshOrganization({ organization_id: org.id }, { requestId: requestIdOf(res) });
      res.status(200).json(organizationView(org));
    });
  }

  router.patch('/organizations/{orgId}', async (req, res) => {
    const orgId = pathId(req, 'orgId');
    const { plan } = validate(SetPlanBody, req.body ?? {});
    const org = await upstreams.accounts.SetPlan({ organization_id: orgId, plan }, { requestId: requestIdOf(res), actor: String(res.locals.actor) });
    await invalidatePrincipals(deps.cache, deps.logger);
    res.status(200).json(organizationView(org));
  });

  // Generates the organization's signing keys: gateway -> issuance -> signing, flag set in accounts.
  router.post('/organizations/{orgId}/signing-keys', async (req, res) => {
    const r = await generateSigningKeys(deps, pathId(req, 'orgId'), String(res.locals.actor), requestIdOf(res));
    res.status(r.status).json(r.body);
  });
  return router;
}
