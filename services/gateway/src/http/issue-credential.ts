import type { RequestHandler } from 'express';
import type { IssueContent } from '@cred/proto';
import type { Upstreams } from '../upstream/clients.js';
import { issueContent } from '../upstream/issuance-input.js';
import { requestIdOf } from './body.js';
import { forwardedIdempotency, REPLAYED_HEADER } from './idempotency.js';
import { scopeOf } from './org-scope.js';
import { validate } from './validate.js';
import { credentialStatus, IssueCredentialBody, type IssuedCredentialJson } from '../openapi/schemas/credentials.js';

/**
 * The issue body (docs/contract.md "Requests and bodies"): the shape is IssueCredentialBody, the same definition the
 * OpenAPI document shows; the optional content fields go on to issuance as an IssueContent message
 * (../upstream/issuance-input.ts), and issuance checks the values themselves.
 */
export function issueBody(body: unknown): { badgeId: string; name: string; email: string; content: IssueContent | undefined } {
  const { badgeId, recipient, ...content } = validate(IssueCredentialBody, body);
  return {
    badgeId,
    name: recipient.name,
    email: recipient.email,
    // Optional content (issue 14) as an IssueContent message; issuance checks the values.
    content: issueContent(content),
  };
}

/**
 * The issue of one credential (docs/contract.md "Credential lifecycle"), shared by POST /api/v1/credentials
 * (API key; plan checked by apiKeyAuth) and POST /api/organizations/{orgId}/credentials (member
 * session; any plan): the same body rules, the same issuance call, the same 201. The organization,
 * the issuer recorded with the credential and the Location come from the request's scope
 * (./org-scope.ts). With forwardIdempotency in front, the scoped key and fingerprint go to
 * issuance with the call; issuance keeps the record with the issue (./idempotency.ts).
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
        idempotency: forwardedIdempotency(res),
        ...(body.content ? { content: body.content } : {}),
      },
      { requestId: requestIdOf(res) },
    );
    // Issuance found this key's stored answer: the first issue's credential, nothing issued now.
    if (c.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    const issued: IssuedCredentialJson = {
      id: c.id,
      credentialId: c.credential_id,
      verificationUrl: c.verification_url,
      status: credentialStatus(c.status),
      issuanceDate: c.issuance_date,
      expirationDate: c.expiration_date ?? null,
      recipientName: c.recipient_name,
      recipientEmail: c.recipient_email,
      supersedesCredentialId: c.supersedes_credential_id ?? null,
    };
    res.status(201).location(`${scope.basePath}/credentials/${c.id}`).json(issued);
  };
}
