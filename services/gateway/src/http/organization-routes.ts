import { AppError, type Logger } from '@cred/runtime';
import type { Response } from 'express';
import { invalidatePrincipals, type PrincipalCache } from '../auth/principal-cache.js';
import type { SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { pathId, requestIdOf } from './body.js';
import { validate, validateQuery } from './validate.js';
import {
  CreateApiKeyBody,
  SigningKeyCompromisedBody,
  UpdateApiKeyBody,
  UpdateOrganizationBody,
} from '../openapi/schemas/accounts.js';
import { EmptyBody } from '../openapi/schemas/common.js';
import { requireMembership, requireSession } from './session-auth.js';
import { memberScope } from './org-scope.js';
import { enforceRole } from './role-permissions.js';
import { memberRoutes } from './member-routes.js';
import { forwardedIdempotency, forwardIdempotency, REPLAYED_HEADER } from './idempotency.js';
import { apiKeyView, organizationView } from './views.js';
import { requireConfirmedAddress } from './confirmed-address.js';
import { generateSigningKeys, parseKeyReference, signingKeyView } from './signing-keys.js';
import { actingCall } from './acting-call.js';
import { ApiKeyListQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';
import { failedAttemptLimit, signingKeyChangeLimit, type LimitDeps } from './rate-limit.js';

export interface OrganizationRouteDeps extends LimitDeps {
  /** Wrong passwords given to re-authenticate, per user (RATE_LIMIT_AUTH_PER_15_MINUTES). */
  authPer15Minutes: number;
  /** Rotations and compromise reports per organization in 24 hours (SIGNING_KEY_CHANGES_PER_DAY). */
  signingKeyChangesPerDay: number;
  upstreams: Upstreams;
  verifySession: SessionVerifier;
  cache: PrincipalCache;
  logger: Logger;
  /** Routers of other capabilities (badges, webhooks, analytics...) under the same member auth. */
  memberRoutes?: DocumentedRouter[];
}

/** /api/organizations/{orgId}/...: members manage their organization and its API keys (session JWT). */
export function organizationRoutes(deps: OrganizationRouteDeps): DocumentedRouter {
  const router = documentedRouter(['/api/organizations']);
  const { upstreams } = deps;
  const accounts = upstreams.accounts;
  const keyChanges = signingKeyChangeLimit(deps, deps.signingKeyChangesPerDay);
  const limitedReauth = failedAttemptLimit(deps, 'reauth', deps.authPer15Minutes);
  /**
   * Re-authentication for a grave action: the member's password, checked by accounts; wrong
   * passwords are counted per user like failed logins. A wrong one is 403 (not 401, which
   * would end the browser's session) with details.field = password.
   */
  const reauthenticate = async (res: Response, password: string) => {
    const userId = String(res.locals.userId);
    try {
      await limitedReauth(res, `reauth:${userId}`, () =>
        accounts.ConfirmPassword({ user_id: userId, password }, { requestId: requestIdOf(res), deadlineMs: 20_000 }),
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') throw AppError.forbidden('The password is not correct', { field: 'password' });
      throw err;
    }
  };
  // Who may do what: the role the session's memberships give (fresh from accounts on this
  // request), checked against the permission table before any router runs (role-permissions.ts).
  router.use('/:orgId', requireSession(deps.verifySession), requireMembership(upstreams), memberScope(), enforceRole());
  router.mount('/{orgId}', memberRoutes(upstreams, () => invalidatePrincipals(deps.cache, deps.logger)));
  for (const member of deps.memberRoutes ?? []) router.mount('/{orgId}', member);

  router.get('/{orgId}', async (_req, res) => {
    const org = await accounts.GetOrganization({ organization_id: String(res.locals.orgId) }, { requestId: requestIdOf(res) });
    res.status(200).json(organizationView(org));
  });

  router.patch('/{orgId}', async (req, res) => {
    const body = validate(UpdateOrganizationBody, req.body ?? {});
    const request: Record<string, unknown> = { organization_id: String(res.locals.orgId), actor_user_id: String(res.locals.userId) };
    if (body.name !== undefined) request.name = body.name;
    if (body.domain !== undefined) request.domain = body.domain ?? '';
    if (body.emailNotificationsEnabled !== undefined) request.email_notifications_enabled = body.emailNotificationsEnabled;
    if (body.recipientNameInCredentials !== undefined) request.recipient_name_in_credentials = body.recipientNameInCredentials;
    const org = await accounts.UpdateOrganization(request, actingCall(res));
    await invalidatePrincipals(deps.cache, deps.logger);
    res.status(200).json(organizationView(org));
  });

  router.post('/{orgId}/signing-keys', async (_req, res) => {
    const r = await generateSigningKeys(deps, String(res.locals.orgId), `user:${String(res.locals.userId)}`, requestIdOf(res));
    res.status(r.status).json(r.body);
  });

  router.get('/{orgId}/signing-keys', async (_req, res) => {
    const r = await upstreams.issuance.ListSigningKeys({ organization_id: String(res.locals.orgId) }, { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.keys ?? []).map(signingKeyView) });
  });

  // Idempotency-Key: issuance keeps the record with the rotation (a retried rotation rotates
  // once, and its retry is answered the first rotation's key; docs/decisions.md "Idempotency-Key").
  router.post('/{orgId}/signing-keys/rotate', forwardIdempotency('signing-keys.rotate'), async (req, res) => {
    validate(EmptyBody, req.body ?? {});
    const requestId = requestIdOf(res);
    const org = await accounts.GetOrganization({ organization_id: String(res.locals.orgId) }, { requestId });
    const r = await keyChanges(res, org.id, () =>
      upstreams.issuance.RotateSigningKey(
        {
          organization_id: org.id,
          organization_slug: org.slug,
          requested_by: `user:${String(res.locals.userId)}`,
          idempotency: forwardedIdempotency(res),
        },
        { requestId },
      ),
    );
    if (r.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    res.status(201).json(signingKeyView(r.key!));
  });

  router.post('/{orgId}/signing-keys/{key}/compromised', async (req, res) => {
    const { compromisedAt: at, password } = validate(SigningKeyCompromisedBody, req.body ?? {});
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(at) || Number.isNaN(Date.parse(at))) {
      throw AppError.validation('compromisedAt', 'compromisedAt must be an ISO 8601 date-time with a time zone');
    }
    const requestId = requestIdOf(res);
    const org = await accounts.GetOrganization({ organization_id: String(res.locals.orgId) }, { requestId });
    const sequence = parseKeyReference(String(req.params.key), org.slug);
    if (sequence === null) throw AppError.notFound('Signing key not found');
    await reauthenticate(res, password);
    const r = await keyChanges(res, org.id, () =>
      upstreams.issuance.ReportSigningKeyCompromised(
        {
          organization_id: org.id,
          organization_slug: org.slug,
          sequence,
          compromised_at: new Date(at).toISOString(),
          requested_by: `user:${String(res.locals.userId)}`,
        },
        { requestId },
      ),
    );
    res.status(200).json({ key: signingKeyView(r.key!), currentKey: signingKeyView(r.current_key!), rotated: r.rotated });
  });

  router.post('/{orgId}/api-keys', requireConfirmedAddress, async (req, res) => {
    const { name, rateLimitPerMinute: rate } = validate(CreateApiKeyBody, req.body ?? {});
    const r = await accounts.CreateApiKey(
      { organization_id: String(res.locals.orgId), name, rate_limit_per_minute: rate ?? 0, actor_user_id: String(res.locals.userId) },
      actingCall(res),
    );
    res.status(201).setHeader('Cache-Control', 'no-store');
    res.json({ ...apiKeyView(r.api_key!), key: r.secret });
  });

  router.get('/{orgId}/api-keys', async (req, res) => {
    const { includeRevoked } = validateQuery(ApiKeyListQuery, req.query);
    const r = await accounts.ListApiKeys({ organization_id: String(res.locals.orgId), include_revoked: includeRevoked, actor_user_id: String(res.locals.userId) }, { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.api_keys ?? []).map(apiKeyView) });
  });

  router.patch('/{orgId}/api-keys/{keyId}', async (req, res) => {
    const keyId = pathId(req, 'keyId');
    const body = validate(UpdateApiKeyBody, req.body ?? {});
    const request: Record<string, unknown> = { organization_id: String(res.locals.orgId), key_id: keyId, actor_user_id: String(res.locals.userId) };
    if (body.name !== undefined) request.name = body.name;
    if (body.rateLimitPerMinute !== undefined) request.rate_limit_per_minute = body.rateLimitPerMinute;
    const key = await accounts.UpdateApiKey(request, actingCall(res));
    await invalidatePrincipals(deps.cache, deps.logger);
    res.status(200).json(apiKeyView(key));
  });

  router.delete('/{orgId}/api-keys/{keyId}', async (req, res) => {
    const keyId = pathId(req, 'keyId');
    await accounts.RevokeApiKey({ organization_id: String(res.locals.orgId), key_id: keyId, actor_user_id: String(res.locals.userId) }, actingCall(res));
    await invalidatePrincipals(deps.cache, deps.logger);
    res.status(204).end();
  });

  return router;
}
