import type { RequestHandler, Response } from 'express';
import { AppError } from '@cred/runtime';
import type { ApiKeyPrincipal } from './api-key-auth.js';

/**
 * Who acts for which organization on an organization's routes. The same routers (badges,
 * revocation, bulk issuance, webhooks) serve two callers, and the authentication in front of
 * them sets this once:
 * - a member's session under `/api/organizations/{orgId}` (memberScope, after requireMembership);
 * - an API key under `/api/v1` (apiKeyScope, after apiKeyAuth).
 * Routers read the organization, the actor and their own base path from here, never from the
 * request, so a route cannot act for an organization its caller does not belong to.
 */
export interface OrgScope {
  organizationId: string;
  /** Recorded with what the call changes (revokedBy, requestedBy): `user:<id>` or `api_key:<id>`. */
  actor: string;
  /** Whose Idempotency-Key a key is: the API key's id, or `user:<id>` (scoped to the organization too). */
  idempotencyPrincipal: string;
  /** Where this caller finds the organization's resources: `/api/v1` or `/api/organizations/{orgId}` (for Location). */
  basePath: string;
}

/** The scope of the request; a router mounted without one names nothing (404), as defence in depth. */
export function scopeOf(res: Response): OrgScope {
  const scope = res.locals.scope as OrgScope | undefined;
  if (!scope || scope.organizationId === '') throw AppError.notFound('Resource not found');
  return scope;
}

/** Member routes: mount after requireSession and requireMembership (which set orgId and userId). */
export function memberScope(): RequestHandler {
  return (_req, res, next) => {
    const organizationId = String(res.locals.orgId ?? '');
    const userId = String(res.locals.userId ?? '');
    if (organizationId === '' || userId === '') throw AppError.notFound('Resource not found');
    const scope: OrgScope = {
      organizationId,
      actor: `user:${userId}`,
      idempotencyPrincipal: `user:${userId}`,
      basePath: `/api/organizations/${organizationId}`,
    };
    res.locals.scope = scope;
    next();
  };
}

/** /api/v1: mount after apiKeyAuth (which sets the principal: the key and its organization). */
export function apiKeyScope(): RequestHandler {
  return (_req, res, next) => {
    const principal = res.locals.principal as ApiKeyPrincipal | undefined;
    if (!principal) throw AppError.unauthorized('Missing or invalid API key');
    const scope: OrgScope = {
      organizationId: principal.organizationId,
      actor: `api_key:${principal.keyId}`,
      idempotencyPrincipal: principal.keyId,
      basePath: '/api/v1',
    };
    res.locals.scope = scope;
    next();
  };
}
