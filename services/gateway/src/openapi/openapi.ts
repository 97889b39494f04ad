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
const ok = (status: string, description: string, schema: unknown) => ({ [status]: { description, headers: rateHeaders, content: json(schema) } });
const common = {
  '400': error('VALIDATION_ERROR: malformed body or parameters; `details.field` names the field.'),
  '413': error('PAYLOAD_TOO_LARGE: JSON bodies are limited to 64 KiB.'),
  '415': error('UNSUPPORTED_MEDIA_TYPE: bodies must be application/json.'),
  '429': { description: 'RATE_LIMITED. Carries Retry-After (seconds).', headers: { ...rateHeaders, 'Retry-After': { schema: { type: 'integer' } } }, content: json(ref('Error')) },
};
const session = [{ session: [] }];
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
      session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session JWT from /api/auth/login or /api/auth/signup (valid 1 hour).' },
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
          error: { type: 'string', enum: ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE', 'RATE_LIMITED', 'INTERNAL_ERROR', 'UNAVAILABLE'] },
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
        required: ['id', 'name', 'slug', 'description', 'criteria', 'imageUrl', 'expiresInDays', 'tags', 'isActive', 'createdAt', 'publicUrl', 'achievementUrl'],
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
        required: ['id', 'credentialId', 'verificationUrl', 'status', 'issuanceDate', 'expirationDate', 'recipientName', 'recipientEmail', 'supersedesCredentialId'],
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
        required: ['id', 'credentialId', 'badgeId', 'badgeName', 'recipientName', 'recipientEmail', 'status', 'issuanceDate', 'expirationDate', 'claimedAt', 'revokedAt', 'revocationReason', 'isPublic', 'verificationUrl', 'supersedesCredentialId', 'supersededByCredentialId'],
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
      Organization: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'slug', 'domain', 'domainVerified', 'status', 'plan', 'subscriptionStatus', 'emailNotificationsEnabled', 'signingKeysGenerated', 'createdAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          slug: { type: 'string' },
          domain: { type: ['string', 'null'] },
          domainVerified: { type: 'boolean' },
          status: { type: 'string', enum: ['pending_approval', 'approved', 'suspended'] },
          plan: { type: 'string', enum: ['free', 'professional', 'enterprise'] },
          subscriptionStatus: { type: 'string', description: 'none, or the payment provider subscription state (active, past_due, canceled, ...).' },
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
                properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, slug: { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$' } },
              },
            },
          }),
        },
        responses: {
          ...ok('201', 'Account created; the organization starts pending_approval on the free plan. A verification e-mail is sent.', {
            type: 'object',
            additionalProperties: false,
            required: ['user', 'organization', 'token', 'expiresAt'],
            properties: { user: ref('User'), organization: { oneOf: [ref('Organization'), { type: 'null' }] }, token: { type: 'string' }, expiresAt: ts },
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
          content: json({ type: 'object', additionalProperties: false, required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } }),
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
        requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }) },
        responses: {
          ...ok('200', 'Verified.', { type: 'object', additionalProperties: false, required: ['user'], properties: { user: ref('User') } }),
          ...common,
        },
      },
    },
    '/api/auth/resend-verification': {
      post: {
        summary: 'Send a new verification e-mail (the answer never reveals whether the address has an account)',
        requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string' } } }) },
        responses: { ...ok('202', 'Accepted.', ref('Accepted')), ...common },
      },
    },
    '/api/auth/password-reset': {
      post: {
        summary: 'Send a password reset e-mail (the answer never reveals whether the address has an account)',
        requestBody: { required: true, content: json({ type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string' } } }) },
        responses: { ...ok('202', 'Accepted.', ref('Accepted')), ...common },
      },
    },
    '/api/auth/password-reset/confirm': {
      post: {
        summary: 'Set a new password with the token from the reset e-mail (valid one hour, single use)',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['token', 'password'], properties: { token: { type: 'string' }, password: { type: 'string', minLength: 12 } } }),
        },
        responses: { ...ok('200', 'Changed.', ref('Accepted')), ...common },
      },
    },
    '/api/organizations/{orgId}': {
      parameters: [orgId],
      get: {
        summary: 'The organization (members only; anyone else gets 404)',
        security: session,
        responses: { ...ok('200', 'The organization.', ref('Organization')), '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND'), '429': common['429'] },
      },
      patch: {
        summary: 'Change the name, domain or e-mail notifications',
        security: session,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, domain: { type: ['string', 'null'] }, emailNotificationsEnabled: { type: 'boolean' } },
          }),
        },
        responses: { ...ok('200', 'The organization.', ref('Organization')), '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND'), ...common },
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
            properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 10000, default: 60 } },
          }),
        },
        responses: { ...ok('201', 'Created.', ref('ApiKeyWithSecret')), '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND'), '409': error('CONFLICT: too many active keys.'), ...common },
      },
      get: {
        summary: 'List API keys (never their secrets)',
        security: session,
        parameters: [{ name: 'includeRevoked', in: 'query', schema: { type: 'boolean', default: false } }],
        responses: {
          ...ok('200', 'Keys, newest first.', { type: 'object', additionalProperties: false, required: ['data'], properties: { data: { type: 'array', items: ref('ApiKey') } } }),
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
            properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 10000 } },
          }),
        },
        responses: { ...ok('200', 'The key.', ref('ApiKey')), '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND'), '409': error('CONFLICT: the key is revoked.'), ...common },
      },
      delete: {
        summary: 'Revoke a key; it is refused (401) at once on every gateway',
        security: session,
        responses: { '204': { description: 'Revoked.', headers: rateHeaders }, '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND'), '429': common['429'] },
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
        responses: { ...ok('200', 'The badge.', ref('Badge')), '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND: unknown or another organization\'s badge.'), '429': common['429'] },
      },
    },
    '/api/v1/credentials': {
      post: {
        summary: 'Issue a credential',
        security: [{ apiKey: [] }],
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
                properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, email: { type: 'string', format: 'email', maxLength: 254 } },
              },
            },
          }),
        },
        responses: {
          ...ok('201', 'The issued credential (status pending).', ref('IssuedCredential')),
          '400': error('VALIDATION_ERROR: bad field (details.field), or the badge is deactivated (details.field = badgeId).'),
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: plan, approval, signing keys, or the monthly recipient quota.'),
          '404': error('NOT_FOUND: unknown or another organization\'s badge.'),
          '409': error('CONFLICT: the recipient already has an active credential of this badge.'),
          '413': common['413'],
          '415': common['415'],
          '429': common['429'],
        },
      },
    },
    '/api/v1/credentials/{credentialId}': {
      get: {
        summary: 'One credential with its signed OB3 payload (by UUID)',
        security: [{ apiKey: [] }],
        parameters: [{ name: 'credentialId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { ...ok('200', 'The credential.', ref('Credential')), '401': error('UNAUTHORIZED'), '404': error('NOT_FOUND'), '429': common['429'] },
      },
    },
    '/api/v1/openapi.json': {
      get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } } },
    },
  },
} as const;
