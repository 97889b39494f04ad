// Property-based fuzzing of every JSON body and query string of the API, through the whole
// platform as separate processes. For each documented operation that takes a JSON body or query
// parameters, fast-check generates inputs from the operation's own schema (valid-looking values,
// then mutated: keys dropped or added, wrong types, hostile strings, malformed JSON) and sends
// them as the right caller. The properties (docs/reliability.md, "Bad input"):
// - never a 5xx, never a hang (every answer within 15 s);
// - a 4xx on /api has the error shape;
// - nothing is written on a 4xx: the rows that requests create or change are counted before and
//   after every refused request.
// The seed is fixed (FUZZ_SEED) so CI is repeatable; FUZZ_RUNS sets the inputs per operation
// (`npm run fuzz` runs 2,000 each).
import pg from 'pg';
import t from 'tap';
import fc from 'fast-check';
import { openApiDocument } from '../../services/gateway/src/openapi/openapi.js';
import { setupStep, startTestPlatform } from './harness.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const TIMEOUT_MS = 15_000;
// The platform's start plus RUNS inputs for each operation; `npm run fuzz` runs far longer.
t.setTimeout(Number(process.env.FUZZ_RUNS ?? 0) > 100 ? 6 * 3600_000 : 900_000);

type Schema = Record<string, any>;
const doc = openApiDocument as unknown as {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Schema> };
};

const tp = await setupStep('platform', () => startTestPlatform('fuzz', { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:9' }));
t.teardown(() => tp.stop());

// ---- the callers and the objects the paths name ---------------------------------------------

const admin = tp.adminToken;
const own = await setupStep('sign-up', () => tp.signUpOrganization('fuzz-academy'), tp.logFile);
const other = await setupStep('second sign-up', () => tp.signUpOrganization('fuzz-sacrificial'), tp.logFile);
const fixtures = await setupStep(
  'fixtures',
  async () => {
    const must = async (what: string, r: Promise<{ status: number; body: Schema; text: string }>) => {
      const res = await r;
      if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
      return res.body;
    };
    await must('approve', tp.api('POST', `/api/admin/organizations/${own.orgId}/approve`, undefined, admin));
    await must('plan', tp.api('PATCH', `/api/admin/organizations/${own.orgId}`, { plan: 'enterprise' }, admin));
    await must('signing keys', tp.api('POST', `/api/organizations/${own.orgId}/signing-keys`, undefined, own.token));
    const apiKey = await must('api key', tp.api('POST', `/api/organizations/${own.orgId}/api-keys`, { name: 'fuzz', rateLimitPerMinute: 10_000 }, own.token));
    const spareKey = await must('spare api key', tp.api('POST', `/api/organizations/${own.orgId}/api-keys`, { name: 'spare' }, own.token));
    const badge = await must(
      'badge',
      tp.api('POST', `/api/organizations/${own.orgId}/badges`, { name: 'Fuzz Safety', description: 'Safe under fuzzing.', criteria: 'Survived.', expiresInDays: 365 }, own.token),
    );
    const credential = await must(
      'credential',
      tp.api('POST', `/api/v1/credentials`, { badgeId: badge.id, recipient: { name: 'Ada Lovelace', email: 'ada@example.com' } }, String(apiKey.key)),
    );
    return { apiKey: String(apiKey.key), spareKeyId: String(spareKey.id), badgeId: String(badge.id), credentialId: String(credential.id ?? credential.credentialId) };
  },
  tp.logFile,
);

/** Who calls an operation: the API key under /api/v1, the operator under /api/admin, a member elsewhere on /api. */
function callerFor(path: string): string | undefined {
  if (path.startsWith('/api/v1/')) return fixtures.apiKey;
  if (path.startsWith('/api/admin/') && path !== '/api/admin/session') return admin;
  if (path.startsWith('/api/organizations/') || path.startsWith('/api/me/') || path.startsWith('/api/credentials/')) return own.token;
  return undefined;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0000evil',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '{{7*7}}${7*7}',
  '\ud800',
  'a'.repeat(5000),
  'ünïcødé 🎓',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  '-1',
  '9'.repeat(400),
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null, [], {}, [null], { nested: { deeper: [1, 'x'] } }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path parameter: the object the caller may act on, another one, a random id or a hostile string. */
function pathValue(name: string, path: string): fc.Arbitrary<string> {
  const real: Record<string, string> = {
    orgId: path.startsWith('/api/admin/') ? other.orgId : own.orgId,
    badgeId: fixtures.badgeId,
    credentialId: fixtures.credentialId,
    keyId: fixtures.spareKeyId,
  };
  const known = real[name];
  const choices: Array<fc.Arbitrary<string>> = [fc.uuid(), hostileString.filter((s) => s.length < 300)];
  if (known) choices.unshift(fc.constant(known), fc.constant(known));
  return fc.oneof(...choices).map(pathSegment);
}

/** A string as one path segment; a lone surrogate, which no URL can carry, goes as invalid UTF-8. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(s.$ref as string) ?? [];
    s = (doc.components as Record<string, Record<string, Schema>> | undefined)?.[kind ?? '']?.[name ?? ''] ?? {};
  }
  return s;
}

/** Values shaped like the schema says (the valid-looking half of the inputs). */
function fromSchema(input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(input);
  if (depth > 4) return fc.constant(null);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  if (Array.isArray(s.allOf)) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of (s.allOf as Schema[]).map(resolve)) {
      Object.assign(merged.properties as Schema, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
    }
    return fromSchema(merged, depth + 1);
  }
  const types = (Array.isArray(s.type) ? s.type : [s.type]) as Array<string | undefined>;
  const type = types.find((x) => x !== 'null') ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.webUrl();
      if (s.format === 'date-time') return fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'uuid') return fc.uuid();
      const maxLength = Math.min(Number(s.maxLength ?? 60), 600);
      return fc.string({ minLength: Math.min(Number(s.minLength ?? 0), maxLength), maxLength });
    }
    case 'integer':
      return fc.integer({ min: Number(s.minimum ?? -1000), max: Math.min(Number(s.maximum ?? 100_000), Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: Number(s.minimum ?? -1e6), max: Number(s.maximum ?? 1e6) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(s.items as Schema, depth + 1), { maxLength: Math.min(Number(s.maxItems ?? 4), 6) });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = fromSchema(v, depth + 1);
      return fc.record(record, { requiredKeys: ((s.required as string[] | undefined) ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The mutated half: one field dropped, retyped or hostile, an unknown key, or another body altogether. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    valid,
    fc.tuple(valid, fc.nat(), hostileValue).map(([v, i, bad]) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad;
      const keys = Object.keys(v);
      if (keys.length === 0) return { ...v, unexpected: bad };
      return { ...v, [keys[i % keys.length]!]: bad };
    }),
    fc.tuple(valid, fc.nat()).map(([v, i]) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const keys = Object.keys(v);
      const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) };
      if (keys.length) delete copy[keys[i % keys.length]!];
      return copy;
    }),
    fc.tuple(valid, fc.string({ maxLength: 20 }), hostileValue).map(([v, k, bad]) => (v !== null && typeof v === 'object' ? { ...v, [k]: bad } : v)),
    hostileValue,
  );
}

/** Bodies JSON.stringify cannot make: malformed, repeated keys, prototype keys, a BOM, overflowing numbers. */
const RAW_BODIES = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":1,"a":2}',
    '\ufeff{}',
    'null',
    '"text"',
    '{"n":1e999}',
    '{"n":123456789012345678901234567890}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"s":"\\ud800"}',
    '[' .repeat(5000),
    `{"big":"${'x'.repeat(70 * 1024)}"}`,
  ),
  fc.string({ maxLength: 200 }),
);

interface Operation {
  method: string;
  template: string;
  body?: Schema;
  query: Array<{ name: string; schema: Schema }>;
}

const operations: Operation[] = [];
for (const [template, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
    const params = [...((item.parameters as Schema[] | undefined) ?? []), ...((op.parameters as Schema[] | undefined) ?? [])].map(resolve);
    const query = params.filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), schema: (p.schema ?? {}) as Schema }));
    const json = (op.requestBody as Schema | undefined)?.content?.['application/json']?.schema as Schema | undefined;
    if (!json && query.length === 0) continue;
    operations.push({ method: method.toUpperCase(), template, ...(json ? { body: json } : {}), query });
  }
}

// ---- nothing written on a 4xx -----------------------------------------------------------------

/**
 * What requests create or change, read in one query. Tables written later by consumers and workers
 * (read models, e-mail and delivery logs, inboxes, outboxes that a worker also writes) are left
 * out: a 2xx a moment earlier may still be rippling through them.
 */
const FINGERPRINT_SQL = `select json_build_object(
  'users', (select count(*) from accounts.users),
  'organizations', (select md5(coalesce(string_agg(o::text, '|' order by o.id), '')) from accounts.organizations o),
  'memberships', (select count(*) from accounts.memberships),
  'api_keys', (select md5(coalesce(string_agg(k.id::text || k.name || k.rate_limit_per_minute::text || coalesce(k.revoked_at::text, ''), '|' order by k.id), '')) from accounts.api_keys k),
  'sessions', (select count(*) from accounts.sessions),
  'email_requests', (select count(*) from accounts.account_email_requests),
  'badges', (select md5(coalesce(string_agg(b::text, '|' order by b.id), '')) from issuance.badges b),
  'credentials', (select md5(coalesce(string_agg(c.id::text || c.status || coalesce(c.revocation_reason, '') || c.is_public::text, '|' order by c.id), '')) from issuance.credentials c),
  'bulk', (select count(*) from issuance.bulk_issuances),
  'signing_keys', (select md5(coalesce(string_agg(s.id::text || s.is_current::text || coalesce(s.compromised_at::text, '') || coalesce(s.revoked_at::text, ''), '|' order by s.id), '')) from signing.signing_keys s),
  'webhooks', (select count(*) from notification.webhook_endpoints),
  'provider_events', (select count(*) from billing.provider_events)
) as f`;

const db = new pg.Client({ connectionString: tp.isolation.databaseUrl });
await db.connect();
t.teardown(() => db.end());
const fingerprint = async (): Promise<Record<string, unknown>> => (await db.query(FINGERPRINT_SQL)).rows[0].f as Record<string, unknown>;

// ---- the run ----------------------------------------------------------------------------------

interface Input {
  path: string;
  query: string;
  body?: { json: unknown } | { raw: string };
}

const totals = { inputs: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, hangs: 0, writesOn4xx: 0 };

async function send(op: Operation, input: Input): Promise<{ status: number; text: string; contentType: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = callerFor(op.template);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (input.body) {
    headers['content-type'] = 'application/json';
    body = 'raw' in input.body ? input.body.raw : JSON.stringify(input.body.json);
  }
  const url = `${tp.baseUrl}${input.path}${input.query ? `?${input.query}` : ''}`;
  try {
    const res = await fetch(url, { method: op.method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      totals.hangs++;
      throw new Error(`no answer within ${TIMEOUT_MS} ms`);
    }
    throw err;
  }
}

function inputs(op: Operation): fc.Arbitrary<Input> {
  const names = [...op.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = fc.tuple(...names.map((n) => pathValue(n, op.template))).map((values) => {
    let i = 0;
    return op.template.replace(/\{(\w+)\}/g, () => values[i++]!);
  });
  const query =
    op.query.length === 0
      ? fc.constant('')
      : fc
          .tuple(
            ...op.query.map((q) =>
              fc.option(fc.oneof(fromSchema(q.schema).map(String), hostileString, fc.string({ maxLength: 30 })), { nil: undefined }).map((v) => [q.name, v] as const),
            ),
            fc.boolean(),
          )
          .map((parts) => {
            const repeat = parts.pop() as boolean;
            const search = new URLSearchParams();
            for (const [name, value] of parts as Array<readonly [string, string | undefined]>) {
              if (value === undefined) continue;
              search.append(name, value);
              if (repeat) search.append(name, value); // a parameter given twice
            }
            return search.toString();
          });
  const body = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: mutated(fromSchema(op.body)).map((json) => ({ json })) },
        { weight: 1, arbitrary: RAW_BODIES.map((raw) => ({ raw })) },
      )
    : fc.constant(undefined);
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({ path, query, ...(body ? { body } : {}) }));
}

t.test('control: the fingerprint sees what a request writes', async (t) => {
  const before = await fingerprint();
  const r = await tp.api('POST', `/api/organizations/${own.orgId}/badges`, { name: 'Control Badge', description: 'Written on purpose.', criteria: 'None.' }, own.token);
  t.equal(r.status, 201, r.text);
  const after = await fingerprint();
  t.not(JSON.stringify(after.badges), JSON.stringify(before.badges), 'a created badge changes the fingerprint');
  const key = await tp.api('PATCH', `/api/organizations/${own.orgId}/api-keys/${fixtures.spareKeyId}`, { rateLimitPerMinute: 61 }, own.token);
  t.equal(key.status, 200, key.text);
  t.not(JSON.stringify((await fingerprint()).api_keys), JSON.stringify(after.api_keys), 'a changed API key changes it too');
});

t.test(`fuzz: ${operations.length} operations with a JSON body or a query string, ${RUNS} inputs each (seed ${SEED})`, async (t) => {
  t.ok(operations.length >= 30, `${operations.length} operations found in the OpenAPI document`);
  for (const [index, op] of operations.entries()) {
    await t.test(`${op.method} ${op.template}`, async (t) => {
      const problems: string[] = [];
      await fc.assert(
        fc.asyncProperty(inputs(op), async (input) => {
          const before = await fingerprint();
          const res = await send(op, input);
          totals.inputs++;
          const cls = `${Math.floor(res.status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
          totals[cls]++;
          const what = `${op.method} ${input.path}${input.query ? `?${input.query.slice(0, 200)}` : ''} body=${JSON.stringify(input.body ?? null).slice(0, 300)}`;
          if (res.status >= 500) throw new Error(`${res.status} for ${what}: ${res.text.slice(0, 300)}`);
          if (res.status >= 400) {
            if (input.path.startsWith('/api/') && res.contentType.includes('json')) {
              const parsed = JSON.parse(res.text) as Schema;
              if (typeof parsed.error !== 'string' || typeof parsed.message !== 'string') throw new Error(`no error shape for ${what}: ${res.text.slice(0, 200)}`);
            }
            const after = await fingerprint();
            const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
            if (changed.length > 0) {
              totals.writesOn4xx++;
              throw new Error(`${res.status} wrote ${changed.join(', ')} for ${what}`);
            }
          }
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      ).catch((err: unknown) => problems.push(err instanceof Error ? err.message.split('\n').slice(0, 6).join('\n') : String(err)));
      t.same(problems, [], 'no 5xx, no hang, error shape on 4xx, nothing written on 4xx');
    });
  }
  t.comment(`fuzz totals: ${JSON.stringify(totals)}`);
  t.equal(totals['5xx'], 0, `5xx: 0 of ${totals.inputs} inputs`);
  t.equal(totals.hangs, 0, 'hangs: 0');
  t.equal(totals.writesOn4xx, 0, 'writes on a 4xx: 0');
  t.ok(totals.inputs >= operations.length * RUNS, `${totals.inputs} inputs tried`);
});
