/**
 * What the operation definitions (./*.ts beside this file) share: the error and page shapes, the
 * rate-limit headers, the security requirements and the common parameters.
 */
import { ErrorBody, Pagination } from '../schemas/common.js';
import { IssuedCredential } from '../schemas/credentials.js';
import { User } from '../schemas/accounts.js';

/** Path items by path template, as in the document's `paths`. */
export type PathItems = Record<string, Record<string, unknown>>;

export const json = (schema: unknown) => ({ 'application/json': { schema } });
/** A required multipart/form-data request body whose parts `schema` describes. */
export const multipartBody = (schema: unknown) => ({ required: true, content: { 'multipart/form-data': { schema } } });
export const error = (description: string) => ({ description, content: json(ErrorBody) });
export const rateHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};
/** `{data: [item]}`: a whole collection. */
export const dataList = (item: unknown) => ({
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: item } },
});
/** `{data: [item], pagination}`: one page of a list (limit, offset, total). */
export const page = (item: unknown) => ({
  type: 'object',
  additionalProperties: false,
  required: ['data', 'pagination'],
  properties: { data: { type: 'array', items: item }, pagination: Pagination },
});
export const ok = (status: string, description: string, schema: unknown) => ({
  [status]: { description, headers: rateHeaders, content: json(schema) },
});
export const common = {
  '400': error('VALIDATION_ERROR: malformed body or parameters; `details.field` names the field.'),
  '413': error('PAYLOAD_TOO_LARGE: JSON bodies are limited to 64 KiB.'),
  '415': error('UNSUPPORTED_MEDIA_TYPE: bodies must be application/json.'),
  '429': {
    description: 'RATE_LIMITED. Carries Retry-After (seconds).',
    headers: { ...rateHeaders, 'Retry-After': { schema: { type: 'integer' } } },
    content: json(ErrorBody),
  },
};
/** Session routes take the JWT as a Bearer token or, from browsers, as the `__Host-session` cookie. */
export const session = [{ session: [] }, { sessionCookie: [] }];
export const credentialRef = {
  name: 'credentialId',
  in: 'path',
  required: true,
  description: 'The credential UUID or its CRD- id.',
  schema: { type: 'string', pattern: '^(?:[0-9a-fA-F-]{36}|CRD-[0-9A-HJKMNP-TV-Z]{12})$' },
};
export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    '1-255 printable ASCII characters (0x20-0x7E), bare or as a quoted structured-field string (`"abc"` is the key `abc`); ' +
    'a UUID is recommended. Anything else, or the header twice: 400 VALIDATION_ERROR with details.field = Idempotency-Key.',
  schema: { type: 'string', minLength: 1, maxLength: 512 },
};
/** The answers of an issue, apart from 403 (which differs between the API key and the member route). */
export const issueResponses = (notFound: string) => ({
  ...ok(
    '201',
    'The issued credential (status pending); a replay (Idempotency-Key) also carries `Idempotent-Replayed: true`.',
    IssuedCredential,
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
  '503': error('UNAVAILABLE: a service behind the gateway is unavailable; retry later.'),
});
export const orgId = { name: 'orgId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
export const keyId = { name: 'keyId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
export const ts = { type: 'string', format: 'date-time' };
export const uuidParam = (name: string, description?: string) => ({
  name,
  in: 'path',
  required: true,
  ...(description ? { description } : {}),
  schema: { type: 'string', format: 'uuid' },
});
export const badgeId = uuidParam('badgeId');
export const webhookId = uuidParam('webhookId');
export const deliveryId = uuidParam('deliveryId');
export const slugParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$' },
});
export const admin = [{ admin: [] }, { adminCookie: [] }];
/**
 * Public verification surfaces: no authentication; a private credential needs the owning
 * recipient's session (`Authorization: Bearer <session JWT>` or the `__Host-session` cookie).
 */
export const publicOrRecipient = [{}, { session: [] }, { sessionCookie: [] }];
export const csrfRefused = error(
  'FORBIDDEN: a cookie-authenticated request with an unsafe method lacks the right X-CSRF-Token header, or its Origin is not this site.',
);
export const setCookie = (description: string) => ({ 'Set-Cookie': { description, schema: { type: 'string' } } });
export const sessionInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'expiresAt', 'csrfToken'],
  properties: {
    user: User,
    expiresAt: ts,
    csrfToken: {
      type: 'string',
      description: 'Send as `X-CSRF-Token` on POST, PUT, PATCH and DELETE requests authenticated by the cookie.',
    },
  },
};
export const adminSessionInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['expiresAt', 'csrfToken'],
  properties: {
    expiresAt: ts,
    csrfToken: { type: 'string', description: 'Send as `X-CSRF-Token` on unsafe requests authenticated by the __Host-admin_session cookie.' },
  },
};
/** On a credential path outside /api/v1: the CRD- id (case-insensitive) or the UUID; anything else is 404. */
export const publicCredentialRef = {
  ...credentialRef,
  description: 'The CRD- id (case-insensitive) or the credential UUID; anything else is 404.',
  schema: { type: 'string', maxLength: 64 },
};
/** /healthz carries only the request id (probes are not rate limited). */
export const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
export const cacheControl = (description: string) => ({ description, schema: { type: 'string' } });
export const publicOk = (description: string, mediaType: string, schema: unknown, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...rateHeaders, ...headers },
  content: { [mediaType]: { schema } },
});
/** An HTML page of the verification service (server-rendered, no script, strict CSP). */
export const htmlPage = (description: string, headers: Record<string, unknown> = {}) => ({
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
export const unavailable = error('UNAVAILABLE: the service behind the gateway is unavailable; retry later.');
