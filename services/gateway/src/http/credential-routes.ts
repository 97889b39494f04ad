import express, { type Request, type Response } from 'express';
import { AppError } from '@cred/runtime';
import type { SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';
import { credentialJson } from './badge-routes.js';
import { forwardIdempotency } from './idempotency.js';
import { scopeOf } from './org-scope.js';
import { requireConfirmedAddress } from './confirmed-address.js';
import { issueCredentialHandler } from './issue-credential.js';
import { validate, validateQuery } from './validate.js';
import {
  ClaimCredentialBody,
  credentialStatus,
  CredentialVisibilityBody,
  Quota,
  RevokeCredentialBody,
  type CredentialDetailJson,
} from '../openapi/schemas/credentials.js';
import { CredentialListQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';
import type { Static } from '@sinclair/typebox';

type IssuanceClient = Upstreams['issuance'];

/** A credential path value outside /api/v1: the UUID or the CRD- id (docs/contract.md "Requests and bodies"). */
const CREDENTIAL_REF = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|CRD-[0-9A-HJKMNP-TV-Z]{12})$/i;

/**
 * The list query of docs/contract.md "Requests and bodies": `limit` 1-100 (default 50), `offset` >= 0
 * (default 0), `badgeId` a UUID, `status` one of pending, valid, expired, revoked, and
 * `recipient`, an e-mail address or its beginning matched case-insensitively as a prefix
 * (docs/decisions.md, "Recipient filter"). Anything else is 400 naming the parameter; no clamping.
 */
export function credentialListQuery(req: Request): { limit: number; offset: number; badge_id?: string; status?: string; recipient?: string } {
  const { limit, offset, badgeId, status, recipient } = validateQuery(CredentialListQuery, req.query);
  return {
    limit,
    offset,
    ...(badgeId === undefined ? {} : { badge_id: badgeId.toLowerCase() }),
    ...(status === undefined ? {} : { status }),
    ...(recipient === undefined ? {} : { recipient: recipient.toLowerCase() }),
  };
}

export async function listCredentialsJson(issuance: IssuanceClient, organizationId: string, req: Request, requestId: string) {
  const r = await issuance.ListCredentials({ organization_id: organizationId, ...credentialListQuery(req) }, { requestId });
  return { data: (r.credentials ?? []).map(credentialJson), pagination: { limit: r.limit, offset: r.offset, total: r.total } };
}

function credentialRef(req: Request): string {
  const v = String(req.params.credentialId ?? '');
  if (!CREDENTIAL_REF.test(v)) throw AppError.notFound('Credential not found');
  return v.startsWith('CRD-') || v.startsWith('crd-') ? v.toUpperCase() : v.toLowerCase();
}

/**
 * Revocation (docs/contract.md "Authentication and access") for both callers: the body is `{reason}` (required; issuance
 * checks its content), the organization and the actor come from the request's scope
 * (./org-scope.ts). 200 with the revoked credential (revokedAt, revocationReason); 409 if it was
 * already revoked. `refOf` reads the path: the UUID or CRD- id on member routes, the UUID only
 * under /api/v1 (docs/contract.md).
 */
export function revokeHandler(issuance: IssuanceClient, refOf: (req: Request) => string) {
  return async (req: Request, res: Response) => {
    const ref = refOf(req);
    const body = validate(RevokeCredentialBody, req.body ?? {});
    const scope = scopeOf(res);
    const c = await issuance.RevokeCredential(
      { organization_id: scope.organizationId, credential_ref: ref, reason: body.reason, revoked_by: scope.actor },
      { requestId: requestIdOf(res) },
    );
    res.status(200).json(credentialJson(c));
  };
}

/**
 * Member routes under /api/organizations/{orgId} (session auth and membership already checked):
 * the organization's credentials (issue, list, detail), revocation (docs/contract.md "Authentication and access") and
 * its recipient quota.
 *
 * `POST /credentials` is the issue of POST /api/v1/credentials for the web application, on any
 * plan (issuance still requires an approved organization with signing keys). It honours
 * Idempotency-Key, scoped to the organization and member; issuance keeps the record (forwardIdempotency).
 */
export function credentialSessionRoutes(upstreams: Pick<Upstreams, 'issuance'>): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}'], { mergeParams: true });
  const issuance = upstreams.issuance;
  const orgOf = (res: Response) => scopeOf(res).organizationId;

  router.post(
    '/credentials',
    requireConfirmedAddress,
    forwardIdempotency('credentials.issue'),
    issueCredentialHandler(issuance),
  );

  router.get('/credentials', async (req, res) => {
    res.status(200).json(await listCredentialsJson(issuance, orgOf(res), req, requestIdOf(res)));
  });

  // The list item plus ob3Credential and the renewal chain (oldest first, this one included).
  router.get('/credentials/{credentialId}', async (req, res) => {
    const ref = credentialRef(req);
    const d = await issuance.GetCredentialDetail({ organization_id: orgOf(res), credential_ref: ref }, { requestId: requestIdOf(res) });
    const c = d.credential!;
    const detail: CredentialDetailJson = {
      ...credentialJson(c),
      ob3Credential: JSON.parse(c.ob3_credential_json) as Record<string, unknown>,
      renewalChain: (d.renewal_chain ?? []).map((l) => ({
        id: l.id,
        credentialId: l.credential_id,
        status: credentialStatus(l.status),
        issuanceDate: l.issuance_date,
        expirationDate: l.expiration_date ?? null,
        revokedAt: l.revoked_at ?? null,
        revocationReason: l.revocation_reason ?? null,
      })),
    };
    res.status(200).json(detail);
  });

  router.delete('/credentials/{credentialId}', revokeHandler(issuance, credentialRef));

  router.get('/quota', async (_req, res) => {
    const q = await issuance.GetQuota({ organization_id: orgOf(res) }, { requestId: requestIdOf(res) });
    res.status(200).json(quotaJson(q));
  });

  return router;
}

type QuotaMessage = Awaited<ReturnType<Upstreams['issuance']['GetQuota']>>;

/** The monthly recipient quota as clients see it (GET .../quota, and inside a bulk preview). */
export function quotaJson(q: QuotaMessage): Static<typeof Quota> {
  return { plan: q.plan, limit: q.limit, used: q.used, remaining: Math.max(0, q.limit - q.used), month: q.month, resetsAt: q.resets_at };
}

/**
 * The signed-in recipient, if the request carries a session (Bearer or cookie); a bad, ended or
 * expired session is 401 (never silently anonymous). The e-mail and whether it is verified are
 * accounts' answer for this request, so an address verified during the session counts at once.
 */
async function optionalSession(req: Request, res: Response, verify: SessionVerifier) {
  const session = await verify.authenticate(req, requestIdOf(res));
  if (!session) return undefined;
  return { user_id: session.userId, email: session.user.email, email_verified: session.user.emailVerified };
}

/**
 * Recipient routes (docs/contract.md "Recipients and privacy"), public paths under /api/credentials:
 * - `POST /api/credentials/{credentialId}/claim` with `{token}` from the e-mail, or with the
 *   recipient's session (verified e-mail equal to the recipient's): pending -> valid.
 * - `PATCH /api/credentials/{credentialId}` `{isPublic}`: the owning recipient's session only.
 */
export function recipientRoutes(upstreams: Pick<Upstreams, 'issuance'>, verifySession: SessionVerifier): DocumentedRouter {
  const router = documentedRouter(['/api/credentials']);
  const issuance = upstreams.issuance;
  const view = (res: Response, c: Parameters<typeof credentialJson>[0]) => res.status(200).json(credentialJson(c));

  router.post('/{credentialId}/claim', async (req, res) => {
    const ref = credentialRef(req);
    const body = validate(ClaimCredentialBody, req.body ?? {});
    const session = await optionalSession(req, res, verifySession);
    const token = body.token !== undefined && body.token !== '' ? body.token : undefined;
    if (token === undefined && session === undefined) throw AppError.validation('token', 'token is required unless you are signed in as the recipient');
    const c = await issuance.ClaimCredential(
      { credential_ref: ref, ...(token === undefined ? {} : { token }), ...(session === undefined ? {} : { session }) },
      { requestId: requestIdOf(res) },
    );
    view(res, c);
  });

  router.patch('/{credentialId}', async (req, res) => {
    // Who asks comes first: without a session the answer is 401 whatever the body holds.
    const session = await optionalSession(req, res, verifySession);
    if (!session) throw AppError.unauthorized('Sign in as the recipient to change the visibility of a credential');
    const ref = credentialRef(req);
    const body = validate(CredentialVisibilityBody, req.body ?? {});
    const c = await issuance.SetCredentialVisibility({ credential_ref: ref, is_public: body.isPublic, session }, { requestId: requestIdOf(res) });
    view(res, c);
  });

  return router;
}

const CLAIM_RESULTS: Record<string, string> = { FORBIDDEN: 'invalid_token', CONFLICT: 'conflict', NOT_FOUND: 'not_found', VALIDATION_ERROR: 'invalid_token' };

/**
 * POST /claim/{credentialId}: the form of the claim page (a urlencoded `token`, no script).
 * Either way 303 back to the claim page with a result code the page explains (`claimed`, or why
 * not; the token is not put back in the URL). The verification page shows the claim once its
 * read model has the event, a moment later, so the claimer is not sent there straight away.
 */
export function claimFormRoute(upstreams: Pick<Upstreams, 'issuance'>): DocumentedRouter {
  const router = documentedRouter(['']);
  router.post('/claim/{credentialId}', express.urlencoded({ extended: false, limit: 4096, parameterLimit: 5 }), async (req, res) => {
    const raw = String(req.params.credentialId ?? '');
    if (!CREDENTIAL_REF.test(raw)) throw AppError.notFound('Credential not found');
    const ref = credentialRef(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    try {
      const c = await upstreams.issuance.ClaimCredential({ credential_ref: ref, token }, { requestId: requestIdOf(res) });
      res.redirect(303, `/claim/${encodeURIComponent(c.credential_id)}?result=claimed`);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      const result = CLAIM_RESULTS[code];
      if (!result) throw err;
      res.redirect(303, `/claim/${encodeURIComponent(ref)}?result=${result}`);
    }
  });
  return router;
}
