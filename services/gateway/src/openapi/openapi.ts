/**
 * OpenAPI 3.1 description of the gateway routes owned by accounts (authentication, the
 * organization, API keys, and /api/v1/organization). Served at /api/v1/openapi.json; the
 * gateway tests validate real responses against these schemas. Other route groups add their
 * paths to `paths` as they land.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const rateHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};
const ok = (status: string, description: string, schema: unknown) => ({
  [status]: { description, headers: rateHeaders, content: json(schema) },
});
const common = {
  '400': error('VALIDATION_ERROR: malformed body or parameters; `details.field` names the field.'),
  '413': error('PAYLOAD_TOO_LARGE: JSON bodies are limited to 64 KiB.'),
  '415': error('UNSUPPORTED_MEDIA_TYPE: bodies must be application/json.'),
  '429': {
    description: 'RATE_LIMITED. Carries Retry-After (seconds).',
    headers: { ...rateHeaders, 'Retry-After': { schema: { type: 'integer' } } },
    content: json(ref('Error')),
  },
};
const session = [{ session: [] }];
const credentialRef = {
  name: 'credentialId',
  in: 'path',
  required: true,
  description: 'The credential UUID or its CRD- id.',
  schema: { type: 'string', pattern: '^(?:[0-9a-fA-F-]{36}|CRD-[0-9A-HJKMNP-TV-Z]{12})$' },
};
const LIST_PARAMETERS = [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  { name: 'badgeId', in: 'query', schema: { type: 'string', format: 'uuid' } },
  { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'valid', 'expired', 'revoked'] } },
];
const orgId = { name: 'orgId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const keyId = { name: 'keyId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const ts = { type: 'string', format: 'date-time' };
const nullableTs = { type: ['string', 'null'], format: 'date-time' };

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Credentials platform API',
    version: '1.0.0',
    description:
      'Open Badges 3.0 credential issuance and verification. /api/v1 is additive-only; breaking changes go to /api/v2. ' +
      'Every response carries X-Request-Id. Rate-limited responses carry X-RateLimit-Limit, X-RateLimit-Remaining and ' +
      'X-RateLimit-Reset (Unix time in whole seconds when the window resets) of the tightest limit that applied: ' +
      'the per-key limit on authenticated /api/v1 calls (default 60 per minute), else 100 per minute per client IP. ' +
      'Authentication endpoints allow 3 requests per 15 minutes per IP (login: 3 failed attempts per IP and e-mail).',
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (`cred_live_...`), for /api/v1.' },
      session: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'A session JWT from /api/auth/login or /api/auth/signup (valid 1 hour).',
      },
    },
    headers: {
      'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed in the window.' },
      'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the window.' },
      'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time (seconds) when the window resets.' },
      'X-Request-Id': { schema: { type: 'string' }, description: 'Request id, also in every log line of the request.' },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error', 'message', 'details'],
        additionalProperties: false,
        properties: {
          error: {
            type: 'string',
            enum: [
              'VALIDATION_ERROR',
              'UNAUTHORIZED',
              'FORBIDDEN',
              'NOT_FOUND',
              'CONFLICT',
              'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
              'UNPROCESSABLE',
              'RATE_LIMITED',
              'INTERNAL_ERROR',
              'UNAVAILABLE',
            ],
          },
          message: { type: 'string' },
          details: { type: 'object' },
        },
      },
      Pagination: {
        type: 'object',
        required: ['limit', 'offset', 'total'],
        properties: { limit: { type: 'integer' }, offset: { type: 'integer' }, total: { type: 'integer' } },
      },
      Badge: {
        type: 'object',
        required: [
          'id',
          'name',
          'slug',
          'description',
          'criteria',
          'imageUrl',
          'expiresInDays',
          'tags',
          'isActive',
          'createdAt',
          'publicUrl',
          'achievementUrl',
        ],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          slug: { type: 'string' },
          description: { type: 'string' },
          criteria: { type: 'string' },
          imageUrl: { type: ['string', 'null'], format: 'uri' },
          expiresInDays: { type: ['integer', 'null'], minimum: 1 },
          tags: { type: 'array', items: { type: 'string' } },
          isActive: { type: 'boolean' },
          createdAt: ts,
          publicUrl: { type: 'string', format: 'uri' },
          achievementUrl: { type: 'string', format: 'uri' },
        },
      },
      IssuedCredential: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'credentialId',
          'verificationUrl',
          'status',
          'issuanceDate',
          'expirationDate',
          'recipientName',
          'recipientEmail',
          'supersedesCredentialId',
        ],
        properties: {
          id: { type: 'string', format: 'uuid' },
          credentialId: { type: 'string', pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' },
          verificationUrl: { type: 'string', format: 'uri' },
          status: { type: 'string', enum: ['pending', 'valid', 'expired', 'revoked'] },
          issuanceDate: ts,
          expirationDate: nullableTs,
          recipientName: { type: 'string' },
          recipientEmail: { type: 'string', format: 'email' },
          supersedesCredentialId: { type: ['string', 'null'], format: 'uuid' },
        },
      },
      Credential: {
        type: 'object',
        required: [
          'id',
          'credentialId',
          'badgeId',
          'badgeName',
          'recipientName',
          'recipientEmail',
          'status',
          'issuanceDate',
          'expirationDate',
          'claimedAt',
          'revokedAt',
          'revocationReason',
          'isPublic',
          'verificationUrl',
          'supersedesCredentialId',
          'supersededByCredentialId',
        ],
        properties: {
          id: { type: 'string', format: 'uuid' },
          credentialId: { type: 'string' },
          badgeId: { type: 'string', format: 'uuid' },
          badgeName: { type: 'string' },
          recipientName: { type: 'string' },
          recipientEmail: { type: 'string' },
          status: { type: 'string', enum: ['pending', 'valid', 'expired', 'revoked'] },
          issuanceDate: ts,
          expirationDate: nullableTs,
          claimedAt: nullableTs,
          revokedAt: nullableTs,
          revocationReason: { type: ['string', 'null'] },
          isPublic: { type: 'boolean' },
          verificationUrl: { type: 'string', format: 'uri' },
          supersedesCredentialId: { type: ['string', 'null'] },
          supersededByCredentialId: { type: ['string', 'null'] },
          ob3Credential: { type: 'object', description: 'The signed Open Badges 3.0 credential (single retrieval only).' },
        },
      },
      CredentialList: {
        type: 'object',
        additionalProperties: false,
        required: ['data', 'pagination'],
        properties: {
          data: { type: 'array', items: ref('Credential') },
          pagination: {
            type: 'object',
            additionalProperties: false,
            required: ['limit', 'offset', 'total'],
            properties: {
              limit: { type: 'integer' },
              offset: { type: 'integer' },
              total: { type: 'integer', description: 'Exact count of credentials matching the filters.' },
            },
          },
        },
      },
      Organization: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'name',
          'slug',
          'domain',
          'domainVerified',
          'status',
          'plan',
          'subscriptionStatus',
          'emailNotificationsEnabled',
          'signingKeysGenerated',
          'createdAt',
        ],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          slug: { type: 'string' },
          domain: { type: ['string', 'null'] },
          domainVerified: { type: 'boolean' },
          status: { type: 'string', enum: ['pending_approval', 'approved', 'suspended'] },
          plan: { type: 'string', enum: ['free', 'professional', 'enterprise'] },
          subscriptionStatus: {
            type: 'string',
            description: 'none, or the payment provider subscription state (active, past_due, canceled, ...).',
          },
          emailNotificationsEnabled: { type: 'boolean' },
          signingKeysGenerated: { type: 'boolean' },
          createdAt: ts,
        },
      },
      User: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'email', 'name', 'emailVerified', 'createdAt', 'memberships'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string' },
          name: { type: 'string' },
          emailVerified: { type: 'boolean' },
          createdAt: ts,
          memberships: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['organizationId', 'role'],
              properties: { organizationId: { type: 'string', format: 'uuid' }, role: { type: 'string', enum: ['owner', 'member'] } },
            },
          },
        },
      },
      ApiKey: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'prefix', 'rateLimitPerMinute', 'createdAt', 'lastUsedAt', 'revokedAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          prefix: { type: 'string', description: 'The first characters of the key, to tell keys apart.' },
          rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
          createdAt: ts,
          lastUsedAt: { ...nullableTs, description: 'Updated at most once a minute.' },
          revokedAt: nullableTs,
        },
      },
      ApiKeyWithSecret: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'prefix', 'rateLimitPerMinute', 'createdAt', 'lastUsedAt', 'revokedAt', 'key'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          prefix: { type: 'string' },
          rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
          createdAt: ts,
          lastUsedAt: nullableTs,
          revokedAt: nullableTs,
          key: { type: 'string', description: 'The secret. Shown in this response only; store it now.' },
        },
      },
      Accepted: { type: 'object', additionalProperties: false, required: ['message'], properties: { message: { type: 'string' } } },
      BulkIssuance: {
        type: 'object',
        required: [
          'id',
          'badgeId',
          'status',
          'total',
          'processed',
          'issued',
          'renewed',
          'conflicts',
          'invalid',
          'failed',
          'createdAt',
          'startedAt',
          'completedAt',
        ],
        properties: {
          id: { type: 'string', format: 'uuid' },
          badgeId: { type: 'string', format: 'uuid' },
          status: { type: 'string', enum: ['queued', 'running', 'completed'] },
          total: { type: 'integer', description: 'Data rows of the CSV (blank lines are not rows).' },
          processed: { type: 'integer', description: 'Rows with a final result: issued + renewed + conflicts + invalid + failed.' },
          issued: { type: 'integer' },
          renewed: { type: 'integer' },
          conflicts: { type: 'integer' },
          invalid: { type: 'integer' },
          failed: { type: 'integer' },
          createdAt: ts,
          startedAt: nullableTs,
          completedAt: nullableTs,
        },
      },
      BulkIssuanceRow: {
        type: 'object',
        additionalProperties: false,
        required: ['row', 'name', 'email', 'result', 'reason', 'credentialId', 'credentialUuid'],
        properties: {
          row: {
            type: 'integer',
            minimum: 1,
            description: 'The data record of the CSV (the header is row 0; row N is line N+1 of a spreadsheet).',
          },
          name: { type: 'string' },
          email: { type: 'string', description: 'Lower-cased when valid; as uploaded (cut to 320 characters) when invalid.' },
          result: {
            type: 'string',
            enum: ['pending', 'issued', 'renewed', 'conflict', 'invalid', 'failed'],
            description:
              "The outcome a single issue would have had: issued, renewed (supersedes the recipient's prior credential), conflict (an active " +
              'non-expiring credential exists), invalid (name or e-mail malformed, see reason), failed (quota, organization, deleted or ' +
              'deactivated badge, or a transient failure that persisted; see reason). pending until done.',
          },
          reason: { type: ['string', 'null'] },
          credentialId: { type: ['string', 'null'], description: 'The CRD- id of the credential issued or renewed by this row.' },
          credentialUuid: { type: ['string', 'null'], format: 'uuid' },
        },
      },
    },
  },
  paths: {
    '/api/auth/signup': {
      post: {
        summary: 'Create an account (with an organization, or as a recipient without one)',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['email', 'password', 'name'],
            properties: {
              email: { type: 'string', maxLength: 254 },
              password: { type: 'string', minLength: 12, description: '12 characters to 1024 bytes.' },
              name: { type: 'string', minLength: 1, maxLength: 200 },
              organization: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'slug'],
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 200 },
                  slug: { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$' },
                },
              },
            },
          }),
        },
        responses: {
          ...ok('201', 'Account created; the organization starts pending_approval on the free plan. A verification e-mail is sent.', {
            type: 'object',
            additionalProperties: false,
            required: ['user', 'organization', 'token', 'expiresAt'],
            properties: {
              user: ref('User'),
              organization: { oneOf: [ref('Organization'), { type: 'null' }] },
              token: { type: 'string' },
              expiresAt: ts,
            },
          }),
          '409': error('CONFLICT: the e-mail address or the organization slug cannot be used.'),
          ...common,
        },
      },
    },
    '/api/auth/login': {
      post: {
        summary: 'Sign in; returns a session JWT valid for one hour',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['email', 'password'],
            properties: { email: { type: 'string' }, password: { type: 'string' } },
          }),
        },
        responses: {
          ...ok('200', 'Signed in.', {
            type: 'object',
            additionalProperties: false,
            required: ['token', 'expiresAt', 'user'],
            properties: { token: { type: 'string' }, expiresAt: ts, user: ref('User') },
          }),
          '401': error('UNAUTHORIZED: wrong e-mail or password (the same answer for both).'),
          ...common,
        },
      },
    },
    '/api/auth/me': {
      get: {
        summary: 'The signed-in user',
        security: session,
        responses: {
          ...ok('200', 'The user.', { type: 'object', additionalProperties: false, required: ['user'], properties: { user: ref('User') } }),
          '401': error('UNAUTHORIZED'),
          '429': common['429'],
        },
      },
    },
    '/api/auth/verify-email': {
      post: {
        summary: 'Confirm an e-mail address with the token from the verification e-mail',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }),
        },
        responses: {
          ...ok('200', 'Verified.', { type: 'object', additionalProperties: false, required: ['user'], properties: { user: ref('User') } }),
          ...common,
        },
      },
    },
    '/api/auth/resend-verification': {
      post: {
        summary: 'Send a new verification e-mail (the answer never reveals whether the address has an account)',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string' } } }),
        },
        responses: { ...ok('202', 'Accepted.', ref('Accepted')), ...common },
      },
    },
    '/api/auth/password-reset': {
      post: {
        summary: 'Send a password reset e-mail (the answer never reveals whether the address has an account)',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string' } } }),
        },
        responses: { ...ok('202', 'Accepted.', ref('Accepted')), ...common },
      },
    },
    '/api/auth/password-reset/confirm': {
      post: {
        summary: 'Set a new password with the token from the reset e-mail (valid one hour, single use)',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['token', 'password'],
            properties: { token: { type: 'string' }, password: { type: 'string', minLength: 12 } },
          }),
        },
        responses: { ...ok('200', 'Changed.', ref('Accepted')), ...common },
      },
    },
    '/api/organizations/{orgId}': {
      parameters: [orgId],
      get: {
        summary: 'The organization (members only; anyone else gets 404)',
        security: session,
        responses: {
          ...ok('200', 'The organization.', ref('Organization')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
      patch: {
        summary: 'Change the name, domain or e-mail notifications',
        security: session,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 200 },
              domain: { type: ['string', 'null'] },
              emailNotificationsEnabled: { type: 'boolean' },
            },
          }),
        },
        responses: {
          ...ok('200', 'The organization.', ref('Organization')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          ...common,
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
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 100 },
              rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 10000, default: 60 },
            },
          }),
        },
        responses: {
          ...ok('201', 'Created.', ref('ApiKeyWithSecret')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '409': error('CONFLICT: too many active keys.'),
          ...common,
        },
      },
      get: {
        summary: 'List API keys (never their secrets)',
        security: session,
        parameters: [{ name: 'includeRevoked', in: 'query', schema: { type: 'boolean', default: false } }],
        responses: {
          ...ok('200', 'Keys, newest first.', {
            type: 'object',
            additionalProperties: false,
            required: ['data'],
            properties: { data: { type: 'array', items: ref('ApiKey') } },
          }),
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
          content: json({
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 100 },
              rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
            },
          }),
        },
        responses: {
          ...ok('200', 'The key.', ref('ApiKey')),
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
          ...ok('200', 'The organization.', ref('Organization')),
          '401': error('UNAUTHORIZED: missing, invalid or revoked key.'),
          '403': error('FORBIDDEN: plan without API access, organization not approved or suspended, or signing keys not generated.'),
          '429': common['429'],
        },
      },
    },
    '/api/v1/badges': {
      get: {
        summary: "The organization's badge templates, newest first",
        security: [{ apiKey: [] }],
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          { name: 'active', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: {
          ...ok('200', 'A page of badges.', {
            type: 'object',
            required: ['data', 'pagination'],
            properties: { data: { type: 'array', items: ref('Badge') }, pagination: ref('Pagination') },
          }),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN'),
          '429': common['429'],
        },
      },
    },
    '/api/v1/badges/{badgeId}': {
      get: {
        summary: 'One badge template',
        security: [{ apiKey: [] }],
        parameters: [{ name: 'badgeId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          ...ok('200', 'The badge.', ref('Badge')),
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's badge."),
          '429': common['429'],
        },
      },
    },
    '/api/v1/credentials': {
      get: {
        summary: 'List credentials (newest first)',
        description:
          'Order: issuanceDate descending, then id descending. `status` is evaluated at request time: a credential past its ' +
          'expirationDate lists (and filters) as `expired` even before the expiry job has persisted it. Revoked wins over expired. ' +
          'limit outside 1-100, offset < 0, a malformed badgeId, an unknown status or an unknown parameter: 400 naming it.',
        security: [{ apiKey: [] }],
        parameters: LIST_PARAMETERS,
        responses: {
          ...ok('200', 'One page and the exact total.', ref('CredentialList')),
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
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              '1-255 printable ASCII characters (0x20-0x7E), bare or as a quoted structured-field string (`"abc"` is the key `abc`); ' +
              'a UUID is recommended. Anything else, or the header twice: 400 VALIDATION_ERROR with details.field = Idempotency-Key.',
            schema: { type: 'string', minLength: 1, maxLength: 512 },
          },
        ],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['badgeId', 'recipient'],
            properties: {
              badgeId: { type: 'string', format: 'uuid' },
              recipient: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'email'],
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 200 },
                  email: { type: 'string', format: 'email', maxLength: 254 },
                },
              },
            },
          }),
        },
        responses: {
          ...ok(
            '201',
            'The issued credential (status pending); a replay (Idempotency-Key) also carries `Idempotent-Replayed: true`.',
            ref('IssuedCredential'),
          ),
          '400': error(
            'VALIDATION_ERROR: bad field (details.field), the badge is deactivated (details.field = badgeId), or a malformed Idempotency-Key.',
          ),
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: plan, approval, signing keys, or the monthly recipient quota.'),
          '404': error("NOT_FOUND: unknown or another organization's badge."),
          '409': error(
            'CONFLICT: the recipient already has an active credential of this badge; or (details.field = Idempotency-Key, ' +
              'with Retry-After: 1) a request with this Idempotency-Key is still being processed.',
          ),
          '413': common['413'],
          '415': common['415'],
          '422': error('UNPROCESSABLE (details.field = Idempotency-Key): the Idempotency-Key was already used with a different body.'),
          '429': common['429'],
          '503': error('UNAVAILABLE: a service behind the gateway, or the Idempotency-Key store, is unavailable; retry later.'),
        },
      },
    },
    '/api/v1/credentials/{credentialId}': {
      get: {
        summary: 'One credential with its signed OB3 payload (by UUID)',
        security: [{ apiKey: [] }],
        parameters: [{ name: 'credentialId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          ...ok('200', 'The credential.', ref('Credential')),
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
        parameters: LIST_PARAMETERS,
        responses: {
          ...ok('200', 'One page and the exact total.', ref('CredentialList')),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
        },
      },
    },
    '/api/organizations/{orgId}/credentials/{credentialId}': {
      parameters: [orgId, credentialRef],
      delete: {
        summary: 'Revoke a credential (member session)',
        description: 'Revoked for good: a revoked credential is never valid again; issuing the badge again to the recipient renews it.',
        security: session,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['reason'],
            properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } },
          }),
        },
        responses: {
          ...ok('200', 'The revoked credential with revokedAt and revocationReason.', ref('Credential')),
          '400': error('VALIDATION_ERROR: reason missing, empty, longer than 500 characters or with control characters.'),
          '401': error('UNAUTHORIZED: no session (an API key is not one).'),
          '404': error('NOT_FOUND: not a member, or not a credential of this organization.'),
          '409': error('CONFLICT: already revoked (revokedAt and the reason stay as they were).'),
        },
      },
    },
    '/api/organizations/{orgId}/quota': {
      parameters: [orgId],
      get: {
        summary: 'The monthly recipient quota (UTC calendar month)',
        security: session,
        responses: {
          ...ok('200', 'Unique recipients counted this month against the plan limit.', {
            type: 'object',
            additionalProperties: false,
            required: ['plan', 'limit', 'used', 'remaining', 'month', 'resetsAt'],
            properties: {
              plan: { type: 'string' },
              limit: { type: 'integer' },
              used: { type: 'integer' },
              remaining: { type: 'integer' },
              month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
              resetsAt: ts,
            },
          }),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
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
          content: json({ type: 'object', additionalProperties: false, properties: { token: { type: 'string' } } }),
        },
        responses: {
          ...ok('200', 'The claimed credential (status valid, claimedAt set).', ref('Credential')),
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
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['isPublic'],
            properties: { isPublic: { type: 'boolean' } },
          }),
        },
        responses: {
          ...ok('200', 'The credential.', ref('Credential')),
          '400': error('VALIDATION_ERROR: isPublic missing or not a boolean.'),
          '401': error('UNAUTHORIZED: no session.'),
          '403': error("FORBIDDEN: the session is not the recipient's verified address."),
          '404': error('NOT_FOUND'),
        },
      },
    },
    '/api/organizations/{orgId}/bulk-issuances': {
      parameters: [orgId],
      post: {
        summary: 'Issue a badge to every recipient of a CSV file, in the background',
        description:
          'multipart/form-data with the text field `badgeId` and the file `file`: UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends ' +
          'and quoted fields are fine) whose first line is the header `name,email`, at most 5 MiB and 10,000 rows. Every row goes ' +
          'through the same rules as POST /api/v1/credentials, in CSV order for repeated e-mails (the second row of a recipient ' +
          'renews or conflicts with the first); a row with a malformed name or e-mail becomes an `invalid` row, it does not reject ' +
          'the file. Progress at the Location; `bulk_issuance.completed` (outbound webhooks) when done. ' +
          'Send `Idempotency-Key` to make a retried upload safe: the same key from the same user with the same badgeId and the ' +
          'same file bytes within 24 hours answers 202 with the first job and `Idempotent-Replayed: true`, and queues nothing ' +
          '(a second job would renew every credential the first issued). The key is stored with the job, so this holds even ' +
          'when the first answer was lost. The same key with another badge or file is 422; a refused upload stores nothing.',
        security: session,
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              '1-255 printable ASCII characters (0x20-0x7E), bare or as a quoted structured-field string; a UUID is recommended. ' +
              'Anything else, or the header twice: 400 VALIDATION_ERROR with details.field = Idempotency-Key.',
            schema: { type: 'string', minLength: 1, maxLength: 512 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['badgeId', 'file'],
                properties: {
                  badgeId: { type: 'string', format: 'uuid' },
                  file: { type: 'string', format: 'binary', contentMediaType: 'text/csv' },
                },
              },
            },
          },
        },
        responses: {
          '202': {
            description: 'Queued (or, with a repeated Idempotency-Key, the job that key created). Location: the job.',
            headers: {
              ...rateHeaders,
              Location: { schema: { type: 'string' } },
              'Idempotent-Replayed': {
                description: '`true` when the answer is the job of an earlier request with this Idempotency-Key.',
                schema: { type: 'string', enum: ['true'] },
              },
            },
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['id', 'status', 'total'],
              properties: {
                id: { type: 'string', format: 'uuid' },
                status: { type: 'string', enum: ['queued', 'completed'] },
                total: { type: 'integer' },
              },
            }),
          },
          '400': error(
            'VALIDATION_ERROR: details.field = badgeId (missing, malformed, or the badge is deactivated) or file (missing, not UTF-8 text, no header name,email, no rows, more than 10,000 rows, or not valid CSV with details.line).',
          ),
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: the organization is not approved or has no signing keys.'),
          '404': error("NOT_FOUND: unknown or another organization's badge (or organization)."),
          '413': error('PAYLOAD_TOO_LARGE: the CSV file is larger than 5 MiB (details.field = file, details.limitBytes).'),
          '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data.'),
          '422': error('UNPROCESSABLE (details.field = Idempotency-Key): the Idempotency-Key was already used with another badge or file.'),
          '429': common['429'],
        },
      },
      get: {
        summary: "The organization's bulk issuances, newest first (without rows)",
        security: session,
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        ],
        responses: {
          ...ok('200', 'A page of jobs.', {
            type: 'object',
            additionalProperties: false,
            required: ['data', 'pagination'],
            properties: { data: { type: 'array', items: ref('BulkIssuance') }, pagination: ref('Pagination') },
          }),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/bulk-issuances/{bulkIssuanceId}': {
      parameters: [orgId, { name: 'bulkIssuanceId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        summary: 'A bulk issuance: progress and a page of per-row results in CSV order',
        security: session,
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          {
            name: 'result',
            in: 'query',
            schema: { type: 'string', enum: ['pending', 'issued', 'renewed', 'conflict', 'invalid', 'failed'] },
          },
        ],
        responses: {
          ...ok('200', 'The job; pagination.total counts the rows matching `result`.', {
            allOf: [
              ref('BulkIssuance'),
              {
                type: 'object',
                required: ['rows', 'pagination'],
                properties: { rows: { type: 'array', items: ref('BulkIssuanceRow') }, pagination: ref('Pagination') },
              },
            ],
          }),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's job."),
          '429': common['429'],
        },
      },
    },
    '/api/v1/openapi.json': {
      get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } } },
    },
  },
} as const;
