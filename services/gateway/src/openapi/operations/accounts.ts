import {
  ApiKey,
  ApiKeyWithSecret,
  ChangeRoleBody,
  CreateApiKeyBody,
  SigningKeyCompromisedBody,
  UpdateApiKeyBody,
  UpdateOrganizationBody,
  Invitation,
  InvitationBody,
  Member,
  Organization,
  SigningKey,
  SigningKeyCompromise,
  SigningKeyList,
  SigningKeys,
} from '../schemas/accounts.js';
import { Quota } from '../schemas/credentials.js';
import { common, dataList, error, json, keyId, ok, orgId, rateHeaders, session, unavailable, uuidParam } from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { EmptyBody } from '../schemas/common.js';
import { ApiKeyListQuery } from '../schemas/queries.js';

export const accountPaths = {
  '/api/organizations/{orgId}': {
    parameters: [orgId],
    get: {
      summary: 'The organization (members only; anyone else gets 404)',
      security: session,
      responses: {
        ...ok('200', 'The organization.', Organization),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
    patch: {
      summary: "Change the name, domain, e-mail notifications or whether credentials carry recipients' names",
      security: session,
      requestBody: {
        required: true,
        content: json(UpdateOrganizationBody),
      },
      responses: {
        ...ok('200', 'The organization.', Organization),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        ...common,
      },
    },
  },
  '/api/organizations/{orgId}/members': {
    parameters: [orgId],
    get: {
      summary: 'The members of the organization with their roles (every member may read it)',
      security: session,
      responses: {
        ...ok('200', 'Members: owners first, then admins, issuers, viewers; each group by joining time.', dataList(Member)),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/members/{userId}': {
    parameters: [orgId, uuidParam('userId', 'The member (a user id).')],
    patch: {
      summary: "Change a member's role (owners and admins; only an owner touches an owner's seat)",
      security: session,
      requestBody: {
        required: true,
        content: json(ChangeRoleBody),
      },
      responses: {
        ...ok('200', 'The member with the new role.', Member),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member of the organization, or no such member.'),
        '409': error('CONFLICT (details.reason = last_owner): the organization would be left without an owner.'),
        ...common,
      },
    },
    delete: {
      summary: 'Remove a member, or leave the organization (your own user id; any role may leave)',
      security: session,
      responses: {
        '204': { description: 'Removed.', headers: rateHeaders },
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member of the organization, or no such member.'),
        '409': error('CONFLICT (details.reason = last_owner): the last owner can neither leave nor be removed.'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/invitations': {
    parameters: [orgId],
    get: {
      summary: 'Pending invitations (owners and admins)',
      security: session,
      responses: {
        ...ok('200', 'Pending invitations, newest first (accepted, revoked and expired ones are not listed).', dataList(Invitation)),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
    post: {
      summary: 'Invite an e-mail address with a role; the link goes by e-mail and works once, for 7 days',
      description:
        'Needs a member whose own e-mail address is confirmed, in an organization that is approved and not suspended. ' +
        'Invitations are limited per organization (20 per hour and 100 per 24 hours, all its members together) and per ' +
        'inviting member (20 per hour and 100 per 24 hours, all their organizations together), over sliding windows. Every ' +
        'invitation created counts, including ones withdrawn, accepted or expired since, so inviting and withdrawing in a ' +
        'loop sends no more. The e-mail has a fixed subject; the inviter\'s and organization\'s names appear in its body only, ' +
        'quoted and labelled as given by the inviter.',
      security: session,
      requestBody: {
        required: true,
        content: json(InvitationBody),
      },
      responses: {
        '201': {
          description: 'Invited; the e-mail is on its way.',
          headers: { ...rateHeaders, Location: { schema: { type: 'string' } } },
          content: json(Invitation),
        },
        '401': error('UNAUTHORIZED'),
        '403': error(
          'FORBIDDEN: details.reason = email_not_verified (the inviting member has not confirmed their e-mail address) or ' +
            'organization_not_approved (the organization is pending approval or suspended; details.status); or a failed CSRF check.',
        ),
        '404': error('NOT_FOUND'),
        '409': error(
          'CONFLICT (details.field = email): the address belongs to a member, or has a pending invitation; or the organization has 100 pending invitations',
        ),
        ...common,
        '429': {
          ...common['429'],
          description:
            'RATE_LIMITED: the request rate limits, or an invitation limit (details.scope = organization | inviter, details.limit, ' +
            'details.windowSeconds, details.retryAfter). Carries Retry-After (seconds).',
        },
      },
    },
  },
  '/api/organizations/{orgId}/invitations/{invitationId}': {
    parameters: [orgId, uuidParam('invitationId')],
    delete: {
      summary: 'Withdraw a pending invitation (its link stops working)',
      security: session,
      responses: {
        '204': { description: 'Withdrawn.', headers: rateHeaders },
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '409': error('CONFLICT (details.invitationStatus = accepted | revoked | expired): the invitation is no longer pending.'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/api-keys': {
    parameters: [orgId],
    post: {
      summary: 'Create an API key; the response is the only time the secret is shown',
      security: session,
      requestBody: {
        required: true,
        content: json(CreateApiKeyBody),
      },
      responses: {
        ...ok('201', 'Created.', ApiKeyWithSecret),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: the signed-in member has not confirmed their e-mail address (details.reason = email_not_verified).'),
        '404': error('NOT_FOUND'),
        '409': error('CONFLICT: too many active keys.'),
        ...common,
      },
    },
    get: {
      summary: 'List API keys (never their secrets)',
      security: session,
      parameters: queryParameters(ApiKeyListQuery),
      responses: {
        ...ok('200', 'Keys, newest first.', dataList(ApiKey)),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/api-keys/{keyId}': {
    parameters: [orgId, keyId],
    patch: {
      summary: 'Rename a key or change its per-minute limit',
      security: session,
      requestBody: {
        required: true,
        content: json(UpdateApiKeyBody),
      },
      responses: {
        ...ok('200', 'The key.', ApiKey),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '409': error('CONFLICT: the key is revoked.'),
        ...common,
      },
    },
    delete: {
      summary: 'Revoke a key; it is refused (401) at once on every gateway',
      security: session,
      responses: {
        '204': { description: 'Revoked.', headers: rateHeaders },
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/v1/organization': {
    get: {
      summary: "The API key's organization",
      security: [{ apiKey: [] }],
      responses: {
        ...ok('200', 'The organization.', Organization),
        '401': error('UNAUTHORIZED: missing, invalid or revoked key.'),
        '403': error('FORBIDDEN: plan without API access, organization not approved or suspended, or signing keys not generated.'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/quota': {
    parameters: [orgId],
    get: {
      summary: 'The monthly recipient quota (UTC calendar month)',
      security: session,
      responses: {
        ...ok('200', 'Unique recipients counted this month against the plan limit.', Quota),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
      },
    },
  },
  '/api/organizations/{orgId}/signing-keys': {
    parameters: [orgId],
    post: {
      summary: "Generate the organization's Ed25519 signing keys (idempotent)",
      description:
        'The key pair is made by the signing service (the private key never leaves it) and published in ' +
        '/issuers/{slug}/did.json; the organization gets `signingKeysGenerated: true`, which /api/v1 requires.',
      security: session,
      responses: {
        ...ok('201', 'Generated now.', SigningKeys),
        ...ok('200', 'The organization already had its keys; nothing changed.', SigningKeys),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
        '503': unavailable,
      },
    },
    get: {
      summary: "The organization's signing keys, oldest first (every one still published in did.json)",
      security: session,
      responses: {
        ...ok('200', 'The keys.', SigningKeyList),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
        '503': unavailable,
      },
    },
  },
  '/api/organizations/{orgId}/signing-keys/rotate': {
    parameters: [orgId],
    post: {
      summary: 'Rotate the signing key (owners only)',
      description:
        'A new key becomes current: new credentials and the revocation lists are signed with it. Earlier keys stay in ' +
        '/issuers/{slug}/did.json, so credentials signed before verify everywhere as before. No request body (or an empty object). ' +
        'Rotations and compromise reports share a limit per organization (SIGNING_KEY_CHANGES_PER_DAY, default 10 in any 24 hours; 429 beyond it).',
      security: session,
      requestBody: { required: false, content: json(EmptyBody) },
      responses: {
        ...ok('201', 'The new current key.', SigningKey),
        '400': error('VALIDATION_ERROR: a body with fields.'),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: not an owner of the organization, or its signing keys were never generated.'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
        '503': unavailable,
      },
    },
  },
  '/api/organizations/{orgId}/signing-keys/{key}/compromised': {
    parameters: [
      orgId,
      {
        name: 'key',
        in: 'path',
        required: true,
        description: 'The key number (`2`), `key-2`, or the key id (`did:web:...#key-2`, URL-encoded).',
        schema: { type: 'string' },
      },
    ],
    post: {
      summary: 'Report a signing key compromised as of a time (owners only)',
      description:
        'Credentials this platform signed with the key at or after `compromisedAt` fail verification here with reason ' +
        '`key_compromised`; earlier ones still verify; a credential naming this organization that it never issued fails with ' +
        '`not_issued` whatever its proof.created. A current key is first replaced by a new one. The key stays in did.json, ' +
        'marked `revoked` with `compromisedAt` (W3C Controlled Identifiers), so other verifiers can know the cutoff. ' +
        'Reporting again keeps the earliest time. `compromisedAt` may be back-dated as far as the key\'s creation, not further, ' +
        'and not into the future. Re-authentication: the member\'s password (wrong passwords count like failed logins). ' +
        'A report cannot be withdrawn (docs/decisions.md "Compromised keys: what a verifier can trust"). Counts against the ' +
        'per-organization limit on signing-key changes (see rotate).',
      security: session,
      requestBody: {
        required: true,
        content: json(SigningKeyCompromisedBody),
      },
      responses: {
        ...ok('200', 'Recorded.', SigningKeyCompromise),
        '400': error(
          'VALIDATION_ERROR: details.field = compromisedAt (missing, not a date-time, in the future, or before the key was created: details.earliest), or password (missing).',
        ),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: not an owner of the organization, or the password is not correct (details.field = password).'),
        '404': error('NOT_FOUND: not a member, or no such key.'),
        '429': {
          ...common['429'],
          description: 'RATE_LIMITED (Retry-After): too many wrong passwords, or the organization\'s signing-key changes for the day are spent.',
        },
        '503': unavailable,
      },
    },
  },
} satisfies PathItems;
