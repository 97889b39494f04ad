/**
 * OpenAPI 3.1 description of every route the gateway serves on its HTTP port: authentication,
 * the organization and its API keys, badges, signing keys, credentials, bulk issuance, quota,
 * outbound webhooks, notifications, analytics, /api/v1, the platform admin routes, the payment
 * provider's webhook, badge images, /healthz, and the public verification surfaces the gateway
 * streams to the verification service (JSON, JSON-LD, PNG and HTML pages). Served at
 * /api/v1/openapi.json; the gateway tests validate real responses against these schemas and
 * check that every route of the route modules is described here.
 */
import { auditLogPaths, auditLogSchemas } from './audit-log.js';
import { ROLES } from '@cred/proto/roles';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const rateHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};
/** `{data: [item]}`: a whole collection. */
const dataList = (item: unknown) => ({
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: item } },
});
/** `{data: [item], pagination}`: one page of a list (limit, offset, total). */
const page = (item: unknown) => ({
  type: 'object',
  additionalProperties: false,
  required: ['data', 'pagination'],
  properties: { data: { type: 'array', items: item }, pagination: ref('Pagination') },
});
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
/** Session routes take the JWT as a Bearer token or, from browsers, as the `session` cookie. */
const session = [{ session: [] }, { sessionCookie: [] }];
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
  {
    name: 'recipient',
    in: 'query',
    description:
      'An e-mail address or its beginning: only credentials whose recipient e-mail starts with it, case-insensitively ' +
      '(`ADA` matches ada@example.com and adam@example.org; `%` and `_` are ordinary characters). 1-254 characters without ' +
      'white space or control characters, else 400 with details.field = recipient. pagination.total stays exact.',
    schema: { type: 'string', minLength: 1, maxLength: 254 },
  },
];
const ACHIEVEMENT_TYPE_DESCRIPTION =
  'An Open Badges 3.0 AchievementType (Achievement, Award, Badge, Certificate, Certification, Competency, Course, Degree, ' +
  'Diploma, License, MicroCredential, ... as in the 1EdTech schema) or an extension term matching ^ext:[A-Za-z0-9._-]+$.';
const RESULT_TYPE_DESCRIPTION =
  'An Open Badges 3.0 ResultType (GradePointAverage, LetterGrade, Percent, PerformanceLevel, PredictedScore, RawScore, Result, ' +
  'RubricCriterion, RubricCriterionLevel, RubricScore, ScaledScore, Status) or an extension term matching ^ext:[A-Za-z0-9._-]+$.';
const RESULT_STATUSES = ['Completed', 'Enrolled', 'Failed', 'InProgress', 'OnHold', 'Provisional', 'Withdrew'];
/** Optional content of an issue (issue 14): written into the signed credential. */
const ISSUE_CONTENT_PROPERTIES = {
  evidence: {
    type: 'array',
    maxItems: 10,
    description: 'Evidence of the achievement (OB 3.0 Evidence); each item needs at least one field. url is an absolute http(s) URL.',
    items: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        url: { type: 'string', format: 'uri', maxLength: 2048 },
        name: { type: 'string', minLength: 1, maxLength: 500 },
        description: { type: 'string', minLength: 1, maxLength: 5000 },
        narrative: { type: 'string', minLength: 1, maxLength: 5000, description: 'Markdown.' },
      },
    },
  },
  narrative: {
    type: 'string',
    minLength: 1,
    maxLength: 5000,
    description: 'How the recipient earned it, in Markdown (AchievementSubject.narrative).',
  },
  results: {
    type: 'array',
    maxItems: 10,
    description:
      "The recipient's results (OB 3.0 Result). Each names one of the badge's resultDescriptions by id, at most once, with a value " +
      '(one of its allowedValues when it lists them) and/or a status; anything else is 400 naming the field.',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['resultDescription'],
      properties: {
        resultDescription: { type: 'string', description: "The id of one of the badge's resultDescriptions (urn:uuid:...)." },
        value: { type: 'string', minLength: 1, maxLength: 200 },
        status: { type: 'string', enum: RESULT_STATUSES },
      },
    },
  },
};
/** The body of an issue (POST /api/v1/credentials and the member route). */
const ISSUE_BODY = {
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
      ...ISSUE_CONTENT_PROPERTIES,
    },
  }),
};
const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    '1-255 printable ASCII characters (0x20-0x7E), bare or as a quoted structured-field string (`"abc"` is the key `abc`); ' +
    'a UUID is recommended. Anything else, or the header twice: 400 VALIDATION_ERROR with details.field = Idempotency-Key.',
  schema: { type: 'string', minLength: 1, maxLength: 512 },
};
/** The answers of an issue, apart from 403 (which differs between the API key and the member route). */
const issueResponses = (notFound: string) => ({
  ...ok(
    '201',
    'The issued credential (status pending); a replay (Idempotency-Key) also carries `Idempotent-Replayed: true`.',
    ref('IssuedCredential'),
  ),
  '400': error(
    'VALIDATION_ERROR: bad field (details.field), the badge is deactivated (details.field = badgeId), or a malformed Idempotency-Key.',
  ),
  '404': error(notFound),
  '409': error(
    'CONFLICT: the recipient already has an active credential of this badge; or (details.field = Idempotency-Key, ' +
      'with Retry-After: 1) a request with this Idempotency-Key is still being processed.',
  ),
  '413': common['413'],
  '415': common['415'],
  '422': error('UNPROCESSABLE (details.field = Idempotency-Key): the Idempotency-Key was already used with a different body.'),
  '429': common['429'],
  '503': error('UNAVAILABLE: a service behind the gateway, or the Idempotency-Key store, is unavailable; retry later.'),
});
const orgId = { name: 'orgId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const keyId = { name: 'keyId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const ts = { type: 'string', format: 'date-time' };
/** A member's role (docs/roles.md; the table is @cred/proto/roles). */
const roleSchema = { type: 'string', enum: [...ROLES], description: 'owner | admin | issuer | viewer: what each may do is in docs/roles.md.' };
const nullableTs = { type: ['string', 'null'], format: 'date-time' };
const uuidParam = (name: string, description?: string) => ({
  name,
  in: 'path',
  required: true,
  ...(description ? { description } : {}),
  schema: { type: 'string', format: 'uuid' },
});
const badgeId = uuidParam('badgeId');
const webhookId = uuidParam('webhookId');
const deliveryId = uuidParam('deliveryId');
const slugParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$' },
});
const pageParameters = (max: number) => [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: max, default: 50 } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
];
const admin = [{ admin: [] }, { adminCookie: [] }];
/**
 * Public verification surfaces: no authentication; a private credential needs the owning
 * recipient's session (`Authorization: Bearer <session JWT>` or the `session` cookie).
 */
const publicOrRecipient = [{}, { session: [] }, { sessionCookie: [] }];
const csrfRefused = error(
  'FORBIDDEN: a cookie-authenticated request with an unsafe method lacks the right X-CSRF-Token header, or its Origin is not this site.',
);
const setCookie = (description: string) => ({ 'Set-Cookie': { description, schema: { type: 'string' } } });
const sessionInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'expiresAt', 'csrfToken'],
  properties: {
    user: ref('User'),
    expiresAt: ts,
    csrfToken: { type: 'string', description: 'Send as `X-CSRF-Token` on POST, PUT, PATCH and DELETE requests authenticated by the cookie.' },
  },
};
const adminSessionInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['expiresAt', 'csrfToken'],
  properties: {
    expiresAt: ts,
    csrfToken: { type: 'string', description: 'Send as `X-CSRF-Token` on unsafe requests authenticated by the admin_session cookie.' },
  },
};
/** On a credential path outside /api/v1: the CRD- id (case-insensitive) or the UUID; anything else is 404. */
const publicCredentialRef = {
  ...credentialRef,
  description: 'The CRD- id (case-insensitive) or the credential UUID; anything else is 404.',
  schema: { type: 'string', maxLength: 64 },
};
/** /healthz carries only the request id (probes are not rate limited). */
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
const cacheControl = (description: string) => ({ description, schema: { type: 'string' } });
const publicOk = (description: string, mediaType: string, schema: unknown, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...rateHeaders, ...headers },
  content: { [mediaType]: { schema } },
});
/** An HTML page of the verification service (server-rendered, no script, strict CSP). */
const htmlPage = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: {
    ...rateHeaders,
    'Content-Security-Policy': {
      description:
        "default-src 'none'; img-src 'self' data:; style-src 'sha256-...'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      schema: { type: 'string' },
    },
    'X-Frame-Options': { schema: { type: 'string', enum: ['DENY'] } },
    ...headers,
  },
  content: { 'text/html': { schema: { type: 'string' } } },
});
const unavailable = error('UNAVAILABLE: the service behind the gateway is unavailable; retry later.');

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
        description:
          'A session JWT from /api/auth/login or /api/auth/signup (valid 1 hour). Checked with the accounts service on every request: ' +
          'logout (DELETE /api/auth/session) and a password reset end it at once.',
      },
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'session',
        description:
          'The browser session cookie set by POST /api/auth/session (HttpOnly, SameSite=Lax), used only when there is no Authorization ' +
          'header. POST, PUT, PATCH and DELETE requests authenticated by it need `X-CSRF-Token` (from the session answer), and an ' +
          '`Origin` header, when sent, must be this site: otherwise 403. Not accepted on /api/v1.',
      },
      adminCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'admin_session',
        description:
          'The operator console cookie set by POST /api/admin/session (HttpOnly, SameSite=Strict, 1 hour), used only when there is no ' +
          'Authorization header; unsafe methods need `X-CSRF-Token` and a same-site Origin, as for the session cookie.',
      },
      admin: {
        type: 'http',
        scheme: 'bearer',
        description: 'The platform operator token (`PLATFORM_ADMIN_TOKEN` of the configuration), for /api/admin.',
      },
    },
    headers: {
      'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed in the window.' },
      'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the window.' },
      'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time (seconds) when the window resets.' },
      'X-Request-Id': { schema: { type: 'string' }, description: 'Request id, also in every log line of the request.' },
    },
    schemas: {
      ...auditLogSchemas,
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
              'REQUEST_TIMEOUT',
              'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
              'EXPECTATION_FAILED',
              'REQUEST_HEADER_FIELDS_TOO_LARGE',
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
          'achievementType',
          'alignments',
          'resultDescriptions',
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
          achievementType: { type: ['string', 'null'], description: ACHIEVEMENT_TYPE_DESCRIPTION },
          alignments: { type: 'array', items: ref('Alignment') },
          resultDescriptions: { type: 'array', items: ref('ResultDescription') },
          createdAt: ts,
          publicUrl: { type: 'string', format: 'uri' },
          achievementUrl: { type: 'string', format: 'uri' },
        },
      },
      Alignment: {
        type: 'object',
        additionalProperties: false,
        description: 'A competency, standard or framework item the badge aligns to (OB 3.0 Alignment).',
        required: ['targetName', 'targetUrl', 'targetFramework', 'targetCode'],
        properties: {
          targetName: { type: 'string', minLength: 1, maxLength: 500 },
          targetUrl: { type: 'string', format: 'uri', maxLength: 2048, description: 'An absolute http(s) URL.' },
          targetFramework: { type: ['string', 'null'], maxLength: 500 },
          targetCode: { type: ['string', 'null'], maxLength: 200 },
        },
      },
      ResultDescription: {
        type: 'object',
        additionalProperties: false,
        description: 'A result the badge can carry (OB 3.0 ResultDescription); issued credentials name it by id in results.',
        required: ['id', 'name', 'resultType', 'allowedValues', 'requiredValue', 'valueMin', 'valueMax'],
        properties: {
          id: { type: 'string', pattern: '^urn:uuid:[0-9a-f-]{36}$' },
          name: { type: 'string', minLength: 1, maxLength: 500 },
          resultType: { type: 'string', description: RESULT_TYPE_DESCRIPTION },
          allowedValues: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 200 } },
          requiredValue: { type: ['string', 'null'], maxLength: 200 },
          valueMin: { type: ['string', 'null'], maxLength: 200 },
          valueMax: { type: ['string', 'null'], maxLength: 200 },
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
      RenewalLink: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'credentialId', 'status', 'issuanceDate', 'expirationDate', 'revokedAt', 'revocationReason'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          credentialId: { type: 'string', pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' },
          status: { type: 'string', enum: ['pending', 'valid', 'expired', 'revoked'] },
          issuanceDate: ts,
          expirationDate: nullableTs,
          revokedAt: nullableTs,
          revocationReason: { type: ['string', 'null'] },
        },
      },
      CredentialDetail: {
        allOf: [
          ref('Credential'),
          {
            type: 'object',
            required: ['ob3Credential', 'renewalChain'],
            properties: {
              ob3Credential: { type: 'object' },
              renewalChain: {
                type: 'array',
                description:
                  'Every credential linked to this one through supersedes / supersededBy (renewals of the badge for the ' +
                  'recipient), this one included, oldest first.',
                items: ref('RenewalLink'),
              },
            },
          },
        ],
      },
      RecipientCredential: {
        allOf: [
          ref('Credential'),
          {
            type: 'object',
            required: ['issuerName', 'badgeImageUrl'],
            properties: {
              issuerName: { type: 'string', description: 'The issuer name in the signed credential.' },
              badgeImageUrl: { type: ['string', 'null'], format: 'uri', description: "The badge's image now; null when it has none." },
            },
          },
        ],
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
          'recipientNameInCredentials',
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
          recipientNameInCredentials: {
            type: 'boolean',
            description:
              "Credentials issued from now on carry the recipient's name in plain text (an IdentityObject with identityType name, " +
              'hashed false) beside the hashed e-mail. false by default.',
          },
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
              properties: { organizationId: { type: 'string', format: 'uuid' }, role: roleSchema },
            },
          },
        },
      },
      Member: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'email', 'name', 'role', 'joinedAt'],
        properties: {
          userId: { type: 'string', format: 'uuid' },
          email: { type: 'string' },
          name: { type: 'string' },
          role: roleSchema,
          joinedAt: ts,
        },
      },
      Invitation: {
        type: 'object',
        additionalProperties: false,
        description: 'A pending invitation. Its token is never shown: it is only in the e-mail sent to the address.',
        required: ['id', 'email', 'role', 'invitedBy', 'createdAt', 'expiresAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string' },
          role: roleSchema,
          invitedBy: { type: 'string', format: 'uuid', description: 'The user who sent it.' },
          createdAt: ts,
          expiresAt: { ...ts, description: '7 days after createdAt.' },
        },
      },
      InvitationSummary: {
        type: 'object',
        additionalProperties: false,
        description:
          "What an invitation offers, for its token's holder: the organization, the role and the invited address in full " +
          '(the holder got the token at that address; the address is the one to sign up or sign in with).',
        required: ['organization', 'email', 'role', 'expiresAt'],
        properties: {
          organization: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'name'],
            properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
          },
          email: { type: 'string' },
          role: roleSchema,
          expiresAt: ts,
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
      BulkIssuancePreview: {
        type: 'object',
        additionalProperties: false,
        required: ['badgeId', 'total', 'counts', 'rows'],
        properties: {
          badgeId: { type: 'string', format: 'uuid' },
          total: { type: 'integer', description: 'Data rows of the CSV (blank lines are not rows).' },
          counts: {
            type: 'object',
            additionalProperties: false,
            required: ['issue', 'renew', 'conflict', 'invalid'],
            properties: {
              issue: { type: 'integer' },
              renew: { type: 'integer' },
              conflict: { type: 'integer' },
              invalid: { type: 'integer' },
            },
          },
          rows: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['row', 'name', 'email', 'outcome', 'reason'],
              properties: {
                row: { type: 'integer', minimum: 1, description: 'The data record of the CSV (the header is row 0).' },
                name: { type: 'string' },
                email: { type: 'string', description: 'Lower-cased when valid; as uploaded (cut to 320 characters) when invalid.' },
                outcome: { type: 'string', enum: ['issue', 'renew', 'conflict', 'invalid'] },
                reason: {
                  type: ['string', 'null'],
                  description: 'Why a row is invalid or conflicts, and what a renewal supersedes; null for a first issue.',
                },
              },
            },
          },
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
      BadgeList: page(ref('Badge')),
      BadgeInput: {
        type: 'object',
        additionalProperties: false,
        description:
          'The writable fields of a badge template. Read-only fields (id, createdAt, publicUrl, achievementUrl) and unknown fields ' +
          'are 400 naming the field.',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          slug: {
            type: 'string',
            maxLength: 100,
            pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
            description: 'Derived from the name (made unique) when absent on create; unique per organization.',
          },
          description: { type: 'string', minLength: 1, maxLength: 5000 },
          criteria: { type: 'string', minLength: 1, maxLength: 5000 },
          imageUrl: {
            type: ['string', 'null'],
            format: 'uri',
            maxLength: 2048,
            description: 'An absolute http(s) URL; or upload the image.',
          },
          expiresInDays: { type: ['integer', 'null'], minimum: 1, maximum: 36500, description: 'null: credentials never expire.' },
          tags: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 100 } },
          isActive: { type: 'boolean', default: true },
          achievementType: { type: ['string', 'null'], description: ACHIEVEMENT_TYPE_DESCRIPTION },
          alignments: {
            type: 'array',
            maxItems: 20,
            description: 'Replaced whole on change ([] clears them).',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['targetName', 'targetUrl'],
              properties: {
                targetName: { type: 'string', minLength: 1, maxLength: 500 },
                targetUrl: { type: 'string', format: 'uri', maxLength: 2048, description: 'An absolute http(s) URL.' },
                targetFramework: { type: ['string', 'null'], minLength: 1, maxLength: 500 },
                targetCode: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
              },
            },
          },
          resultDescriptions: {
            type: 'array',
            maxItems: 10,
            description:
              'Replaced whole on change. An entry without id gets a new urn:uuid id; send the ids back to keep them (results name them).',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'resultType'],
              properties: {
                id: { type: ['string', 'null'], pattern: '^urn:uuid:[0-9a-f-]{36}$' },
                name: { type: 'string', minLength: 1, maxLength: 500 },
                resultType: { type: 'string', description: RESULT_TYPE_DESCRIPTION },
                allowedValues: {
                  type: ['array', 'null'],
                  maxItems: 50,
                  uniqueItems: true,
                  items: { type: 'string', minLength: 1, maxLength: 200 },
                },
                requiredValue: { type: ['string', 'null'], minLength: 1, maxLength: 200, description: 'One of allowedValues when they are given.' },
                valueMin: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
                valueMax: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
              },
            },
          },
        },
      },
      SigningKeys: {
        type: 'object',
        additionalProperties: false,
        required: ['keyId', 'publicKeyMultibase', 'created'],
        properties: {
          keyId: { type: 'string' },
          publicKeyMultibase: { type: 'string', description: 'The Ed25519 public key as a Multikey (`z6Mk...`), published in did.json.' },
          created: { type: 'boolean', description: 'false when the organization already had its keys (nothing changed).' },
        },
      },
      SigningKey: {
        type: 'object',
        additionalProperties: false,
        required: ['keyId', 'sequence', 'publicKeyMultibase', 'createdAt', 'current', 'compromisedAt'],
        properties: {
          keyId: { type: 'string', description: 'The verification method id, `did:web:<host>:issuers:<slug>#key-<n>`.' },
          sequence: { type: 'integer', minimum: 1, description: 'n of `#key-<n>`: the key number used in the compromise route.' },
          publicKeyMultibase: { type: 'string', description: 'The Ed25519 public key as a Multikey, published in did.json.' },
          createdAt: ts,
          current: { type: 'boolean', description: 'The key new credentials and revocation lists are signed with (exactly one).' },
          compromisedAt: {
            ...nullableTs,
            description:
              'Set when an owner reported the key compromised: proofs it made at or after this instant fail verification here ' +
              '(`key_compromised`); earlier ones still verify. The key stays in did.json (ADR 0008).',
          },
        },
      },
      SigningKeyList: {
        type: 'object',
        additionalProperties: false,
        required: ['data'],
        properties: { data: { type: 'array', items: ref('SigningKey'), description: 'Oldest first.' } },
      },
      SigningKeyCompromise: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'currentKey', 'rotated'],
        properties: {
          key: ref('SigningKey'),
          currentKey: ref('SigningKey'),
          rotated: { type: 'boolean', description: 'true when the reported key was current and a new key replaced it first.' },
        },
      },
      OrganizationList: page(ref('Organization')),
      WebhookEvent: {
        type: 'string',
        enum: [
          'credential.issued',
          'credential.renewed',
          'credential.claimed',
          'credential.revoked',
          'credential.expired',
          'bulk_issuance.completed',
        ],
      },
      WebhookEndpoint: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'url', 'events', 'createdAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          url: { type: 'string', format: 'uri' },
          events: { type: 'array', items: ref('WebhookEvent') },
          createdAt: ts,
        },
      },
      WebhookEndpointWithSecret: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'url', 'events', 'createdAt', 'secret'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          url: { type: 'string', format: 'uri' },
          events: { type: 'array', items: ref('WebhookEvent') },
          createdAt: ts,
          secret: {
            type: 'string',
            description: 'The HMAC-SHA256 key of `X-Service-Signature` (hex HMAC of the raw body). Shown in this response only.',
          },
        },
      },
      WebhookDelivery: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'webhookId',
          'eventId',
          'eventType',
          'status',
          'attempts',
          'nextAttemptAt',
          'lastStatusCode',
          'lastError',
          'createdAt',
          'updatedAt',
          'deliveredAt',
          'attemptLog',
        ],
        properties: {
          id: { type: 'string', format: 'uuid' },
          webhookId: { type: 'string', format: 'uuid' },
          eventId: { type: 'string', description: 'The event id (`evt_...`), also sent as X-Service-Delivery.' },
          eventType: { type: 'string', description: 'One of the webhook events, or `webhook.ping`.' },
          status: { type: 'string', enum: ['pending', 'succeeded', 'failed', 'cancelled'] },
          attempts: { type: 'integer', minimum: 0 },
          nextAttemptAt: { ...nullableTs, description: 'When the next attempt is due (pending deliveries only).' },
          lastStatusCode: { type: ['integer', 'null'] },
          lastError: { type: ['string', 'null'] },
          createdAt: ts,
          updatedAt: ts,
          deliveredAt: nullableTs,
          attemptLog: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['attempt', 'startedAt', 'durationMs', 'statusCode', 'error', 'responseExcerpt', 'succeeded'],
              properties: {
                attempt: { type: 'integer', minimum: 1 },
                startedAt: ts,
                durationMs: { type: 'integer', minimum: 0 },
                statusCode: { type: ['integer', 'null'] },
                error: { type: ['string', 'null'] },
                responseExcerpt: { type: ['string', 'null'] },
                succeeded: { type: 'boolean' },
              },
            },
          },
        },
      },
      Notification: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'eventId',
          'eventType',
          'channel',
          'kind',
          'status',
          'recipient',
          'subject',
          'attempts',
          'lastError',
          'sentAt',
          'createdAt',
          'updatedAt',
        ],
        properties: {
          id: { type: 'string' },
          eventId: { type: 'string' },
          eventType: { type: 'string' },
          channel: { type: 'string', enum: ['email', 'webhook', 'log'] },
          kind: { type: ['string', 'null'], description: 'The kind of e-mail (first issue, renewal, ...).' },
          status: {
            type: 'string',
            description:
              'E-mails: pending, sent, failed (lastError has the SMTP reason) or skipped (notifications off); notices: recorded, sent, failed.',
          },
          recipient: { type: ['string', 'null'] },
          subject: { type: ['string', 'null'] },
          attempts: { type: 'integer', minimum: 0 },
          lastError: { type: ['string', 'null'] },
          sentAt: nullableTs,
          createdAt: ts,
          updatedAt: nullableTs,
        },
      },
      Analytics: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to', 'rows', 'totals'],
        properties: {
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
          rows: {
            type: 'array',
            description: 'Ordered by day, channel, badge, outcome.',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['day', 'channel', 'badgeId', 'outcome', 'count'],
              properties: {
                day: { type: 'string', format: 'date' },
                channel: { type: 'string', enum: ['api', 'page', 'baked', 'ob3'] },
                badgeId: { type: 'string' },
                outcome: {
                  type: 'string',
                  enum: ['valid', 'signature_invalid', 'revoked', 'expired', 'issuer_inactive', 'served'],
                  description: '`valid`, the first failed check, or `served` (a download of the JSON-LD or baked PNG; no checks ran).',
                },
                count: { type: 'integer', minimum: 0 },
              },
            },
          },
          totals: {
            type: 'object',
            additionalProperties: false,
            required: ['verifications', 'byChannel', 'byOutcome'],
            description: 'Verifications only: `served` rows are left out.',
            properties: {
              verifications: { type: 'integer', minimum: 0 },
              byChannel: { type: 'object', additionalProperties: { type: 'integer' } },
              byOutcome: { type: 'object', additionalProperties: { type: 'integer' } },
            },
          },
        },
      },
      Health: {
        type: 'object',
        additionalProperties: false,
        required: ['status', 'checks'],
        properties: {
          status: { type: 'string', enum: ['ok', 'unavailable'] },
          checks: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'Per service: `ok` or the reason it is not ready.',
          },
        },
      },
      Ob3Credential: {
        type: 'object',
        description:
          'A signed Open Badges 3.0 `AchievementCredential` (VC Data Model 2.0, `DataIntegrityProof` with `eddsa-rdfc-2022`). ' +
          'The recipient is identified by a salted SHA-256 hash of the e-mail, never the plain address.',
        required: ['@context', 'id', 'type', 'issuer', 'validFrom', 'credentialSubject', 'proof'],
        properties: {
          '@context': { type: 'array', items: { type: 'string' } },
          id: { type: 'string', pattern: '^urn:uuid:' },
          type: { type: 'array', contains: { const: 'AchievementCredential' } },
          issuer: {
            type: 'object',
            required: ['id', 'type', 'name'],
            properties: { id: { type: 'string', pattern: '^did:web:' }, type: { type: 'array' }, name: { type: 'string' } },
          },
          validFrom: { type: 'string' },
          validUntil: { type: 'string' },
          name: { type: 'string' },
          credentialSubject: {
            type: 'object',
            required: ['achievement'],
            properties: { identifier: { type: 'array' }, achievement: ref('Achievement') },
          },
          credentialStatus: {
            type: 'object',
            description: 'Where this credential\'s revocation is published (credentials issued before status lists have none).',
            required: ['id', 'type', 'statusPurpose', 'statusListIndex', 'statusListCredential'],
            properties: {
              id: { type: 'string', format: 'uri' },
              type: { const: 'BitstringStatusListEntry' },
              statusPurpose: { const: 'revocation' },
              statusListIndex: { type: 'string', pattern: '^\\d+$' },
              statusListCredential: { type: 'string', format: 'uri' },
            },
          },
          proof: { type: ['object', 'array'] },
        },
      },
      StatusListCredential: {
        type: 'object',
        description: 'A W3C Bitstring Status List credential: `encodedList` is the GZIP-compressed bitstring, multibase base64url (`u`).',
        required: ['@context', 'id', 'type', 'issuer', 'credentialSubject', 'proof'],
        properties: {
          '@context': { type: 'array', items: { type: 'string' } },
          id: { type: 'string', format: 'uri' },
          type: { type: 'array', contains: { const: 'BitstringStatusListCredential' } },
          issuer: { type: 'string', pattern: '^did:web:' },
          credentialSubject: {
            type: 'object',
            required: ['id', 'type', 'statusPurpose', 'encodedList'],
            properties: {
              id: { type: 'string', format: 'uri' },
              type: { const: 'BitstringStatusList' },
              statusPurpose: { const: 'revocation' },
              encodedList: { type: 'string', pattern: '^u[A-Za-z0-9_-]+$' },
            },
          },
          proof: { type: ['object', 'array'] },
        },
      },
      Achievement: {
        type: 'object',
        description: "An Open Badges 3.0 Achievement; `id` is the badge's achievementUrl.",
        required: ['id', 'type', 'name', 'description', 'criteria'],
        properties: {
          '@context': { type: 'array', items: { type: 'string' }, description: 'On the standalone document only.' },
          id: { type: 'string', format: 'uri' },
          type: { type: 'array', items: { type: 'string' }, contains: { const: 'Achievement' } },
          name: { type: 'string' },
          description: { type: 'string' },
          criteria: { type: 'object', required: ['narrative'], properties: { narrative: { type: 'string' } } },
          image: { type: 'object', required: ['id', 'type'], properties: { id: { type: 'string' }, type: { const: 'Image' } } },
          tag: { type: 'array', items: { type: 'string' } },
        },
      },
      IssuerProfile: {
        type: 'object',
        required: ['@context', 'id', 'type', 'name'],
        properties: {
          '@context': { type: 'array', items: { type: 'string' } },
          id: { type: 'string', pattern: '^did:web:', description: 'The issuer DID; its document is at /issuers/{slug}/did.json.' },
          type: { type: 'array', items: { type: 'string' }, contains: { const: 'Profile' } },
          name: { type: 'string' },
          url: { type: 'string', format: 'uri' },
        },
      },
      DidDocument: {
        type: 'object',
        additionalProperties: false,
        required: ['@context', 'id', 'verificationMethod', 'assertionMethod'],
        properties: {
          '@context': { type: 'array', items: { type: 'string' } },
          id: { type: 'string', pattern: '^did:web:', description: '`did:web:<host>:issuers:<slug>` (a port is written %3A).' },
          verificationMethod: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'type', 'controller', 'publicKeyMultibase'],
              properties: {
                id: { type: 'string', pattern: '#key-[1-9][0-9]*$' },
                type: { const: 'Multikey' },
                controller: { type: 'string' },
                publicKeyMultibase: { type: 'string', pattern: '^z' },
              },
            },
          },
          assertionMethod: { type: 'array', items: { type: 'string' } },
        },
      },
      PublicVerification: {
        type: 'object',
        additionalProperties: false,
        required: ['valid', 'status', 'credential', 'verification', 'ob3Credential', 'features'],
        properties: {
          valid: { type: 'boolean', description: 'true only when every check of `verification` passes.' },
          status: {
            type: 'string',
            enum: ['pending', 'valid', 'expired', 'revoked'],
            description: 'The lifecycle status at read time: revoked > expired > valid (claimed) > pending.',
          },
          credential: {
            type: 'object',
            additionalProperties: false,
            required: [
              'id',
              'credentialId',
              'badgeId',
              'badgeName',
              'badgeDescription',
              'badgeImageUrl',
              'tags',
              'issuerName',
              'issuerSlug',
              'issuerDomainVerified',
              'recipientName',
              'recipientEmailPartial',
              'issuanceDate',
              'expirationDate',
              'claimedAt',
              'revokedAt',
              'revocationReason',
              'supersedesCredentialId',
              'supersededByCredentialId',
              'verificationUrl',
            ],
            properties: {
              id: { type: 'string', format: 'uuid' },
              credentialId: { type: 'string', pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' },
              badgeId: { type: 'string', format: 'uuid' },
              badgeName: { type: ['string', 'null'], description: 'From the signed achievement (what was awarded).' },
              badgeDescription: { type: ['string', 'null'] },
              badgeImageUrl: { type: ['string', 'null'] },
              tags: { type: 'array', items: { type: 'string' } },
              issuerName: { type: ['string', 'null'] },
              issuerSlug: { type: 'string' },
              issuerDomainVerified: { type: 'boolean' },
              recipientName: { type: 'string' },
              recipientEmailPartial: { type: 'string', description: 'First character of the local part, `***`, `@` and the domain.' },
              issuanceDate: ts,
              expirationDate: nullableTs,
              claimedAt: nullableTs,
              revokedAt: nullableTs,
              revocationReason: { type: ['string', 'null'] },
              supersedesCredentialId: { type: ['string', 'null'], format: 'uuid' },
              supersededByCredentialId: { type: ['string', 'null'], format: 'uuid' },
              verificationUrl: { type: 'string', format: 'uri' },
            },
          },
          verification: {
            type: 'object',
            additionalProperties: false,
            required: ['signatureValid', 'notRevoked', 'notExpired', 'issuerActive'],
            properties: {
              signatureValid: { type: 'boolean', description: "Ed25519 proof verified against the issuer's published did.json." },
              notRevoked: { type: 'boolean' },
              notExpired: { type: 'boolean' },
              issuerActive: { type: 'boolean', description: 'The issuing organization is approved and not suspended.' },
            },
          },
          reason: {
            type: 'object',
            additionalProperties: false,
            required: ['code', 'message'],
            description: 'Present when a check failed for a reason worth naming. Today: `key_compromised` (signatureValid is false).',
            properties: {
              code: { type: 'string', enum: ['key_compromised'] },
              message: { type: 'string', description: 'Names the key, when the proof was made and the instant the key was reported compromised.' },
            },
          },
          ob3Credential: ref('Ob3Credential'),
          features: {
            type: 'object',
            additionalProperties: false,
            required: ['qrCodeEnabled'],
            properties: { qrCodeEnabled: { type: 'boolean' } },
          },
        },
      },
      SubmittedVerification: {
        type: 'object',
        additionalProperties: false,
        required: ['valid', 'status', 'verification', 'checks', 'ob3Credential'],
        properties: {
          valid: { type: 'boolean', description: 'true only when every check passes (status valid).' },
          status: { type: 'string', enum: ['valid', 'expired', 'revoked', 'invalid'] },
          verification: {
            type: 'object',
            additionalProperties: false,
            required: [
              'signatureValid',
              'notRevoked',
              'notExpired',
              'issuerAuthenticated',
              'notBeforeValid',
              'structureValid',
              'statusAvailable',
            ],
            properties: {
              signatureValid: { type: 'boolean', description: 'At least one supported proof verifies and none fails.' },
              notRevoked: { type: 'boolean' },
              notExpired: { type: 'boolean' },
              issuerAuthenticated: {
                type: 'boolean',
                description:
                  'The signing key is shown to belong to the issuer (did:key, or its did:web / https controller document). Required for valid.',
              },
              notBeforeValid: { type: 'boolean' },
              structureValid: { type: 'boolean' },
              statusAvailable: { type: 'boolean', description: 'false when a status list could not be fetched (then not valid).' },
              issuerActive: {
                type: 'boolean',
                description: 'Only for credentials issued on this platform: the organization is approved and not suspended.',
              },
            },
          },
          checks: {
            type: 'array',
            description:
              'In order: format (VC-JWT only), context, type, structure, signature, issuer, notBefore, expiration, status; for ' +
              'credentials of this platform also registry and issuerActive. A proof made by one of this platform’s keys at or ' +
              'after the time its owner reported it compromised adds a failed keyNotCompromised check (status invalid).',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'passed', 'message'],
              properties: { name: { type: 'string' }, passed: { type: 'boolean' }, message: { type: 'string' } },
            },
          },
          ob3Credential: { type: ['object', 'null'], description: 'The credential that was verified (unwrapped), or null.' },
          issuedHere: {
            type: 'object',
            additionalProperties: false,
            required: ['credentialId', 'verificationUrl'],
            description: 'Present when the credential was issued on this platform and is public.',
            properties: {
              credentialId: { type: 'string', pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' },
              verificationUrl: { type: 'string', format: 'uri' },
            },
          },
        },
      },
    },
  },
  paths: {
    ...auditLogPaths,
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
          '503': {
            description: 'UNAVAILABLE: too many sign-ins at this moment (password checks are bounded); retry after Retry-After seconds.',
            headers: { 'Retry-After': { schema: { type: 'integer' } } },
            content: json(ref('Error')),
          },
        },
      },
    },
    '/api/auth/session': {
      post: {
        summary: 'Sign in from a browser: the session goes into an HttpOnly cookie, never into the body',
        description:
          'The same rules and the same failed-login limit as /api/auth/login. The answer carries the CSRF token that cookie-authenticated ' +
          'unsafe requests must send as `X-CSRF-Token`.',
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
          '200': {
            description: 'Signed in.',
            headers: {
              ...rateHeaders,
              ...setCookie('`session=<JWT>; HttpOnly; SameSite=Lax; Path=/; Max-Age=<seconds>` (plus `Secure` when BASE_URL is https).'),
            },
            content: json(sessionInfo),
          },
          '401': error('UNAUTHORIZED: wrong e-mail or password (the same answer for both).'),
          ...common,
        },
      },
      get: {
        summary: 'The current session (cookie or Bearer): the user as they are now, its expiry and CSRF token',
        security: session,
        responses: {
          ...ok('200', 'The session.', sessionInfo),
          '401': error('UNAUTHORIZED: no session, or it is invalid, expired or ended.'),
          '429': common['429'],
        },
      },
      delete: {
        summary: 'Sign out: ends the session everywhere (the token stops working too) and clears the cookie',
        security: session,
        responses: {
          '204': { description: 'Signed out.', headers: { ...rateHeaders, ...setCookie('Clears the `session` cookie.') } },
          '401': error('UNAUTHORIZED: no session, or it is invalid, expired or ended.'),
          '403': csrfRefused,
          '429': common['429'],
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
    '/api/me/credentials': {
      get: {
        summary: "The signed-in user's own credentials, from every organization (recipient view)",
        description:
          "Every credential issued to the user's e-mail address, private ones included, newest first (issuanceDate desc, id desc). " +
          "The address and whether it is verified are read from the user's current account, so an address verified after sign-in " +
          'counts at once. An unverified address sees nothing: 403.',
        security: session,
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        ],
        responses: {
          ...ok('200', 'One page and the exact total.', page(ref('RecipientCredential'))),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: "Verify your e-mail address to see the credentials issued to it".'),
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
        summary: "Change the name, domain, e-mail notifications or whether credentials carry recipients' names",
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
              recipientNameInCredentials: { type: 'boolean' },
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
    '/api/organizations/{orgId}/members': {
      parameters: [orgId],
      get: {
        summary: 'The members of the organization with their roles (every member may read it)',
        security: session,
        responses: {
          ...ok('200', 'Members: owners first, then admins, issuers, viewers; each group by joining time.', dataList(ref('Member'))),
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
          content: json({ type: 'object', additionalProperties: false, required: ['role'], properties: { role: roleSchema } }),
        },
        responses: {
          ...ok('200', 'The member with the new role.', ref('Member')),
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
          ...ok('200', 'Pending invitations, newest first (accepted, revoked and expired ones are not listed).', dataList(ref('Invitation'))),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
      post: {
        summary: 'Invite an e-mail address with a role; the link goes by e-mail and works once, for 7 days',
        security: session,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['email', 'role'],
            properties: { email: { type: 'string', maxLength: 254 }, role: roleSchema },
          }),
        },
        responses: {
          '201': {
            description: 'Invited; the e-mail is on its way.',
            headers: { ...rateHeaders, Location: { schema: { type: 'string' } } },
            content: json(ref('Invitation')),
          },
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '409': error('CONFLICT (details.field = email): the address belongs to a member, or has a pending invitation; or the organization has 100 pending invitations'),
          ...common,
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
    '/api/invitations/accept': {
      post: {
        summary: 'Accept an invitation, signed in with the invited address (which counts as verified from then on)',
        security: session,
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }),
        },
        responses: {
          ...ok(
            '200',
            'You are a member now.',
            {
              type: 'object',
              additionalProperties: false,
              required: ['organization', 'member'],
              properties: { organization: ref('Organization'), member: ref('Member') },
            },
          ),
          '401': error('UNAUTHORIZED: not signed in.'),
          '403': error('FORBIDDEN (details.reason = email_mismatch): signed in with another address than the invited one; or a failed CSRF check.'),
          '404': error('NOT_FOUND: no invitation has this token.'),
          '409': error(
            'CONFLICT: details.invitationStatus = accepted | revoked | expired (the link no longer works), or details.reason = already_member.',
          ),
          ...common,
        },
      },
    },
    '/api/invitations/{token}': {
      parameters: [{ name: 'token', in: 'path', required: true, description: "The token from the invitation e-mail's link.", schema: { type: 'string' } }],
      get: {
        summary: 'What an invitation offers (no sign-in needed: the token is the proof)',
        responses: {
          ...ok('200', 'A pending invitation.', ref('InvitationSummary')),
          '404': error('NOT_FOUND: no invitation has this token.'),
          '409': error('CONFLICT (details.invitationStatus = accepted | revoked | expired): the link no longer works.'),
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
          '403': error('FORBIDDEN: the signed-in member has not confirmed their e-mail address (details.reason = email_not_verified).'),
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
          ...ok('200', 'Keys, newest first.', dataList(ref('ApiKey'))),
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
        parameters: [IDEMPOTENCY_KEY_HEADER],
        requestBody: ISSUE_BODY,
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
      post: {
        summary: 'Issue a credential (member session); the body, rules and answers of POST /api/v1/credentials, on any plan',
        description:
          'For the web application: free-plan organizations issue here too (they have no /api/v1). The organization must still be ' +
          'approved and have signing keys, and the monthly recipient quota applies. `Idempotency-Key` works as on ' +
          'POST /api/v1/credentials; keys belong to the signed-in member within this organization. Location: the credential ' +
          'under this organization.',
        security: session,
        parameters: [IDEMPOTENCY_KEY_HEADER],
        requestBody: ISSUE_BODY,
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
          ...ok('200', 'The credential list item plus ob3Credential and renewalChain.', ref('CredentialDetail')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member, or not a credential of this organization.'),
          '429': common['429'],
        },
      },
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
            description: 'Queued (or, with a repeated Idempotency-Key, the job that key created, in its current status). Location: the job.',
            headers: {
              ...rateHeaders,
              Location: { schema: { type: 'string' } },
              'Idempotent-Replayed': {
                required: false,
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
                // A replay answers the job as it is now, which may be running already.
                status: { type: 'string', enum: ['queued', 'running', 'completed'] },
                total: { type: 'integer' },
              },
            }),
          },
          '400': error(
            'VALIDATION_ERROR: details.field = badgeId (missing, malformed, or the badge is deactivated) or file (missing, not UTF-8 text, no header name,email, no rows, more than 10,000 rows, or not valid CSV with details.line).',
          ),
          '401': error('UNAUTHORIZED'),
          '403': error(
            'FORBIDDEN: the organization is not approved or has no signing keys; or a signed-in member has not confirmed their e-mail address (details.reason = email_not_verified).',
          ),
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
          ...ok('200', 'A page of jobs.', page(ref('BulkIssuance'))),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/bulk-issuances/preview': {
      parameters: [orgId],
      post: {
        summary: 'What a bulk upload would do, row by row, without doing it',
        description:
          'The multipart body of POST .../bulk-issuances (`badgeId` and the CSV `file`, the same limits). Nothing is written: no job, ' +
          'no credential, no quota count. A bad badgeId, a deactivated or unknown badge, an organization that cannot issue and a ' +
          'malformed file give the errors of the upload. Each row gets the checks of a single issue and the transitions table ' +
          "against the recipient's credential of the badge as it is now: `issue`, `renew` (the reason names what is superseded), " +
          '`conflict` (an active non-expiring credential) or `invalid` (the reason says why). A repeated address is measured against ' +
          'the earlier row, as the real job issues one address in CSV order. The monthly quota is not simulated.',
        security: session,
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
          ...ok('200', 'Every data row with its outcome, and the counts.', ref('BulkIssuancePreview')),
          '400': error(
            'VALIDATION_ERROR: details.field = badgeId (missing, malformed, or the badge is deactivated) or file (as the upload).',
          ),
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: the organization is not approved or has no signing keys.'),
          '404': error("NOT_FOUND: unknown or another organization's badge (or organization)."),
          '413': error('PAYLOAD_TOO_LARGE: the CSV file is larger than 5 MiB (details.field = file, details.limitBytes).'),
          '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data.'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/bulk-issuances/{bulkIssuanceId}/report.csv': {
      parameters: [orgId, { name: 'bulkIssuanceId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        summary: 'The per-row results of a bulk issuance as a CSV download',
        description:
          'Header `row,name,email,outcome,credentialId,reason`, then one line per data row in row order (RFC 4180, CRLF, UTF-8). ' +
          '`outcome` is the row result as the job has it now: issued, renewed, conflict, invalid, failed, or pending. A cell that ' +
          'starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote, so that a spreadsheet shows ' +
          'it as text instead of running it as a formula.',
        security: session,
        responses: {
          '200': {
            description: 'The report (Content-Disposition: attachment; filename="bulk-{bulkIssuanceId}.csv").',
            headers: {
              ...rateHeaders,
              'Content-Disposition': { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string', enum: ['no-store'] } },
            },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          '400': error('VALIDATION_ERROR: the report takes no query parameters.'),
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's job."),
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
    '/api/organizations/{orgId}/signing-keys': {
      parameters: [orgId],
      post: {
        summary: "Generate the organization's Ed25519 signing keys (idempotent)",
        description:
          'The key pair is made by the signing service (the private key never leaves it) and published in ' +
          '/issuers/{slug}/did.json; the organization gets `signingKeysGenerated: true`, which /api/v1 requires.',
        security: session,
        responses: {
          ...ok('201', 'Generated now.', ref('SigningKeys')),
          ...ok('200', 'The organization already had its keys; nothing changed.', ref('SigningKeys')),
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
          ...ok('200', 'The keys.', ref('SigningKeyList')),
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
          '/issuers/{slug}/did.json, so credentials signed before verify everywhere as before. No request body.',
        security: session,
        responses: {
          ...ok('201', 'The new current key.', ref('SigningKey')),
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
          'Credentials whose proof was made by the key at or after `compromisedAt` fail verification on this platform with ' +
          'reason `key_compromised`; earlier ones still verify. A current key is first replaced by a new one. The key stays in ' +
          'did.json, so verifiers elsewhere cannot know the cutoff (ADR 0008). Reporting again keeps the earliest time.',
        security: session,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['compromisedAt'],
            properties: { compromisedAt: { type: 'string', format: 'date-time', description: 'Not in the future.' } },
          }),
        },
        responses: {
          ...ok('200', 'Recorded.', ref('SigningKeyCompromise')),
          '400': error('VALIDATION_ERROR (details.field = compromisedAt): missing, not a date-time, or in the future.'),
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: not an owner of the organization.'),
          '404': error('NOT_FOUND: not a member, or no such key.'),
          '429': common['429'],
          '503': unavailable,
        },
      },
    },
    '/api/organizations/{orgId}/badges': {
      parameters: [orgId],
      post: {
        summary: 'Create a badge template',
        description: 'name, description and criteria are required; the slug is derived from the name (made unique) unless given.',
        security: session,
        requestBody: { required: true, content: json({ allOf: [ref('BadgeInput'), { required: ['name', 'description', 'criteria'] }] }) },
        responses: {
          '201': {
            description: 'Created. Location: the badge.',
            headers: { ...rateHeaders, Location: { schema: { type: 'string' }, description: 'badges/{badgeId}, relative to this URL.' } },
            content: json(ref('Badge')),
          },
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
          '409': error('CONFLICT (details.field = slug): the slug is used by another badge of the organization.'),
          ...common,
        },
      },
      get: {
        summary: "The organization's badge templates, newest first (same query and answer as GET /api/v1/badges)",
        security: session,
        parameters: [...pageParameters(100), { name: 'active', in: 'query', schema: { type: 'boolean' } }],
        responses: {
          ...ok('200', 'A page of badges.', ref('BadgeList')),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/badges/{badgeId}': {
      parameters: [orgId, badgeId],
      get: {
        summary: 'One badge template',
        security: session,
        responses: {
          ...ok('200', 'The badge.', ref('Badge')),
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's badge."),
          '429': common['429'],
        },
      },
      patch: {
        summary: 'Change a badge template (only the fields sent)',
        description:
          '`null` clears imageUrl and expiresInDays and is refused for the other fields. Credentials already issued keep what they ' +
          'were signed with; renewals use the template as it is then.',
        security: session,
        requestBody: { required: true, content: json(ref('BadgeInput')) },
        responses: {
          ...ok('200', 'The badge.', ref('Badge')),
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's badge."),
          '409': error(
            'CONFLICT (details.field = slug): the slug is taken, or it cannot change because credentials were issued from the badge.',
          ),
          ...common,
        },
      },
      delete: {
        summary: 'Delete a badge template; one with credentials is deactivated instead',
        security: session,
        responses: {
          '204': { description: 'Deleted.', headers: rateHeaders },
          ...ok('200', 'The badge had credentials: it was deactivated (isActive false) instead, and is returned.', ref('Badge')),
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's badge."),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/badges/{badgeId}/image': {
      parameters: [orgId, badgeId],
      post: {
        summary: "Upload the badge's image (PNG, JPEG, WebP or SVG, at most 2 MiB)",
        description:
          'multipart/form-data with exactly one part, the file `image`. The type is decided from the bytes; scriptable or ' +
          'malformed SVG is refused. The badge then gets an imageUrl under /images/badges/{badgeId}/.',
        security: session,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['image'],
                properties: { image: { type: 'string', format: 'binary', contentMediaType: 'image/*' } },
              },
            },
          },
        },
        responses: {
          ...ok('200', 'The badge with its new imageUrl.', ref('Badge')),
          '400': error('VALIDATION_ERROR (details.field = image): missing, empty, not a PNG/JPEG/WebP/SVG, refused SVG, other fields.'),
          '401': error('UNAUTHORIZED'),
          '404': error("NOT_FOUND: unknown or another organization's badge."),
          '413': error('PAYLOAD_TOO_LARGE (details.field = image, details.limitBytes): larger than 2 MiB.'),
          '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data.'),
          '429': common['429'],
        },
      },
    },
    '/images/badges/{badgeId}/{file}': {
      parameters: [
        badgeId,
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'The SHA-256 (hex) of the image bytes and its extension, as in the badge imageUrl.',
          schema: { type: 'string', pattern: '^[0-9a-f]{64}\\.(png|jpg|webp|svg)$' },
        },
      ],
      get: {
        summary: 'A badge image (public, content-addressed, immutable)',
        description: 'Cross-origin readable; an SVG is served with a sandboxing Content-Security-Policy.',
        parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The image bytes as uploaded.',
            headers: {
              ...rateHeaders,
              'Cache-Control': cacheControl('public, max-age=31536000, immutable'),
              ETag: { schema: { type: 'string' }, description: 'The quoted content hash.' },
            },
            content: {
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/webp': { schema: { type: 'string', format: 'binary' } },
              'image/svg+xml': { schema: { type: 'string' } },
            },
          },
          '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: rateHeaders },
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/webhooks': {
      parameters: [orgId],
      post: {
        summary: 'Register an outbound webhook endpoint (Enterprise plan)',
        description:
          'Deliveries are POSTs with `X-Service-Signature` (hex HMAC-SHA256 of the raw body keyed with the secret), `X-Service-Event`, ' +
          '`X-Service-Timestamp` and `X-Service-Delivery`; at least once, retried from 30 seconds after a failure, doubling, for 24 hours. ' +
          'The URL must be https and resolve to a public address.',
        security: session,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['url', 'events'],
            properties: {
              url: { type: 'string', format: 'uri', maxLength: 2048 },
              events: { type: 'array', minItems: 1, maxItems: 20, items: ref('WebhookEvent') },
            },
          }),
        },
        responses: {
          '201': {
            description: 'Registered; the secret is shown in this response only (Cache-Control: no-store).',
            headers: { ...rateHeaders, 'Cache-Control': cacheControl('no-store') },
            content: json(ref('WebhookEndpointWithSecret')),
          },
          '400': error('VALIDATION_ERROR: details.field = url (malformed, not https, not public) or events (empty, unknown type).'),
          '401': error('UNAUTHORIZED'),
          '403': error('FORBIDDEN: outbound webhooks need the Enterprise plan (details.plan).'),
          '404': error('NOT_FOUND: not a member'),
          '409': error('CONFLICT: the organization has the maximum number of endpoints.'),
          '413': common['413'],
          '415': common['415'],
          '429': common['429'],
        },
      },
      get: {
        summary: "The organization's webhook endpoints (never their secrets)",
        security: session,
        responses: {
          ...ok('200', 'The endpoints.', dataList(ref('WebhookEndpoint'))),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/webhooks/{webhookId}': {
      parameters: [orgId, webhookId],
      delete: {
        summary: 'Remove a webhook endpoint (its pending deliveries are cancelled)',
        security: session,
        responses: {
          '204': { description: 'Removed.', headers: rateHeaders },
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries': {
      parameters: [orgId, webhookId],
      get: {
        summary: "An endpoint's deliveries, newest first, with their attempts",
        security: session,
        parameters: pageParameters(100),
        responses: {
          ...ok('200', 'A page of deliveries.', page(ref('WebhookDelivery'))),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries/{deliveryId}/replay': {
      parameters: [orgId, webhookId, deliveryId],
      post: {
        summary: 'Send a finished (succeeded, failed or cancelled) delivery again',
        security: session,
        responses: {
          ...ok('202', 'Queued again (status pending, a new 24-hour retry window).', ref('WebhookDelivery')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: unknown delivery, or not of this endpoint, or the endpoint was removed.'),
          '409': error('CONFLICT: the delivery is already queued.'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/webhooks/deliveries/{deliveryId}/replay': {
      parameters: [orgId, deliveryId],
      post: {
        summary: 'Replay a delivery by its id alone (same as .../webhooks/{webhookId}/deliveries/{deliveryId}/replay)',
        security: session,
        responses: {
          ...ok('202', 'Queued again.', ref('WebhookDelivery')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '409': error('CONFLICT: the delivery is already queued.'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/deliveries/{deliveryId}/replay': {
      parameters: [orgId, deliveryId],
      post: {
        summary: 'Replay a delivery (the path as docs/contract.md writes it; same as above)',
        security: session,
        responses: {
          ...ok('202', 'Queued again.', ref('WebhookDelivery')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '409': error('CONFLICT: the delivery is already queued.'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/webhooks/{webhookId}/ping': {
      parameters: [orgId, webhookId],
      post: {
        summary: 'Send one `webhook.ping` event now and report the attempt',
        description:
          'Made once, synchronously (up to about 20 seconds); not retried. The answer is 200 whether the endpoint accepted it or not.',
        security: session,
        responses: {
          ...ok('200', 'The delivery with its single attempt (status succeeded or failed).', ref('WebhookDelivery')),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/notifications': {
      parameters: [orgId],
      get: {
        summary: "The organization's e-mails and notices, newest first, with their delivery state",
        security: session,
        parameters: pageParameters(100),
        responses: {
          ...ok('200', 'A page of notifications.', page(ref('Notification'))),
          '400': common['400'],
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
          '429': common['429'],
        },
      },
    },
    '/api/organizations/{orgId}/analytics': {
      parameters: [orgId],
      get: {
        summary: "Verification counts of the organization's credentials per UTC day, channel, badge and outcome",
        description: 'Nothing about verifiers is recorded. Both days are included; at most 366 days.',
        security: session,
        parameters: [
          { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
        ],
        responses: {
          ...ok('200', 'Rows and totals.', ref('Analytics')),
          '400': error(
            'VALIDATION_ERROR: details.field = from or to (missing, not YYYY-MM-DD, not a date, to before from, more than 366 days).',
          ),
          '401': error('UNAUTHORIZED'),
          '404': error('NOT_FOUND: not a member'),
          '429': common['429'],
        },
      },
    },
    '/api/admin/session': {
      post: {
        summary: 'Operator console sign-in with the platform admin token: a 1-hour HttpOnly cookie (never the token itself)',
        description: 'Wrong tokens count against the per-IP failed-attempt limit of the authentication endpoints.',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string' } } }),
        },
        responses: {
          '200': {
            description: 'Signed in.',
            headers: {
              ...rateHeaders,
              ...setCookie('`admin_session=<signed value>; HttpOnly; SameSite=Strict; Path=/api/admin; Max-Age=3600` (plus `Secure` over https).'),
            },
            content: json(adminSessionInfo),
          },
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          ...common,
        },
      },
      get: {
        summary: 'The operator console session of the admin_session cookie',
        responses: {
          ...ok('200', 'The session.', adminSessionInfo),
          '401': error('UNAUTHORIZED: no valid admin_session cookie.'),
          '429': common['429'],
        },
      },
      delete: {
        summary: 'Sign out of the operator console: clears the cookie',
        security: admin,
        responses: {
          '204': { description: 'Signed out.', headers: { ...rateHeaders, ...setCookie('Clears the `admin_session` cookie.') } },
          '401': error('UNAUTHORIZED'),
          '403': csrfRefused,
          '429': common['429'],
        },
      },
    },
    '/api/admin/organizations': {
      get: {
        summary: 'All organizations, for platform operators',
        security: admin,
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending_approval', 'approved', 'suspended'] } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 } },
        ],
        responses: {
          ...ok('200', 'A page of organizations.', ref('OrganizationList')),
          '400': common['400'],
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          '429': common['429'],
        },
      },
    },
    '/api/admin/organizations/{orgId}': {
      parameters: [orgId],
      patch: {
        summary: "Set an organization's plan",
        security: admin,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['plan'],
            properties: { plan: { type: 'string', enum: ['free', 'professional', 'enterprise'] } },
          }),
        },
        responses: {
          ...ok('200', 'The organization.', ref('Organization')),
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          '404': error('NOT_FOUND'),
          ...common,
        },
      },
    },
    '/api/admin/organizations/{orgId}/approve': {
      parameters: [orgId],
      post: {
        summary: 'Approve an organization pending approval (approving an approved one changes nothing)',
        security: admin,
        responses: {
          ...ok('200', 'The organization (status approved).', ref('Organization')),
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          '404': error('NOT_FOUND'),
          '409': error('CONFLICT: a suspended organization is reinstated, not approved (details.status).'),
          '429': common['429'],
        },
      },
    },
    '/api/admin/organizations/{orgId}/suspend': {
      parameters: [orgId],
      post: {
        summary: 'Suspend an organization: its credentials verify as not valid and its API keys get 403',
        security: admin,
        responses: {
          ...ok('200', 'The organization (status suspended).', ref('Organization')),
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
        },
      },
    },
    '/api/admin/organizations/{orgId}/reinstate': {
      parameters: [orgId],
      post: {
        summary: 'Reinstate a suspended organization (status approved)',
        security: admin,
        responses: {
          ...ok('200', 'The organization (status approved).', ref('Organization')),
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          '404': error('NOT_FOUND'),
          '409': error('CONFLICT: only a suspended organization can be reinstated (details.status).'),
          '429': common['429'],
        },
      },
    },
    '/api/admin/organizations/{orgId}/signing-keys': {
      parameters: [orgId],
      post: {
        summary: "Generate an organization's signing keys (as the member route does)",
        security: admin,
        responses: {
          ...ok('201', 'Generated now.', ref('SigningKeys')),
          ...ok('200', 'The organization already had its keys; nothing changed.', ref('SigningKeys')),
          '401': error('UNAUTHORIZED: not the platform admin token.'),
          '404': error('NOT_FOUND'),
          '429': common['429'],
          '503': unavailable,
        },
      },
    },
    '/api/webhooks/stripe': {
      post: {
        summary: 'The payment provider (Stripe) posts subscription events here',
        description:
          'Authenticated by the `Stripe-Signature` header (t=..., v1=HMAC-SHA256 of `t.body` with the webhook secret, 5-minute ' +
          'tolerance), not by a key or session. The raw body (at most 1 MiB, any Content-Type) is verified byte for byte. Handled: ' +
          'checkout.session.completed, customer.subscription.created|updated|deleted, invoice.paid, invoice.payment_failed; other ' +
          'types are acknowledged and ignored; each event id is applied once.',
        parameters: [
          {
            name: 'Stripe-Signature',
            in: 'header',
            required: true,
            schema: { type: 'string' },
            description: '`t=<unix seconds>,v1=<hex HMAC-SHA256>`',
          },
        ],
        requestBody: { required: true, content: json({ type: 'object', description: 'A Stripe event.' }) },
        responses: {
          ...ok('200', 'Received (handled, ignored or a duplicate).', {
            type: 'object',
            additionalProperties: false,
            required: ['received'],
            properties: { received: { const: true } },
          }),
          '400': error('VALIDATION_ERROR: missing, bad or stale signature, or an empty or malformed body; nothing changes.'),
          '413': error('PAYLOAD_TOO_LARGE: more than 1 MiB.'),
          '429': common['429'],
          '503': error('UNAVAILABLE: the change could not be applied now; the provider retries.'),
        },
      },
    },
    '/healthz': {
      get: {
        summary: 'Platform readiness: 200 only when every service is ready',
        description: 'Not rate limited. Results are cached for one second.',
        responses: {
          '200': { description: 'Every service is ready.', headers: requestIdHeader, content: json(ref('Health')) },
          '503': { description: 'Some service is not ready (see checks).', headers: requestIdHeader, content: json(ref('Health')) },
        },
      },
    },
    '/api/verify/{credentialId}': {
      parameters: [publicCredentialRef],
      get: {
        summary: 'Verify a credential of this platform (public)',
        description:
          "Runs the four checks on every request: the Ed25519 signature against the issuer's did.json, expiry, revocation, and " +
          'the issuer being approved and not suspended. `valid` is true only when all pass; `status` stays the lifecycle status. ' +
          "A private credential needs the owning recipient's session (a missing, invalid or foreign one is 403, not 401). " +
          'Public answers are cross-origin readable.',
        security: publicOrRecipient,
        responses: {
          '429': common['429'],
          '200': publicOk('The verification.', 'application/json', ref('PublicVerification'), {
            'Cache-Control': cacheControl('`no-cache` (public) or `private, no-store` (a private credential, to its owner).'),
          }),
          '403': error('FORBIDDEN: the credential is private.'),
          '404': error('NOT_FOUND: no such credential (or not a CRD- id or UUID).'),
          '503': unavailable,
        },
      },
    },
    '/api/verify/credential': {
      post: {
        summary: 'Verify an Open Badges 3.0 credential from any platform (public)',
        description:
          'The body is the credential, or `{"credential": ...}` (the credential, or a VC-JWT as a compact JWS string); ' +
          'application/json or any application/*+json, at most 64 KiB. Remote documents (did:web, status lists) are fetched only ' +
          'over https from public addresses. A credential of this platform is also checked against its registry (revocation, ' +
          'expiry, issuer active) and, when public, answered with `issuedHere`. Problems with the credential itself are results ' +
          '(valid false, status invalid), not errors.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                anyOf: [
                  { type: 'object', required: ['credential'], properties: { credential: { type: ['object', 'string'] } } },
                  { type: 'object', required: ['@context'], description: 'The credential itself.' },
                ],
              },
            },
            'application/ld+json': { schema: { type: 'object' } },
          },
        },
        responses: {
          '429': common['429'],
          '200': publicOk('The verification result.', 'application/json', ref('SubmittedVerification'), {
            'Cache-Control': cacheControl('no-store'),
          }),
          '400': error(
            'VALIDATION_ERROR: empty body, not UTF-8 or not acceptable JSON (details.field = body), or not a credential ' +
              '(details.field = credential, details.reason = NOT_AN_OBJECT | MALFORMED_CREDENTIAL).',
          ),
          '413': error('PAYLOAD_TOO_LARGE: more than 64 KiB.'),
          '415': error('UNSUPPORTED_MEDIA_TYPE: not application/json or application/*+json.'),
          '503': unavailable,
        },
      },
    },
    '/api/verify/baked': {
      post: {
        summary: 'Verify a baked badge image (PNG or SVG) from any platform (public)',
        description:
          'multipart/form-data with the file `file`, or the raw image as image/png or image/svg+xml; at most 5 MiB. ' +
          'The embedded credential is verified as by POST /api/verify/credential.',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
            },
            'image/png': { schema: { type: 'string', format: 'binary' } },
            'image/svg+xml': { schema: { type: 'string' } },
          },
        },
        responses: {
          '429': common['429'],
          '200': publicOk('The verification result.', 'application/json', ref('SubmittedVerification'), {
            'Cache-Control': cacheControl('no-store'),
          }),
          '400': error(
            'VALIDATION_ERROR (details.field = file): no file, or details.reason = NO_CREDENTIAL (an image without a credential), ' +
              'UNSUPPORTED_IMAGE, MALFORMED_IMAGE or MALFORMED_CREDENTIAL.',
          ),
          '413': error('PAYLOAD_TOO_LARGE: more than 5 MiB.'),
          '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data, image/png or image/svg+xml (details.supported).'),
          '503': unavailable,
        },
      },
    },
    '/credentials/{credentialId}/ob3': {
      parameters: [publicCredentialRef],
      get: {
        summary: 'The signed Open Badges 3.0 credential, byte for byte as issued (public)',
        security: publicOrRecipient,
        responses: {
          '429': common['429'],
          '200': publicOk('The credential (JSON-LD).', 'application/ld+json', ref('Ob3Credential'), {
            'Cache-Control': cacheControl('`no-cache` (public) or `private, no-store` (a private credential, to its owner).'),
          }),
          '403': error('FORBIDDEN: the credential is private.'),
          '404': error('NOT_FOUND'),
          '503': unavailable,
        },
      },
    },
    '/api/credentials/{credentialId}/baked': {
      parameters: [publicCredentialRef],
      get: {
        summary: 'The badge image as PNG with the signed credential embedded (public)',
        description: 'One iTXt chunk `openbadgecredential` holds the stored credential bytes (Open Badges 3.0 baking).',
        security: publicOrRecipient,
        responses: {
          '429': common['429'],
          '200': publicOk(
            'The baked PNG.',
            'image/png',
            { type: 'string', format: 'binary' },
            {
              'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="CRD-....png"' },
              'Cache-Control': cacheControl('`no-cache` (public) or `private, no-store`.'),
            },
          ),
          '403': error('FORBIDDEN: the credential is private.'),
          '404': error('NOT_FOUND'),
          '503': unavailable,
        },
      },
    },
    '/issuers/{slug}/did.json': {
      parameters: [slugParam('slug', "The organization's slug.")],
      get: {
        summary: "The issuer's DID document (did:web): every non-revoked key as a Multikey, referenced from assertionMethod",
        responses: {
          '429': common['429'],
          '200': publicOk('The DID document.', 'application/did+json', ref('DidDocument'), {
            'Cache-Control': cacheControl('public, max-age=60'),
          }),
          '404': error('NOT_FOUND: unknown issuer, or no signing keys yet.'),
          '503': unavailable,
        },
      },
    },
    '/issuers/{slug}/status/{listNumber}': {
      parameters: [
        slugParam('slug', "The organization's slug."),
        {
          name: 'listNumber',
          in: 'path',
          required: true,
          description: 'The number of the list, from 1, as in a credential\'s `credentialStatus.statusListCredential`.',
          schema: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
        },
      ],
      get: {
        summary: "One of the issuer's revocation lists (W3C Bitstring Status List, signed with the issuer's key)",
        description:
          'A `BitstringStatusListCredential` whose bit `statusListIndex` is set when the credential that carries that index is ' +
          'revoked (renewal included). Re-signed before a revocation is answered; cached by each replica for at most 500 ms. ' +
          'HEAD and `If-None-Match` work; readable cross-origin.',
        parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
        responses: {
          '429': common['429'],
          '200': publicOk('The signed list.', 'application/ld+json', ref('StatusListCredential'), {
            'Cache-Control': cacheControl('public, max-age=5'),
            ETag: { schema: { type: 'string' }, description: 'Strong; changes with every re-signed list.' },
          }),
          '304': {
            description: 'Not modified (If-None-Match matched the ETag).',
            headers: { ...rateHeaders, 'Cache-Control': cacheControl('public, max-age=5'), ETag: { schema: { type: 'string' } } },
          },
          '404': error('NOT_FOUND: unknown issuer or list.'),
          '503': unavailable,
        },
      },
    },
    '/issuers/{slug}': {
      parameters: [slugParam('slug', "The organization's slug.")],
      get: {
        summary: "The issuer's Open Badges 3.0 Profile (JSON-LD)",
        responses: {
          '429': common['429'],
          '200': publicOk('The Profile.', 'application/ld+json', ref('IssuerProfile'), {
            'Cache-Control': cacheControl('public, max-age=300'),
          }),
          '404': error('NOT_FOUND: unknown issuer, or still pending approval.'),
          '503': unavailable,
        },
      },
    },
    '/achievements/{orgSlug}/{badgeSlug}': {
      parameters: [slugParam('orgSlug', "The organization's slug."), slugParam('badgeSlug', "The badge's slug.")],
      get: {
        summary: 'The badge as an Open Badges 3.0 Achievement (JSON-LD); deactivated badges stay published',
        responses: {
          '429': common['429'],
          '200': publicOk('The Achievement.', 'application/ld+json', ref('Achievement'), {
            'Cache-Control': cacheControl('public, max-age=300'),
          }),
          '404': error('NOT_FOUND'),
          '503': unavailable,
        },
      },
    },
    '/verify/{credentialId}': {
      parameters: [publicCredentialRef],
      get: {
        summary: 'The web verification page of a credential',
        description:
          'Status, the four checks, the achievement, the issuer (with the domain-verified mark), the recipient name and partial ' +
          'e-mail, dates, the revocation reason, renewal links, a QR code of the verification URL, and downloads.',
        security: publicOrRecipient,
        responses: {
          '429': common['429'],
          '200': htmlPage('The page.'),
          '403': htmlPage('The credential is private.'),
          '404': htmlPage('No such credential.'),
          '503': unavailable,
        },
      },
    },
    '/verify-lookup': {
      get: {
        summary: 'The lookup page: enter a credential id, or upload a baked badge',
        parameters: [{ name: 'id', in: 'query', required: false, schema: { type: 'string' }, description: 'A CRD- id or UUID.' }],
        responses: {
          '429': common['429'],
          '200': htmlPage('The forms (no `id`).'),
          '303': {
            description: 'A well-formed `id`: redirect to its verification page.',
            headers: { ...rateHeaders, Location: { schema: { type: 'string' }, description: '/verify/{credentialId}' } },
          },
          '400': htmlPage('The forms again, saying the `id` is not a credential id.'),
          '503': unavailable,
        },
      },
      post: {
        summary: "The lookup page's upload: verifies a baked PNG/SVG of any platform and shows the result",
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
            },
          },
        },
        responses: {
          '429': common['429'],
          '200': htmlPage('The result page (as POST /api/verify/baked).'),
          '400': htmlPage('The form again with the reason (no file, no credential inside, not an image).'),
          '413': htmlPage('The form again: the file is larger than 5 MiB.'),
          '415': htmlPage('The form again: not multipart/form-data.'),
          '503': unavailable,
        },
      },
    },
    '/o/{orgSlug}/badges/{badgeSlug}': {
      parameters: [slugParam('orgSlug', "The organization's slug."), slugParam('badgeSlug', "The badge's slug.")],
      get: {
        summary: 'The public page of a badge',
        responses: {
          '429': common['429'],
          '200': htmlPage('The page.'),
          '404': htmlPage('Unknown badge, or the issuer is still pending approval.'),
          '503': unavailable,
        },
      },
    },
    '/o/{orgSlug}/badges/{badgeSlug}/image.png': {
      parameters: [slugParam('orgSlug', "The organization's slug."), slugParam('badgeSlug', "The badge's slug.")],
      get: {
        summary: 'The badge image as PNG (converted from JPEG/WebP/SVG, or a placeholder), as the pages show it',
        responses: {
          '429': common['429'],
          '200': publicOk(
            'The PNG.',
            'image/png',
            { type: 'string', format: 'binary' },
            {
              'Cache-Control': cacheControl('public, max-age=300'),
              ETag: { schema: { type: 'string' } },
            },
          ),
          '404': error('NOT_FOUND'),
          '503': unavailable,
        },
      },
    },
    '/claim/{credentialId}': {
      parameters: [publicCredentialRef],
      get: {
        summary: 'The claim page behind the link of the issue e-mail',
        description: 'A form (no script) that posts the token to POST /claim/{credentialId}. Shows nothing of the credential itself.',
        parameters: [
          { name: 'token', in: 'query', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,128}$' } },
          {
            name: 'result',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['claimed', 'invalid_token', 'conflict', 'not_found', 'error'] },
            description: 'Set by the redirect of POST /claim/{credentialId}.',
          },
        ],
        responses: {
          '429': common['429'],
          '200': htmlPage('The page (Cache-Control: no-store).'),
          '404': htmlPage('Not a CRD- id or UUID.'),
          '503': unavailable,
        },
      },
      post: {
        summary: "The claim page's form: claims the credential with the token, then redirects back to the page",
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { token: { type: 'string' } } },
            },
          },
        },
        responses: {
          '303': {
            description:
              'Redirect to /claim/{credentialId}?result=claimed, or ?result=invalid_token|conflict|not_found when the claim was refused.',
            headers: { ...rateHeaders, Location: { schema: { type: 'string' } } },
          },
          '404': error('NOT_FOUND: not a CRD- id or UUID.'),
          '413': error('PAYLOAD_TOO_LARGE: a form larger than 4 KiB.'),
          '429': common['429'],
          '503': unavailable,
        },
      },
    },
    '/api/v1/openapi.json': {
      get: {
        summary: 'This document (no API key needed)',
        responses: {
          '200': {
            description: 'OpenAPI 3.1',
            headers: { ...rateHeaders, 'Cache-Control': cacheControl('public, max-age=300') },
            content: json({ type: 'object' }),
          },
          '429': common['429'],
        },
      },
    },
  },
} as const;

/**
 * Every operation that takes a session or admin cookie with an unsafe method may answer 403 for a
 * failed CSRF check; documented once here rather than on each operation.
 */
for (const ops of Object.values(openApiDocument.paths) as Array<Record<string, { security?: ReadonlyArray<Record<string, unknown>>; responses?: Record<string, unknown> }>>) {
  for (const [method, op] of Object.entries(ops)) {
    if (!['post', 'put', 'patch', 'delete'].includes(method) || !op.security || !op.responses) continue;
    if (!op.security.some((s) => 'sessionCookie' in s || 'adminCookie' in s)) continue;
    op.responses['403'] ??= csrfRefused;
  }
}

type Parameter = { name: string; in: string };
type Operation = {
  summary?: string;
  description?: string;
  security?: unknown;
  parameters?: Parameter[];
  responses: Record<string, { description?: string } | undefined>;
};
type PathItem = Record<string, unknown> & { parameters?: Parameter[] };
const paths = openApiDocument.paths as unknown as Record<string, PathItem>;

/**
 * Idempotency-Key on a POST that creates or sends something (the gateway's Redis records, the
 * same rules as on POST /api/v1/credentials): the header, and the answers it adds.
 */
function withIdempotencyKey(op: Operation): void {
  const parameters = op.parameters ?? [];
  if (!parameters.some((p) => p.name === 'Idempotency-Key')) op.parameters = [...parameters, IDEMPOTENCY_KEY_HEADER];
  op.description =
    `${op.description ? `${op.description} ` : ''}Send \`Idempotency-Key\` to make a retry safe: the same key and request within 24 hours ` +
    'answer the first 2xx again with `Idempotent-Replayed: true` and do nothing; the same key with another request is 422; ' +
    'while the first still runs, 409 with Retry-After: 1. Keys belong to the caller (the API key, or the member) in the organization.';
  const conflict = op.responses['409'];
  op.responses['409'] = error(
    `${conflict?.description ? `${conflict.description}; or ` : ''}CONFLICT (details.field = Idempotency-Key, with Retry-After: 1): a request with this key is still being processed.`,
  );
  op.responses['422'] = error('UNPROCESSABLE (details.field = Idempotency-Key): the key was already used with a different request.');
  for (const [status, response] of Object.entries(op.responses)) {
    if (!/^2/.test(status) || !response) continue;
    const r = response as { headers?: Record<string, unknown> };
    r.headers = { ...(r.headers ?? {}), 'Idempotent-Replayed': REPLAYED_HEADER_DOC };
  }
  op.responses['503'] ??= error('UNAVAILABLE: a service behind the gateway, or the Idempotency-Key store, is unavailable; retry later.');
}

const REPLAYED_HEADER_DOC = {
  required: false,
  description: '`true` when the answer is the stored answer of an earlier request with this Idempotency-Key.',
  schema: { type: 'string', enum: ['true'] },
};
const MEMBER = '/api/organizations/{orgId}';
const KEYED_MEMBER_POSTS = [
  '/badges',
  '/badges/{badgeId}/image',
  '/webhooks',
  '/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
  '/webhooks/deliveries/{deliveryId}/replay',
  '/deliveries/{deliveryId}/replay',
  '/webhooks/{webhookId}/ping',
  '/signing-keys/rotate',
  '/invitations',
];
for (const suffix of KEYED_MEMBER_POSTS) withIdempotencyKey(paths[MEMBER + suffix]!.post as Operation);

/**
 * The /api/v1 form of a member operation: the same route, body and answers, called with an API
 * key for the key's organization (no orgId in the path), so 401/403 are the API key's.
 */
function forApiKeys(op: Operation, parameters: Parameter[] | undefined): Operation {
  const responses = { ...op.responses };
  responses['401'] = error('UNAUTHORIZED: missing, invalid or revoked API key.');
  const forbidden = responses['403'];
  const also = forbidden?.description && forbidden !== csrfRefused ? `; or ${forbidden.description}` : '';
  responses['403'] = error(
    `FORBIDDEN: plan without API access, organization not approved or suspended, or signing keys not generated${also}`,
  );
  const notFound = responses['404']?.description;
  if (notFound) {
    // A key acts for its own organization: "not a member" cannot happen.
    const text = notFound.replace(/: not a member(?:, or |; |$)/, ': ').replace(/ \(or organization\)/, '').replace(/: $/, '');
    responses['404'] = error(text);
  }
  responses['429'] ??= common['429'];
  return {
    ...op,
    summary: (op.summary ?? '').replace(/ \(member session\)/, ''),
    security: [{ apiKey: [] }],
    ...(parameters && parameters.length > 0 ? { parameters } : {}),
    responses,
  };
}

/**
 * What an organization manages is served to its API keys under /api/v1 by the member routers
 * (app.ts mounts the same routers in both places), so each /api/v1 operation is derived from its
 * member operation here instead of being written twice.
 */
const V1_FROM_MEMBER: Array<{ suffix: string; methods?: string[]; pathParameter?: Parameter }> = [
  { suffix: '/badges' },
  { suffix: '/badges/{badgeId}' },
  { suffix: '/badges/{badgeId}/image' },
  { suffix: '/bulk-issuances' },
  { suffix: '/bulk-issuances/preview' },
  { suffix: '/bulk-issuances/{bulkIssuanceId}' },
  { suffix: '/bulk-issuances/{bulkIssuanceId}/report.csv' },
  { suffix: '/webhooks' },
  { suffix: '/webhooks/{webhookId}' },
  { suffix: '/webhooks/{webhookId}/deliveries' },
  { suffix: '/webhooks/{webhookId}/deliveries/{deliveryId}/replay' },
  { suffix: '/webhooks/deliveries/{deliveryId}/replay' },
  { suffix: '/deliveries/{deliveryId}/replay' },
  { suffix: '/webhooks/{webhookId}/ping' },
  // Revocation; under /api/v1 the path takes the UUID only.
  { suffix: '/credentials/{credentialId}', methods: ['delete'], pathParameter: uuidParam('credentialId') as Parameter },
];
for (const { suffix, methods, pathParameter } of V1_FROM_MEMBER) {
  const member = paths[MEMBER + suffix]!;
  const target: PathItem = (paths[`/api/v1${suffix}`] ??= {});
  const shared = (member.parameters ?? [])
    .filter((p) => p.name !== 'orgId')
    .map((p) => (pathParameter && p.name === pathParameter.name ? pathParameter : p));
  for (const method of methods ?? ['get', 'post', 'patch', 'delete']) {
    const op = member[method] as Operation | undefined;
    if (!op) continue;
    target[method] = forApiKeys(op, [...shared, ...(op.parameters ?? [])]);
  }
}

/**
 * Every member operation may answer 403 when the caller's role lacks the permission the route
 * needs (http/role-permissions.ts, docs/roles.md); documented once here. Added after the /api/v1
 * operations were derived: API keys act as the organization and have no role.
 */
const roleRefused = 'FORBIDDEN (details.role, details.permission): your role in the organization does not allow this (docs/roles.md)';
for (const [path, item] of Object.entries(paths)) {
  if (path !== MEMBER && !path.startsWith(`${MEMBER}/`)) continue;
  for (const method of ['get', 'post', 'patch', 'delete']) {
    const op = item[method] as Operation | undefined;
    if (!op) continue;
    const existing = op.responses['403'];
    op.responses['403'] = error(existing?.description ? `${roleRefused}; or ${existing.description}` : `${roleRefused}.`);
  }
}
