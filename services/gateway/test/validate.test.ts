// @unit
// Request validation from the definitions (docs/adr/0010-schema-first-http.md): the schema the
// OpenAPI document shows is the one that refuses a body, with the field named as a path.
import t from 'tap';
import { AppError } from '@cred/runtime';
import { validate, validateQuery } from '../src/http/validate.js';
import { CreateApiKeyBody, LoginBody, SignUpBody } from '../src/openapi/schemas/accounts.js';
import { CreateWebhookBody } from '../src/openapi/schemas/webhooks.js';
import { IssueCredentialBody } from '../src/openapi/schemas/credentials.js';
import { openApiDocument } from '../src/openapi/openapi.js';
import { queryParameters } from '../src/openapi/kit.js';
import {
  AnalyticsQuery,
  ApiKeyListQuery,
  BadgeListQuery,
  CredentialListQuery,
  NoQuery,
  OrganizationListQuery,
  WebhookPageQuery,
} from '../src/openapi/schemas/queries.js';

const refused = (schema: Parameters<typeof validate>[0], value: unknown) => {
  try {
    validate(schema, value);
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, field: (err.details as { field?: string }).field, message: err.message };
    throw err;
  }
  return undefined;
};

const refusedQuery = (schema: Parameters<typeof validateQuery>[0], query: unknown) => {
  try {
    validateQuery(schema, query);
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.httpStatus, field: (err.details as { field?: string }).field, message: err.message };
    throw err;
  }
  return undefined;
};

const issue = { badgeId: '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b', recipient: { name: 'Ada', email: 'ada@example.com' } };

t.test('a valid body comes back as it was, typed', async (t) => {
  const body = validate(IssueCredentialBody, { ...issue, narrative: 'Did it.' });
  t.equal(body.recipient.email, 'ada@example.com');
  t.equal(body.narrative, 'Did it.');
});

t.test('each problem is a 400 VALIDATION_ERROR naming the field as a path', async (t) => {
  const cases: Array<[unknown, string, string]> = [
    ['a string', 'body', 'The body must be a JSON object'],
    [{}, 'badgeId', 'badgeId is required'],
    [{ ...issue, extra: 1 }, 'extra', 'Unknown field: extra'],
    [{ ...issue, recipient: { ...issue.recipient, nick: 'x' } }, 'recipient.nick', 'Unknown field: recipient.nick'],
    [{ ...issue, recipient: { name: 'Ada' } }, 'recipient.email', 'recipient.email is required'],
    [{ ...issue, recipient: { name: 'Ada', email: 5 } }, 'recipient.email', 'recipient.email must be a string'],
    [{ ...issue, evidence: [{ url: 'https://example.com', link: 'x' }] }, 'evidence[0].link', 'Unknown field: evidence[0].link'],
    [{ ...issue, evidence: [{}] }, 'evidence[0]', 'evidence[0] needs at least one field'],
    [{ ...issue, results: [{ resultDescription: 'urn:uuid:x', status: 'Done' }] }, 'results[0].status', ''],
    [{ ...issue, narrative: 'x'.repeat(5001) }, 'narrative', 'narrative is too long (at most 5000 characters)'],
  ];
  for (const [value, field, message] of cases) {
    const r = refused(IssueCredentialBody, value);
    t.equal(r?.code, 'VALIDATION_ERROR', `${JSON.stringify(value).slice(0, 80)}: refused`);
    t.equal(r?.field, field, `details.field = ${field}`);
    if (message) t.equal(r?.message, message);
  }
});

t.test('an unknown field is told before a missing one', async (t) => {
  t.equal(refused(IssueCredentialBody, { isAdmin: true })?.field, 'isAdmin');
});

t.test('numbers: integers in range only', async (t) => {
  for (const rate of [0, 10001, 1.5, '60']) {
    t.equal(refused(CreateApiKeyBody, { name: 'k', rateLimitPerMinute: rate })?.field, 'rateLimitPerMinute', `${String(rate)} refused`);
  }
  t.equal(refused(CreateApiKeyBody, { name: 'k', rateLimitPerMinute: 60 }), undefined, '60 passes');
});

t.test('the served document shows the validating schema for the issue body', async (t) => {
  const doc = openApiDocument as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  };
  const shown = doc.paths['/api/v1/credentials']!.post!.requestBody!.content['application/json']!.schema;
  t.same(shown, JSON.parse(JSON.stringify(IssueCredentialBody)), 'the same JSON Schema');
  t.same(doc.paths['/api/organizations/{orgId}/credentials']!.post!.requestBody!.content['application/json']!.schema, shown);
});

t.test('sign-up and login bodies: the lengths the document states, a pattern told in words', async (t) => {
  const signup = { email: 'ada@example.com', password: 'correct horse battery', name: 'Ada' };
  t.equal(refused(SignUpBody, signup), undefined, 'a recipient account');
  t.equal(refused(SignUpBody, { ...signup, organization: null }), undefined, 'organization null: none');
  t.equal(refused(SignUpBody, { ...signup, organization: { name: 'Acme', slug: 'acme-1' } }), undefined, 'with an organization');
  t.same(refused(SignUpBody, { ...signup, organization: { name: 'Acme', slug: 'Bad Slug!' } }), {
    code: 'VALIDATION_ERROR',
    field: 'organization.slug',
    message: 'organization.slug must be 1-64 lower-case letters, digits or hyphens, not starting or ending with a hyphen',
  });
  t.same(refused(SignUpBody, { ...signup, organization: { name: 'Acme', slug: 'acme', plan: 'enterprise' } })?.field, 'organization.plan');
  t.same(refused(SignUpBody, { ...signup, organization: 'acme' })?.field, 'organization');
  t.equal(refused(SignUpBody, { ...signup, password: 'short' })?.message, 'password must be at least 12 characters');
  t.equal(refused(SignUpBody, { ...signup, password: 'p'.repeat(1025) })?.field, 'password');
  t.equal(refused(SignUpBody, { ...signup, email: `a${'x'.repeat(260)}@example.com` })?.field, 'email');
  t.equal(refused(LoginBody, { email: '', password: 'x' })?.message, 'email must not be empty');
  t.equal(refused(LoginBody, { email: ['a@b.co'], password: 'x' })?.message, 'email must be a string');
  t.equal(refused(LoginBody, { email: 'a@b.co' })?.message, 'password is required');
});

t.test('webhook registration: known event types only, 1 to 20 of them', async (t) => {
  const body = { url: 'https://hooks.example.com/x', events: ['credential.issued'] };
  t.equal(refused(CreateWebhookBody, body), undefined);
  t.equal(refused(CreateWebhookBody, { ...body, events: [] })?.message, 'events must not be empty');
  t.equal(refused(CreateWebhookBody, { ...body, events: ['credential.issued', 'credential.eaten'] })?.field, 'events[1]');
  t.equal(refused(CreateWebhookBody, { ...body, url: 'x'.repeat(2049) })?.field, 'url');
  t.equal(refused(CreateWebhookBody, { events: body.events })?.message, 'url is required');
});

t.test('query: digits become integers, true/false booleans, absent parameters their defaults', async (t) => {
  t.same(validateQuery(BadgeListQuery, {}), { limit: 50, offset: 0 }, 'defaults, and no value for an optional filter');
  t.same(validateQuery(BadgeListQuery, { limit: '7', offset: '0', active: 'false' }), { limit: 7, offset: 0, active: false });
  t.same(validateQuery(BadgeListQuery, { limit: '100', offset: '1000000', active: 'true' }), { limit: 100, offset: 1_000_000, active: true });
  t.same(validateQuery(ApiKeyListQuery, {}), { includeRevoked: false }, 'a boolean default');
  t.same(validateQuery(OrganizationListQuery, { status: 'approved', limit: '010' }), { status: 'approved', limit: 10, offset: 0 }, 'leading zeros are digits');
  const q = validateQuery(CredentialListQuery, { recipient: 'ADA', badgeId: '0B7F5C3E-6D1A-4C8E-9F2B-3A4D5E6F7A8B' });
  t.equal(q.recipient, 'ADA', 'strings come back as given');
  t.equal(typeof q.limit, 'number');
  t.same(validateQuery(BadgeListQuery, { limit: '5', other: 'x' }), { limit: 5, offset: 0 }, 'a schema that allows other parameters ignores them');
});

t.test('query: each refusal is a 400 VALIDATION_ERROR naming the parameter', async (t) => {
  for (const [query, field, message] of [
    [{ limit: '1.5' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: 'abc' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ offset: '-1' }, 'offset', 'offset must be an integer from 0 to 1000000'],
    [{ limit: '+5' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: '1e2' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: '' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: ' 5' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: '9'.repeat(40) }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: '0' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ limit: '101' }, 'limit', 'limit must be an integer from 1 to 100'],
    [{ offset: '1000001' }, 'offset', 'offset must be an integer from 0 to 1000000'],
    [{ limit: ['1', '2'] }, 'limit', 'limit must be given once, as a plain value'],
    [{ limit: { a: '1' } }, 'limit', 'limit must be given once, as a plain value'],
    [{ active: 'yes' }, 'active', 'active must be true or false'],
    [{ active: 'TRUE' }, 'active', 'active must be true or false'],
  ] as const) {
    t.same(refusedQuery(BadgeListQuery, query), { code: 'VALIDATION_ERROR', status: 400, field, message }, JSON.stringify(query).slice(0, 60));
  }
  t.same(refusedQuery(OrganizationListQuery, { status: 'gone' }), {
    code: 'VALIDATION_ERROR',
    status: 400,
    field: 'status',
    message: 'status must be one of pending_approval, approved, suspended',
  });
  t.equal(refusedQuery(WebhookPageQuery, { offset: '1000000' })?.message, 'offset must be an integer from 0 to 999999', 'the webhook lists cap offset lower');
  t.same(validateQuery(WebhookPageQuery, { offset: '999999' }), { limit: 50, offset: 999_999 });
  t.equal(refusedQuery(CredentialListQuery, { badgeId: 'nope' })?.message, 'badgeId must be a UUID');
  t.equal(refusedQuery(CredentialListQuery, { recipient: 'a b' })?.field, 'recipient');
  t.equal(refusedQuery(CredentialListQuery, { recipient: 'a'.repeat(255) })?.field, 'recipient');
  t.same(refusedQuery(CredentialListQuery, { limit: '5', sort: 'x' }), {
    code: 'VALIDATION_ERROR',
    status: 400,
    field: 'sort',
    message: 'Unknown query parameter: sort',
  });
  t.equal(refusedQuery(NoQuery, { a: '' })?.field, 'a', 'a route that takes no parameters names the first one given');
  t.same(refusedQuery(AnalyticsQuery, { from: '2026-01-01' }), { code: 'VALIDATION_ERROR', status: 400, field: 'to', message: 'to is required' });
  t.equal(refusedQuery(AnalyticsQuery, { from: '1.1.2026', to: '2026-01-02' })?.message, 'from must be a date in the form YYYY-MM-DD');
  t.equal(refusedQuery(BadgeListQuery, { ['x'.repeat(100)]: '1', limit: ['1'] })?.field, 'limit', 'ignored parameters are not read');
});

t.test('query parameters of the document come from the same schema', async (t) => {
  const params = queryParameters(CredentialListQuery);
  t.same(
    params.map((p) => p.name),
    ['limit', 'offset', 'badgeId', 'status', 'recipient'],
  );
  t.notOk(params.some((p) => p.required), 'defaulted and optional parameters are not required');
  t.match(params.find((p) => p.name === 'limit')!.schema, { type: 'integer', minimum: 1, maximum: 100, default: 50 });
  t.ok(params.find((p) => p.name === 'recipient')!.description, 'the description is moved onto the parameter');
  t.equal((params.find((p) => p.name === 'recipient')!.schema as { description?: string }).description, undefined);
  t.same(
    queryParameters(AnalyticsQuery).map((p) => [p.name, p.required]),
    [
      ['from', true],
      ['to', true],
    ],
  );
  const doc = openApiDocument as unknown as { paths: Record<string, Record<string, { parameters?: { name: string; schema: unknown }[] }>> };
  const served = doc.paths['/api/organizations/{orgId}/webhooks/{webhookId}/deliveries']!.get!.parameters!;
  t.match(served.find((p) => p.name === 'offset')!.schema, { type: 'integer', minimum: 0, maximum: 999_999 }, 'the served document shows the real cap');
});
