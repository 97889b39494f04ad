import {
  ClaimCredentialBody,
  Credential,
  CredentialDetail,
  CredentialList,
  CredentialVisibilityBody,
  IssueCredentialBody,
  RevokeCredentialBody,
} from '../schemas/credentials.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  common,
  credentialRef,
  error,
  issueResponses,
  json,
  ok,
  orgId,
  session,
} from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { CredentialListQuery } from '../schemas/queries.js';

export const credentialsPaths = {
  '/api/v1/credentials': {
    get: {
      summary: 'List credentials (newest first)',
      description:
        'Order: issuanceDate descending, then id descending. `status` is evaluated at request time: a credential past its ' +
        'expirationDate lists (and filters) as `expired` even before the expiry job has persisted it. Revoked wins over expired. ' +
        'limit outside 1-100, offset < 0, a malformed badgeId, an unknown status or an unknown parameter: 400 naming it.',
      security: [{ apiKey: [] }],
      parameters: queryParameters(CredentialListQuery),
      responses: {
        ...ok('200', 'One page and the exact total.', CredentialList),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '429': common['429'],
      },
    },
    post: {
      summary: 'Issue a credential',
      description:
        'Send `Idempotency-Key` to make retries safe (draft-ietf-httpapi-idempotency-key-header). The same key and body within ' +
        '24 hours answer the first 2xx response again, byte for byte, with `Idempotent-Replayed: true`, and issue nothing. Keys ' +
        'belong to the API key that sent them. Error responses are not stored: the same key may be retried, also with a corrected body. ' +
        'The same key with another body (compared as canonical JSON) is 422; while the first request still runs, 409 with Retry-After: 1. ' +
        'The key is also stored with the issued credential, so a retry after a lost answer (a timeout, a 503) replays that credential instead of issuing again.',
      security: [{ apiKey: [] }],
      parameters: [IDEMPOTENCY_KEY_HEADER],
      requestBody: { required: true, content: json(IssueCredentialBody) },
      responses: {
        ...issueResponses("NOT_FOUND: unknown or another organization's badge."),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: plan, approval, signing keys, or the monthly recipient quota.'),
      },
    },
  },
  '/api/v1/credentials/{credentialId}': {
    get: {
      summary: 'One credential with its signed OB3 payload (by UUID)',
      security: [{ apiKey: [] }],
      parameters: [{ name: 'credentialId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        ...ok('200', 'The credential.', Credential),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/credentials': {
    parameters: [orgId],
    get: {
      summary: "The organization's credentials (member session); same query and answer as GET /api/v1/credentials",
      security: session,
      parameters: queryParameters(CredentialListQuery),
      responses: {
        ...ok('200', 'One page and the exact total.', CredentialList),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
      },
    },
    post: {
      summary: 'Issue a credential (member session); the body, rules and answers of POST /api/v1/credentials, on any plan',
      description:
        'For the web application: free-plan organizations issue here too (they have no /api/v1). The organization must still be ' +
        'approved and have signing keys, and the monthly recipient quota applies. `Idempotency-Key` works as on ' +
        'POST /api/v1/credentials; keys belong to the signed-in member within this organization. Location: the credential ' +
        'under this organization.',
      security: session,
      parameters: [IDEMPOTENCY_KEY_HEADER],
      requestBody: { required: true, content: json(IssueCredentialBody) },
      responses: {
        ...issueResponses("NOT_FOUND: not a member, or an unknown or another organization's badge."),
        '401': error('UNAUTHORIZED: no session (an API key is not one).'),
        '403': error(
          'FORBIDDEN: the organization is not approved, has no signing keys, or its monthly recipient quota is used up; or the signed-in member has not confirmed their e-mail address (details.reason = email_not_verified).',
        ),
      },
    },
  },
  '/api/organizations/{orgId}/credentials/{credentialId}': {
    parameters: [orgId, credentialRef],
    get: {
      summary: 'One credential of the organization (by UUID or CRD- id) with its signed payload and renewal chain',
      security: session,
      responses: {
        ...ok('200', 'The credential list item plus ob3Credential and renewalChain.', CredentialDetail),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member, or not a credential of this organization.'),
        '429': common['429'],
      },
    },
    delete: {
      summary: 'Revoke a credential (member session)',
      description: 'Revoked for good: a revoked credential is never valid again; issuing the badge again to the recipient renews it.',
      security: session,
      requestBody: { required: true, content: json(RevokeCredentialBody) },
      responses: {
        ...ok('200', 'The revoked credential with revokedAt and revocationReason.', Credential),
        '400': error('VALIDATION_ERROR: reason missing, empty, longer than 500 characters or with control characters.'),
        '401': error('UNAUTHORIZED: no session (an API key is not one).'),
        '404': error('NOT_FOUND: not a member, or not a credential of this organization.'),
        '409': error('CONFLICT: already revoked (revokedAt and the reason stay as they were).'),
      },
    },
  },
  '/api/credentials/{credentialId}/claim': {
    parameters: [credentialRef],
    post: {
      summary: 'The recipient claims a pending credential (pending -> valid)',
      description:
        'With `{token}` from the claim link of the issue e-mail (single use; every link of the credential is spent by the claim; ' +
        "tokens expire after 30 days), or with no token and the recipient's session (`Authorization: Bearer`), whose verified " +
        "e-mail address must be the recipient's.",
      requestBody: {
        required: false,
        content: json(ClaimCredentialBody),
      },
      responses: {
        ...ok('200', 'The claimed credential (status valid, claimedAt set).', Credential),
        '400': error('VALIDATION_ERROR: neither a token nor a session.'),
        '401': error('UNAUTHORIZED: an invalid or expired session.'),
        '403': error(
          "FORBIDDEN: the token is unknown, expired or of another credential; or the session is not the recipient's verified address.",
        ),
        '404': error('NOT_FOUND'),
        '409': error('CONFLICT: already claimed, revoked or expired.'),
      },
    },
  },
  '/api/credentials/{credentialId}': {
    parameters: [credentialRef],
    patch: {
      summary: 'The recipient makes a credential public or private',
      description: "Private credentials answer 403 on every public surface unless the request carries this recipient's session.",
      security: session,
      requestBody: {
        required: true,
        content: json(CredentialVisibilityBody),
      },
      responses: {
        ...ok('200', 'The credential.', Credential),
        '400': error('VALIDATION_ERROR: isPublic missing or not a boolean.'),
        '401': error('UNAUTHORIZED: no session.'),
        '403': error("FORBIDDEN: the session is not the recipient's verified address."),
        '404': error('NOT_FOUND'),
      },
    },
  },
} satisfies PathItems;
