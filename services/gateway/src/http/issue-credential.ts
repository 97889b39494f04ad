import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import type { IssueContent } from '@cred/proto';
import type { Upstreams } from '../upstream/clients.js';
import { issueContent } from '../upstream/issuance-input.js';
import { requestIdOf } from './body.js';
import { REPLAYED_HEADER } from './idempotency.js';
import { scopeOf } from './org-scope.js';

const ISSUE_FIELDS = ['badgeId', 'recipient', 'evidence', 'narrative', 'results'];
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
 * The issue body's shape (docs/contract.md "Requests and bodies"): an object with badgeId and recipient
 * {name, email}, and optionally evidence, narrative and results (issue 14), nothing else. The
 * issuance service checks the values themselves.
 */
export function issueBody(body: unknown): { badgeId: string; name: string; email: string; content: IssueContent | undefined } {
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
    // Optional content (issue 14) as an IssueContent message; issuance checks the values.
    content: issueContent(body),
  };
}

/**
 * The issue of one credential (docs/contract.md "Credential lifecycle"), shared by POST /api/v1/credentials
 * (API key; plan checked by apiKeyAuth) and POST /api/organizations/{orgId}/credentials (member
 * session; any plan): the same body rules, the same issuance call, the same 201. The organization,
 * the issuer recorded with the credential and the Location come from the request's scope
 * (./org-scope.ts). With the idempotency middleware in front, its scoped key goes to issuance
 * with the call.
 */
export function issueCredentialHandler(issuance: Pick<Upstreams, 'issuance'>['issuance']): RequestHandler {
  return async (req, res) => {
    const scope = scopeOf(res);
    const body = issueBody(req.body ?? {});
    const c = await issuance.IssueCredential(
      {
        organization_id: scope.organizationId,
        badge_id: body.badgeId,
        recipient_name: body.name,
        recipient_email: body.email,
        issued_by: scope.actor,
        idempotency_key: typeof res.locals.idempotencyKey === 'string' ? res.locals.idempotencyKey : '',
        ...(body.content ? { content: body.content } : {}),
      },
      { requestId: requestIdOf(res) },
    );
    // Issuance found this key with the issue it already made (a retry after a lost answer).
    if (c.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    res
      .status(201)
      .location(`${scope.basePath}/credentials/${c.id}`)
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
  };
}
