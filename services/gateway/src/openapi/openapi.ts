/**
 * The OpenAPI 3.1 document of every route the gateway serves on its HTTP port, generated from the
 * definitions (docs/adr/0010-schema-first-http.md): the named schemas of ./schemas/*.ts (TypeBox,
 * the same objects that validate requests and type the responses) and the operations of
 * ./operations/*.ts. Served at /api/v1/openapi.json; the gateway tests validate real responses
 * against it and check that every route the gateway registers is one of its operations.
 */
import type { TSchema } from '@sinclair/typebox';
import { components } from './kit.js';
import { accountPaths } from './operations/accounts.js';
import { auditPaths } from './operations/audit.js';
import { authPaths } from './operations/auth.js';
import { badgesPaths } from './operations/badges.js';
import { bulkPaths } from './operations/bulk.js';
import { credentialsPaths } from './operations/credentials.js';
import { platformPaths } from './operations/platform.js';
import { publicPaths } from './operations/public.js';
import { webhooksPaths } from './operations/webhooks.js';
import { common, csrfRefused, error, IDEMPOTENCY_KEY_HEADER, uuidParam } from './operations/shared.js';

const SCHEMA_REF = '#/components/schemas/';

/**
 * The definitions as plain JSON: a named schema met inside an operation or another schema becomes
 * a `$ref` to components.schemas, and the `$ref`s of ./kit.ts's Ref (by name) become pointers.
 */
function plain(value: unknown, top?: TSchema): unknown {
  if (Array.isArray(value)) return value.map((v) => plain(v));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const id = record.$id;
  if (typeof id === 'string' && value !== top && components.get(id) === value) return { $ref: SCHEMA_REF + id };
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) {
    if (key === '$id' && value === top) continue;
    out[key] = key === '$ref' && typeof v === 'string' && !v.startsWith('#') ? SCHEMA_REF + v : plain(v);
  }
  return out;
}

const definedPaths: Record<string, Record<string, unknown>> = {
  ...auditPaths,
  ...authPaths,
  ...accountPaths,
  ...credentialsPaths,
  ...bulkPaths,
  ...badgesPaths,
  ...webhooksPaths,
  ...platformPaths,
  ...publicPaths,
};

/**
 * Every operation that takes a session or admin cookie with an unsafe method may answer 403 for a
 * failed CSRF check; documented once here rather than on each operation.
 */
for (const ops of Object.values(definedPaths) as Array<
  Record<string, { security?: ReadonlyArray<Record<string, unknown>>; responses?: Record<string, unknown> }>
>) {
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
const paths: Record<string, PathItem> = definedPaths;

/**
 * Idempotency-Key on a POST that creates or sends something (the same rules as on POST
 * /api/v1/credentials): the header, and the answers it adds. The service owning the effect keeps
 * the record with the effect (docs/decisions.md "Idempotency-Key"): no Redis involved, and a
 * retry after a lost answer is answered the stored one.
 */
function withIdempotencyKey(op: Operation): void {
  const parameters = op.parameters ?? [];
  if (!parameters.some((p) => p.name === 'Idempotency-Key')) op.parameters = [...parameters, IDEMPOTENCY_KEY_HEADER];
  op.description =
    `${op.description ? `${op.description} ` : ''}Send \`Idempotency-Key\` to make a retry safe: the same key and request within 24 hours ` +
    'answer the first 2xx again with `Idempotent-Replayed: true` and do nothing; the same key with another request is 422; ' +
    'while the first still runs, 409 with Retry-After: 1. Keys belong to the caller (the API key, or the member) in the organization. ' +
    'The key is stored with the change itself, so a retry after a lost answer (a timeout) is answered the stored one.';
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
  op.responses['503'] ??= error('UNAVAILABLE: a service behind the gateway is unavailable; retry later.');
}

const REPLAYED_HEADER_DOC = {
  required: false,
  description: '`true` when the answer is the stored answer of an earlier request with this Idempotency-Key.',
  schema: { type: 'string', enum: ['true'] },
};
const MEMBER = '/api/organizations/{orgId}';
/** Keyed POSTs of the member routes (their /api/v1 forms follow); the issue's are documented with it. */
const KEYED_MEMBER_POSTS = [
  '/badges',
  '/badges/{badgeId}/image',
  '/signing-keys/rotate',
  '/webhooks',
  '/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
  '/webhooks/deliveries/{deliveryId}/replay',
  '/deliveries/{deliveryId}/replay',
  '/webhooks/{webhookId}/ping',
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
    const text = notFound
      .replace(/: not a member(?:, or |; |$)/, ': ')
      .replace(/ \(or organization\)/, '')
      .replace(/: $/, '');
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
const V1_FROM_MEMBER = [
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
] as const;
type FromMember = { suffix: string; methods?: readonly string[]; pathParameter?: Parameter };
for (const { suffix, methods, pathParameter } of V1_FROM_MEMBER as readonly FromMember[]) {
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

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Defined = typeof auditPaths &
  typeof authPaths &
  typeof accountPaths &
  typeof credentialsPaths &
  typeof bulkPaths &
  typeof badgesPaths &
  typeof webhooksPaths &
  typeof platformPaths &
  typeof publicPaths;
/** The /api/v1 path items V1_FROM_MEMBER derives: the member item's methods (or those listed). */
type DerivedForApiKeys = {
  [E in (typeof V1_FROM_MEMBER)[number] as `/api/v1${E['suffix']}`]: {
    [M in Extract<keyof Defined[`${typeof MEMBER}${E['suffix']}`], E extends { methods: readonly (infer L)[] } ? L : HttpMethod>]: unknown;
  };
};
/**
 * The document's paths as a type: each path template with its methods, written in
 * ./operations/*.ts or derived above. Routes are registered against it (../http/routes-kit.ts),
 * so a route the document lacks does not compile.
 */
export type DocumentedPaths = Defined & DerivedForApiKeys;

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
        name: '__Host-session',
        description:
          'The browser session cookie set by POST /api/auth/session (HttpOnly, Secure, SameSite=Lax, Path=/, no Domain), used only when there is no Authorization ' +
          'header. POST, PUT, PATCH and DELETE requests authenticated by it need `X-CSRF-Token` (from the session answer), and an ' +
          '`Origin` header, when sent, must be this site: otherwise 403. Not accepted on /api/v1.',
      },
      adminCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: '__Host-admin_session',
        description:
          'The operator console cookie set by POST /api/admin/session (HttpOnly, Secure, SameSite=Strict, Path=/, no Domain, 1 hour), used only when there is no ' +
          'Authorization header; unsafe methods need `X-CSRF-Token` and a same-site Origin, as for the session cookie.',
      },
      admin: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A platform operator token (`PLATFORM_ADMIN_TOKEN`, or one of the named `PLATFORM_ADMIN_TOKENS` of the configuration), for ' +
          '/api/admin. Wrong tokens count against the per-IP failed-attempt limit of the authentication endpoints: past it, 429.',
      },
    },
    headers: {
      'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed in the window.' },
      'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the window.' },
      'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time (seconds) when the window resets.' },
      'X-Request-Id': { schema: { type: 'string' }, description: 'Request id, also in every log line of the request.' },
    },
    schemas: Object.fromEntries([...components].map(([name, schema]) => [name, plain(schema, schema)])),
  },
  paths: plain(paths) as Record<string, Record<string, unknown>>,
};
