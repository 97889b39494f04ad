// @unit
// Request validation from the definitions (docs/adr/0010-schema-first-http.md): the schema the
// OpenAPI document shows is the one that refuses a body, with the field named as a path.
import t from 'tap';
import { AppError } from '@cred/runtime';
import { validate } from '../src/http/validate.js';
import { CreateApiKeyBody, LoginBody, SignUpBody } from '../src/openapi/schemas/accounts.js';
import { CreateWebhookBody } from '../src/openapi/schemas/webhooks.js';
import { IssueCredentialBody } from '../src/openapi/schemas/credentials.js';
import { openApiDocument } from '../src/openapi/openapi.js';

const refused = (schema: Parameters<typeof validate>[0], value: unknown) => {
  try {
    validate(schema, value);
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, field: (err.details as { field?: string }).field, message: err.message };
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
