import { Router } from 'express';
import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import type { ApiKeyPrincipal } from './api-key-auth.js';
import { pathId, requestIdOf } from './body.js';
import { badgeJson, credentialJson, listBadgesJson } from './badge-routes.js';
import { idempotency, REPLAYED_HEADER, type IdempotencyDeps } from './idempotency.js';
import { listCredentialsJson } from './credential-routes.js';

const ISSUE_FIELDS = ['badgeId', 'recipient'];
const RECIPIENT_FIELDS = ['name', 'email'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringField(value: unknown, field: string, what: string): string {
  if (value === undefined || value === null) throw AppError.validation(field, `${field} is required`);
  if (typeof value !== 'string') throw AppError.validation(field, `${field} must be ${what}`);
  return value;
}

/**
 * The issue body's shape (DECISIONS.md section 1): an object with badgeId and recipient
 * {name, email}, nothing else. The issuance service checks the values themselves.
 */
export function issueBody(body: unknown): { badgeId: string; name: string; email: string } {
  if (!isObject(body)) throw AppError.validation('body', 'The body must be a JSON object');
  for (const key of Object.keys(body)) {
    if (!ISSUE_FIELDS.includes(key)) throw AppError.validation(key.slice(0, 64), `Unknown field: ${key.slice(0, 64)}`);
  }
  const badgeId = stringField(body.badgeId, 'badgeId', 'a UUID');
  if (body.recipient === undefined || body.recipient === null) throw AppError.validation('recipient', 'recipient is required');
  if (!isObject(body.recipient)) throw AppError.validation('recipient', 'recipient must be an object with name and email');
  for (const key of Object.keys(body.recipient)) {
    if (!RECIPIENT_FIELDS.includes(key))
      throw AppError.validation(`recipient.${key.slice(0, 64)}`, `Unknown field: recipient.${key.slice(0, 64)}`);
  }
  return {
    badgeId,
    name: stringField(body.recipient.name, 'recipient.name', 'a string'),
    email: stringField(body.recipient.email, 'recipient.email', 'a string'),
  };
}

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
  router.post('/credentials', ...issueIdempotency, async (req, res) => {
    const principal = principalOf(res);
    const body = issueBody(req.body ?? {});
    const c = await issuance.IssueCredential(
      {
        organization_id: principal.organizationId,
        badge_id: body.badgeId,
        recipient_name: body.name,
        recipient_email: body.email,
        issued_by: `api_key:${principal.keyId}`,
        idempotency_key: typeof res.locals.idempotencyKey === 'string' ? res.locals.idempotencyKey : '',
      },
      { requestId: requestIdOf(res) },
    );
    // Issuance found this key with the issue it already made (a retry after a lost answer).
    if (c.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    res
      .status(201)
      .location(`/api/v1/credentials/${c.id}`)
      .json({
        id: c.id,
        credentialId: c.credential_id,
        verificationUrl: c.verification_url,
        status: c.status,
        issuanceDate: c.issuance_date,
        expirationDate: c.expiration_date ?? null,
        recipientName: c.recipient_name,
        recipientEmail: c.recipient_email,
        supersedesCredentialId: c.supersedes_credential_id ?? null,
      });
  });

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
