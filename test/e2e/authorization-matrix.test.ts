// The authorization matrix: every documented route against every kind of caller, with the status
// each must get, through the whole platform as separate processes. The routes come from the
// OpenAPI document (which the route-coverage test ties to what the gateway serves); the expected
// outcome of each comes from this file's own table, written from docs/roles.md and not from the
// gateway's permission table, so a route added without a row here fails, and a route whose
// check drifts from the documented rule fails too.
//
// Outcomes: a denied caller gets exactly its status (401 no or wrong credentials, 403 a member
// whose role lacks the permission or an organization that may not act, 404 someone outside the
// organization, who must not learn that it exists). An allowed caller passes the gate: whatever
// the route then answers (200, 400 for the empty body, 404 for the unknown object in the path),
// it is never 401 or 403. Each guarded route is also called by other spellings of its path
// (upper case, percent-encoded, extra slashes): none of them is served (variantsOf).
import t from 'tap';
import { openApiDocument } from '../../services/gateway/src/openapi/openapi.js';
import { setupStep, startTestPlatform } from './harness.js';

t.setTimeout(900_000);

type Role = 'owner' | 'admin' | 'issuer' | 'viewer';
const ALL: readonly Role[] = ['owner', 'admin', 'issuer', 'viewer'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const ISSUERS: readonly Role[] = ['owner', 'admin', 'issuer'];

/** How a route is guarded (this file's reading of docs/roles.md and docs/architecture.md). */
type Rule =
  | { kind: 'member'; roles: readonly Role[] }
  | { kind: 'apiKey' }
  | { kind: 'operator' }
  | { kind: 'session' }
  | { kind: 'public' }
  | { kind: 'consoleCookie' }
  | { kind: 'recipientOrToken' };

const member = (roles: readonly Role[]): Rule => ({ kind: 'member', roles });
const apiKey: Rule = { kind: 'apiKey' };
const operator: Rule = { kind: 'operator' };
const session: Rule = { kind: 'session' };
const open: Rule = { kind: 'public' };
const consoleCookie: Rule = { kind: 'consoleCookie' };
const recipientOrToken: Rule = { kind: 'recipientOrToken' };

const O = '/api/organizations/{orgId}';
/** One row per documented operation. */
const RULES: Record<string, Rule> = {
  'GET /healthz': open,
  'POST /api/auth/signup': open,
  'POST /api/auth/login': open,
  'POST /api/auth/session': open,
  'GET /api/auth/session': session,
  'DELETE /api/auth/session': session,
  'GET /api/auth/me': session,
  'POST /api/auth/verify-email': open,
  'POST /api/auth/resend-verification': open,
  'POST /api/auth/password-reset': open,
  'POST /api/auth/password-reset/confirm': open,
  'GET /api/me/credentials': session,
  'GET /api/me/credentials/export': session,
  // Claimed with the e-mail's token by anyone, or by the recipient's own session: another
  // person's session is 403, an API key or the operator's token is not a session (401).
  'POST /api/credentials/{credentialId}/claim': recipientOrToken,
  'PATCH /api/credentials/{credentialId}': session,
  'GET /api/invitations/{token}': open,
  'POST /api/invitations/accept': session,

  [`GET ${O}`]: member(ALL),
  [`PATCH ${O}`]: member(MANAGERS),
  [`GET ${O}/quota`]: member(ALL),
  [`GET ${O}/members`]: member(ALL),
  [`PATCH ${O}/members/{userId}`]: member(MANAGERS),
  [`DELETE ${O}/members/{userId}`]: member(MANAGERS),
  [`GET ${O}/invitations`]: member(MANAGERS),
  [`POST ${O}/invitations`]: member(MANAGERS),
  [`DELETE ${O}/invitations/{invitationId}`]: member(MANAGERS),
  [`GET ${O}/signing-keys`]: member(ALL),
  [`POST ${O}/signing-keys`]: member(MANAGERS),
  [`POST ${O}/signing-keys/rotate`]: member(MANAGERS),
  [`POST ${O}/signing-keys/{key}/compromised`]: member(MANAGERS),
  [`GET ${O}/api-keys`]: member(MANAGERS),
  [`POST ${O}/api-keys`]: member(MANAGERS),
  [`PATCH ${O}/api-keys/{keyId}`]: member(MANAGERS),
  [`DELETE ${O}/api-keys/{keyId}`]: member(MANAGERS),
  [`GET ${O}/webhooks`]: member(MANAGERS),
  [`POST ${O}/webhooks`]: member(MANAGERS),
  [`DELETE ${O}/webhooks/{webhookId}`]: member(MANAGERS),
  [`GET ${O}/webhooks/{webhookId}/deliveries`]: member(MANAGERS),
  [`POST ${O}/webhooks/{webhookId}/deliveries/{deliveryId}/replay`]: member(MANAGERS),
  [`POST ${O}/webhooks/deliveries/{deliveryId}/replay`]: member(MANAGERS),
  [`POST ${O}/deliveries/{deliveryId}/replay`]: member(MANAGERS),
  [`POST ${O}/webhooks/{webhookId}/ping`]: member(MANAGERS),
  [`GET ${O}/badges`]: member(ALL),
  [`POST ${O}/badges`]: member(ISSUERS),
  [`GET ${O}/badges/{badgeId}`]: member(ALL),
  [`PATCH ${O}/badges/{badgeId}`]: member(ISSUERS),
  [`DELETE ${O}/badges/{badgeId}`]: member(ISSUERS),
  [`POST ${O}/badges/{badgeId}/image`]: member(ISSUERS),
  [`GET ${O}/credentials`]: member(ALL),
  [`POST ${O}/credentials`]: member(ISSUERS),
  [`GET ${O}/credentials/{credentialId}`]: member(ALL),
  [`DELETE ${O}/credentials/{credentialId}`]: member(ISSUERS),
  [`GET ${O}/bulk-issuances`]: member(ALL),
  [`POST ${O}/bulk-issuances`]: member(ISSUERS),
  [`POST ${O}/bulk-issuances/preview`]: member(ISSUERS),
  [`GET ${O}/bulk-issuances/{bulkIssuanceId}`]: member(ALL),
  [`GET ${O}/bulk-issuances/{bulkIssuanceId}/report.csv`]: member(ALL),
  [`GET ${O}/notifications`]: member(ALL),
  [`GET ${O}/analytics`]: member(ALL),
  [`GET ${O}/audit-log`]: member(MANAGERS),

  'GET /api/v1/openapi.json': open,
  'GET /api/v1/organization': apiKey,
  'GET /api/v1/credentials': apiKey,
  'POST /api/v1/credentials': apiKey,
  'GET /api/v1/credentials/{credentialId}': apiKey,
  'DELETE /api/v1/credentials/{credentialId}': apiKey,
  'GET /api/v1/badges': apiKey,
  'POST /api/v1/badges': apiKey,
  'GET /api/v1/badges/{badgeId}': apiKey,
  'PATCH /api/v1/badges/{badgeId}': apiKey,
  'DELETE /api/v1/badges/{badgeId}': apiKey,
  'POST /api/v1/badges/{badgeId}/image': apiKey,
  'GET /api/v1/bulk-issuances': apiKey,
  'POST /api/v1/bulk-issuances': apiKey,
  'POST /api/v1/bulk-issuances/preview': apiKey,
  'GET /api/v1/bulk-issuances/{bulkIssuanceId}': apiKey,
  'GET /api/v1/bulk-issuances/{bulkIssuanceId}/report.csv': apiKey,
  'GET /api/v1/webhooks': apiKey,
  'POST /api/v1/webhooks': apiKey,
  'DELETE /api/v1/webhooks/{webhookId}': apiKey,
  'GET /api/v1/webhooks/{webhookId}/deliveries': apiKey,
  'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/replay': apiKey,
  'POST /api/v1/webhooks/deliveries/{deliveryId}/replay': apiKey,
  'POST /api/v1/deliveries/{deliveryId}/replay': apiKey,
  'POST /api/v1/webhooks/{webhookId}/ping': apiKey,

  'POST /api/admin/session': open,
  // The console's cookie session only: a Bearer token, even the operator's, does not read it.
  'GET /api/admin/session': consoleCookie,
  'DELETE /api/admin/session': operator,
  'GET /api/admin/organizations': operator,
  'PATCH /api/admin/organizations/{orgId}': operator,
  'POST /api/admin/organizations/{orgId}/approve': operator,
  'POST /api/admin/organizations/{orgId}/suspend': operator,
  'POST /api/admin/organizations/{orgId}/reinstate': operator,
  'POST /api/admin/organizations/{orgId}/signing-keys': operator,

  'POST /api/webhooks/stripe': open,
  'GET /images/badges/{badgeId}/{file}': open,
  'GET /api/verify/{credentialId}': open,
  'POST /api/verify/credential': open,
  'POST /api/verify/baked': open,
  'GET /credentials/{credentialId}/ob3': open,
  'GET /api/credentials/{credentialId}/baked': open,
  'GET /issuers/{slug}/did.json': open,
  'GET /issuers/{slug}/status/{listNumber}': open,
  'GET /issuers/{slug}': open,
  'GET /achievements/{orgSlug}/{badgeSlug}': open,
  'GET /verify/{credentialId}': open,
  'GET /verify-lookup': open,
  'POST /verify-lookup': open,
  'GET /o/{orgSlug}/badges/{badgeSlug}': open,
  'GET /o/{orgSlug}/badges/{badgeSlug}/image.png': open,
  'GET /claim/{credentialId}': open,
  'POST /claim/{credentialId}': open,
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const doc = openApiDocument as unknown as { paths: Record<string, Record<string, unknown>> };
const OPERATIONS = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.keys(item)
    .filter((m) => METHODS.includes(m))
    .map((m) => `${m.toUpperCase()} ${template}`),
);

t.test('every documented operation has its row, and every row an operation', async (t) => {
  for (const op of OPERATIONS) t.ok(RULES[op], `${op} has a row in the matrix`);
  for (const row of Object.keys(RULES)) t.ok(OPERATIONS.includes(row), `${row} is a documented operation`);
});

// ---- the callers ---------------------------------------------------------------------------

const PASSWORD = 'correct horse battery staple';
const tp = await setupStep('platform', () => startTestPlatform('authz'));
t.teardown(() => tp.stop());
const adminToken = tp.adminToken;

interface Answer {
  status: number;
  text: string;
  body: any;
}
async function must(what: string, pending: Promise<Answer>, status?: number): Promise<Answer> {
  const r = await pending;
  if (status !== undefined ? r.status !== status : r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

interface Team {
  orgId: string;
  slug: string;
  sessions: Partial<Record<Role, string>>;
  apiKey: string;
}

/** An organization with its owner, an API key and, when asked, an admin, an issuer and a viewer who joined by invitation. */
async function team(slug: string, options: { approve?: boolean; roles?: boolean; suspend?: boolean } = {}): Promise<Team> {
  const org = await tp.signUpOrganization(slug);
  if (options.approve !== false) {
    await must('approve', tp.api('POST', `/api/admin/organizations/${org.orgId}/approve`, undefined, adminToken));
    await must('plan', tp.api('PATCH', `/api/admin/organizations/${org.orgId}`, { plan: 'enterprise' }, adminToken));
    await must('signing keys', tp.api('POST', `/api/organizations/${org.orgId}/signing-keys`, undefined, org.token));
  }
  const key = await must('api key', tp.api('POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'matrix', rateLimitPerMinute: 10_000 }, org.token));
  const sessions: Partial<Record<Role, string>> = { owner: org.token };
  if (options.roles) {
    for (const role of ['admin', 'issuer', 'viewer'] as const) {
      const email = `${role}-${slug}@example.com`;
      await must('invite', tp.api('POST', `/api/organizations/${org.orgId}/invitations`, { email, role }, org.token));
      const [, token] = await tp.mailMatch(email, /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/);
      const signup = await must('invitee sign-up', tp.api('POST', '/api/auth/signup', { email, password: PASSWORD, name: `${role} of ${slug}` }));
      await must('accept', tp.api('POST', '/api/invitations/accept', { token }, String(signup.body.token)));
      // Accepting does not confirm the address (issue 39); the colleague follows the confirmation e-mail.
      await tp.confirmAddress(email);
      sessions[role] = String(signup.body.token);
    }
  }
  if (options.suspend) await must('suspend', tp.api('POST', `/api/admin/organizations/${org.orgId}/suspend`, undefined, adminToken));
  return { orgId: org.orgId, slug, sessions, apiKey: String(key.body.key) };
}

const setup = await setupStep(
  'organizations and callers',
  async () => {
    const a = await team('matrix-a', { roles: true });
    const b = await team('matrix-b', { roles: true });
    const suspended = await team('matrix-suspended', { suspend: true });
    const pending = await team('matrix-pending', { approve: false });
    const revoked = await must('second key', tp.api('POST', `/api/organizations/${a.orgId}/api-keys`, { name: 'revoked' }, a.sessions.owner));
    await must('revoke it', tp.api('DELETE', `/api/organizations/${a.orgId}/api-keys/${String(revoked.body.id)}`, undefined, a.sessions.owner), 204);
    const recipient = await must('recipient', tp.api('POST', '/api/auth/signup', { email: 'recipient@matrix.example', password: PASSWORD, name: 'Recipient' }));
    await tp.confirmAddress('recipient@matrix.example');
    const badge = await must('badge', tp.api('POST', `/api/organizations/${a.orgId}/badges`, { name: 'Matrix Badge', description: 'd', criteria: 'c' }, a.sessions.owner));
    const credential = await must(
      'credential',
      tp.api('POST', '/api/v1/credentials', { badgeId: badge.body.id, recipient: { name: 'Recipient', email: 'recipient@matrix.example' } }, a.apiKey),
    );
    return { a, b, suspended, pending, revokedKey: String(revoked.body.key), recipient: String(recipient.body.token), badge: badge.body, credential: credential.body };
  },
  tp.logFile,
);
const { a, b, suspended, pending } = setup;

type CallerKind = 'anonymous' | 'recipient' | 'member' | 'outsider' | 'apiKey' | 'revokedKey' | 'operator' | 'suspendedMember' | 'suspendedKey' | 'pendingMember' | 'pendingKey';
interface Caller {
  name: string;
  kind: CallerKind;
  token?: string;
  role?: Role;
  /** The organization its member routes are called for. */
  orgId: string;
}
const callers: Caller[] = [
  { name: 'anonymous', kind: 'anonymous', orgId: a.orgId },
  { name: 'a signed-in recipient', kind: 'recipient', token: setup.recipient, orgId: a.orgId },
  ...ALL.map((role): Caller => ({ name: `${role} of the organization`, kind: 'member', role, token: a.sessions[role]!, orgId: a.orgId })),
  ...ALL.map((role): Caller => ({ name: `${role} of another organization`, kind: 'outsider', role, token: b.sessions[role]!, orgId: a.orgId })),
  { name: 'API key of the organization', kind: 'apiKey', token: a.apiKey, orgId: a.orgId },
  { name: 'API key of another organization', kind: 'apiKey', token: b.apiKey, orgId: a.orgId },
  { name: 'revoked API key', kind: 'revokedKey', token: setup.revokedKey, orgId: a.orgId },
  { name: 'owner of a suspended organization', kind: 'suspendedMember', role: 'owner', token: suspended.sessions.owner!, orgId: suspended.orgId },
  { name: 'API key of a suspended organization', kind: 'suspendedKey', token: suspended.apiKey, orgId: suspended.orgId },
  { name: 'owner of an organization awaiting approval', kind: 'pendingMember', role: 'owner', token: pending.sessions.owner!, orgId: pending.orgId },
  { name: 'API key of an organization awaiting approval', kind: 'pendingKey', token: pending.apiKey, orgId: pending.orgId },
  { name: 'platform operator', kind: 'operator', token: adminToken, orgId: a.orgId },
];

const SESSION_KINDS: readonly CallerKind[] = ['recipient', 'member', 'outsider', 'suspendedMember', 'pendingMember'];

/** The expected status, or 'pass' (any answer but 401 and 403). */
function expected(rule: Rule, caller: Caller): number | 'pass' {
  switch (rule.kind) {
    case 'public':
      return 'pass';
    case 'consoleCookie':
      return 401;
    case 'recipientOrToken':
      if (caller.kind === 'anonymous' || caller.kind === 'recipient') return 'pass';
      return SESSION_KINDS.includes(caller.kind) ? 403 : 401;
    case 'session':
      return SESSION_KINDS.includes(caller.kind) ? 'pass' : 401;
    case 'operator':
      return caller.kind === 'operator' ? 'pass' : 401;
    case 'apiKey':
      if (caller.kind === 'apiKey') return 'pass';
      if (caller.kind === 'suspendedKey' || caller.kind === 'pendingKey') return 403;
      return 401;
    case 'member':
      if (caller.kind === 'recipient' || caller.kind === 'outsider') return 404;
      if (caller.kind === 'member') return rule.roles.includes(caller.role!) ? 'pass' : 403;
      // Owners of an organization that is suspended or awaiting approval pass the gate of their
      // own organization; what such an organization may do is the services' rule (tested in
      // tenancy.test.ts and the issuance tests), not authorization.
      if (caller.kind === 'suspendedMember' || caller.kind === 'pendingMember') return rule.roles.includes(caller.role!) ? 'pass' : 403;
      return 401;
  }
}

const SAMPLE: Record<string, () => string> = {
  credentialId: () => String(setup.credential.credentialId ?? setup.credential.id),
  badgeId: () => String(setup.badge.id),
  slug: () => a.slug,
  orgSlug: () => a.slug,
  badgeSlug: () => String(setup.badge.slug ?? 'matrix-badge'),
  listNumber: () => '1',
  file: () => `${'a'.repeat(64)}.png`,
};
/** A path for the caller: member routes name the caller's organization; other ids are unknown objects. */
function pathFor(template: string, rule: Rule, caller: Caller): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'orgId') return rule.kind === 'member' ? caller.orgId : a.orgId;
    if ((rule.kind === 'public' || rule.kind === 'recipientOrToken') && SAMPLE[name]) return SAMPLE[name]!();
    return '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b';
  });
}

async function call(method: string, path: string, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const withBody = method !== 'GET' && method !== 'DELETE';
  if (withBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${tp.baseUrl}${path}`, { method, headers, ...(withBody ? { body: '{}' } : {}), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
}

/**
 * Other spellings of a route's path: its words in upper case, a letter or a slash percent-encoded,
 * a slash repeated or added at the end. None of them is the route (the gateway matches paths
 * exactly, docs/decisions.md "Exact routing"), so none may reach its handler: a caller the route
 * refuses gets the same refusal or 404, and a caller it lets in gets 404.
 */
function variantsOf(template: string, path: string): Array<{ name: string; path: string }> {
  const words = template.split('/');
  const parts = path.split('/');
  const literal = words.map((w, i) => i > 0 && w !== '' && !w.startsWith('{'));
  const last = literal.lastIndexOf(true);
  if (last < 0) return [];
  const at = (i: number, value: string) => parts.map((p, j) => (j === i ? value : p)).join('/');
  const word = parts[last]!;
  const letter = word.search(/[a-z]/);
  const out = [
    { name: 'its last word in upper case', path: at(last, word.toUpperCase()) },
    { name: 'its words in upper case', path: parts.map((p, j) => (literal[j] ? p.toUpperCase() : p)).join('/') },
    { name: 'a trailing slash', path: `${path}/` },
    { name: 'a doubled slash', path: at(last, `/${word}`) },
    { name: 'an encoded slash', path: [...parts.slice(0, last - 1), `${parts[last - 1]}%2F${word}`, ...parts.slice(last + 1)].join('/') },
  ];
  if (letter >= 0) {
    const encoded = `${word.slice(0, letter)}%${word.charCodeAt(letter).toString(16).toUpperCase()}${word.slice(letter + 1)}`;
    out.push({ name: 'an encoded letter', path: at(last, encoded) });
  }
  return out.filter((v) => v.path !== path);
}

// Ending a session is the last row, so the callers keep theirs until then.
const ORDERED = [...OPERATIONS.filter((op) => op !== 'DELETE /api/auth/session'), 'DELETE /api/auth/session'].filter((op) => RULES[op]);

t.test(`authorization matrix: ${ORDERED.length} operations x ${callers.length} callers`, async (t) => {
  let checked = 0;
  for (const op of ORDERED) {
    const rule = RULES[op]!;
    const [method, template] = op.split(' ') as [string, string];
    // A public route has no check to go around; every other one is also called by its variants
    // (before the route itself, so ending a session comes last here too).
    if (rule.kind !== 'public') {
      for (const caller of callers) {
        const want = expected(rule, caller);
        const variants = variantsOf(template, pathFor(template, rule, caller));
        const answers = await Promise.all(variants.map(async (v) => ({ v, r: await call(method, v.path, caller.token) })));
        for (const { v, r } of answers) {
          checked++;
          if (want === 'pass') t.equal(r.status, 404, `${method} ${v.path} (${v.name}) as ${caller.name}: not the route (404)`, { body: r.text.slice(0, 200) });
          else t.ok(r.status === want || r.status === 404, `${method} ${v.path} (${v.name}) as ${caller.name}: ${want} or 404 (got ${r.status})`, { body: r.text.slice(0, 200) });
        }
      }
    }
    const answers = await Promise.all(callers.map(async (caller) => ({ caller, r: await call(method, pathFor(template, rule, caller), caller.token) })));
    for (const { caller, r } of answers) {
      const want = expected(rule, caller);
      checked++;
      if (want === 'pass') t.ok(r.status !== 401 && r.status !== 403 && r.status < 500, `${op} as ${caller.name}: allowed (got ${r.status})`, { body: r.text.slice(0, 200) });
      else t.equal(r.status, want, `${op} as ${caller.name}: ${want}`, { body: r.text.slice(0, 200) });
    }
  }
  t.comment(`matrix: ${checked} route x caller checks`);
});
