// The JSON routes of the web application, end to end through the gateway in front of the whole
// platform (the e2e harness: every service as its own process): issuing from a member session on
// the free plan, the credential detail with its renewal chain, the recipient prefix filter, a
// recipient's own credentials (/api/me/credentials), the bulk CSV preview and the per-row CSV
// report. Every answer is also checked against the OpenAPI document.
import t from 'tap';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from '../../../test/e2e/harness.js';
import { openApiDocument } from '../src/openapi/openapi.js';
import { httpCaller, type Answer } from './fixtures/http-call.js';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';

const PASSWORD = 'correct horse battery staple';
const tp = await setupStep('platform', () => startTestPlatform('webapp'));
t.teardown(() => tp.stop());
const admin = tp.adminToken;

const call = httpCaller(tp.baseUrl);

const csvForm = (badgeId: string, text: string) => {
  const form = new FormData();
  form.append('badgeId', badgeId);
  form.append('file', new Blob([text], { type: 'text/csv' }), 'recipients.csv');
  return form;
};

/** An approved organization with signing keys on the free plan, and two badges. */
async function freeOrg(slug: string) {
  const { orgId, token } = await tp.signUpOrganization(slug);
  const must = async (what: string, status: number, r: Promise<Answer>) => {
    const a = await r;
    if (a.status !== status) throw new Error(`${what}: ${a.status} ${a.text}`);
    return a;
  };
  await must('approve', 200, call('POST', `/api/admin/organizations/${orgId}/approve`, { token: admin }));
  await must('keys', 201, call('POST', `/api/organizations/${orgId}/signing-keys`, { token }));
  const badge = (body: Record<string, unknown>) =>
    must('badge', 201, call('POST', `/api/organizations/${orgId}/badges`, { token, json: { description: 'A badge.', criteria: 'Work.', ...body } }));
  const yearly = (await badge({ name: 'Yearly', expiresInDays: 365 })).body.id as string;
  const forever = (await badge({ name: 'Forever', imageUrl: 'https://img.example.com/forever.png' })).body.id as string;
  return { orgId, token, yearly, forever };
}

const { a, b } = await setupStep('organizations', async () => ({ a: await freeOrg('webapp-a'), b: await freeOrg('webapp-b') }), tp.logFile);
const doc = openApiDocument as unknown as OpenApiDoc;
const issueA = (badgeId: string, email: string, name = 'Ada Lovelace') =>
  call('POST', `/api/organizations/${a.orgId}/credentials`, { token: a.token, json: { badgeId, recipient: { name, email } } });
const ISSUE = '/api/organizations/{orgId}/credentials';
const DETAIL = '/api/organizations/{orgId}/credentials/{credentialId}';

t.test('POST /api/organizations/{orgId}/credentials: the v1 issue from a member session, on the free plan', async (t) => {
  const { check } = openApiChecker(t, doc);
  const r = await issueA(a.yearly, 'Session@Example.com');
  check('POST', ISSUE, r);
  t.equal(r.status, 201, r.text);
  t.same(Object.keys(r.body).sort(), [
    'credentialId', 'expirationDate', 'id', 'issuanceDate', 'recipientEmail', 'recipientName', 'status', 'supersedesCredentialId', 'verificationUrl',
  ]);
  t.match(r.body, { status: 'pending', recipientEmail: 'session@example.com', supersedesCredentialId: null, credentialId: /^CRD-/ });
  t.equal(r.headers.get('location'), `/api/organizations/${a.orgId}/credentials/${r.body.id}`);

  const key = await call('POST', `/api/organizations/${a.orgId}/api-keys`, { token: a.token, json: { name: 'free' } });
  const v1 = await call('POST', '/api/v1/credentials', { token: key.body.key, json: { badgeId: a.yearly, recipient: { name: 'A', email: 'v1@example.com' } } });
  t.same([v1.status, v1.body.error], [403, 'FORBIDDEN'], 'the free plan still has no /api/v1');

  const bad = async (json: unknown, field: string) => {
    const e = await call('POST', `/api/organizations/${a.orgId}/credentials`, { token: a.token, json });
    check('POST', ISSUE, e);
    t.same([e.status, e.body.error, e.body.details.field], [400, 'VALIDATION_ERROR', field], `400 naming ${field}`);
  };
  await bad({ badgeId: a.yearly, recipient: { name: 'A' } }, 'recipient.email');
  await bad({ badgeId: a.yearly, recipient: { name: 'A', email: 'not-an-address' } }, 'recipient.email');
  await bad({ badgeId: a.yearly, recipient: { name: ' ', email: 'x@example.com' } }, 'recipient.name');
  await bad({ badgeId: a.yearly, recipient: { name: 'A', email: 'x@example.com' }, extra: 1 }, 'extra');
  await bad({ recipient: { name: 'A', email: 'x@example.com' } }, 'badgeId');

  const foreignBadge = await issueA(b.yearly, 'x@example.com');
  check('POST', ISSUE, foreignBadge);
  t.equal(foreignBadge.status, 404, "another organization's badge");
  const notMember = await call('POST', `/api/organizations/${a.orgId}/credentials`, {
    token: b.token,
    json: { badgeId: a.yearly, recipient: { name: 'A', email: 'x@example.com' } },
  });
  t.equal(notMember.status, 404, "another organization's member");
  t.equal((await call('POST', `/api/organizations/${a.orgId}/credentials`, { json: {} })).status, 401, 'no session');

  const conflictFirst = await issueA(a.forever, 'forever@example.com');
  t.equal(conflictFirst.status, 201);
  const conflict = await issueA(a.forever, 'forever@example.com');
  check('POST', ISSUE, conflict);
  t.same([conflict.status, conflict.body.error], [409, 'CONFLICT']);

  const { orgId: pendingOrg, token: pendingOwner } = await tp.signUpOrganization('webapp-pending');
  const pb = await call('POST', `/api/organizations/${pendingOrg}/badges`, { token: pendingOwner, json: { name: 'P', description: 'd', criteria: 'c' } });
  const notApproved = await call('POST', `/api/organizations/${pendingOrg}/credentials`, {
    token: pendingOwner,
    json: { badgeId: pb.body.id, recipient: { name: 'A', email: 'x@example.com' } },
  });
  check('POST', ISSUE, notApproved);
  t.same([notApproved.status, notApproved.body.error], [403, 'FORBIDDEN'], 'an organization that is not approved');
});

t.test('POST /api/organizations/{orgId}/credentials with Idempotency-Key', async (t) => {
  const json = { badgeId: a.yearly, recipient: { name: 'Idem', email: 'idem@example.com' } };
  const send = (body: unknown, key: string, token = a.token, orgId = a.orgId) =>
    call('POST', `/api/organizations/${orgId}/credentials`, { token, json: body, headers: { 'idempotency-key': key } });
  const first = await send(json, 'web-key-1');
  t.equal(first.status, 201, first.text);
  const again = await send(json, 'web-key-1');
  t.same([again.status, again.body.id, again.headers.get('idempotent-replayed')], [201, first.body.id, 'true'], 'replayed, not issued again');
  const list = await call('GET', `/api/organizations/${a.orgId}/credentials?recipient=idem@example.com`, { token: a.token });
  t.equal(list.body.pagination.total, 1, 'one credential');
  const other = await send({ ...json, recipient: { name: 'Idem', email: 'other-idem@example.com' } }, 'web-key-1');
  t.same([other.status, other.body.error, other.body.details.field], [422, 'UNPROCESSABLE', 'Idempotency-Key']);
  const renewal = await send(json, 'web-key-2');
  t.same([renewal.status, renewal.body.supersedesCredentialId], [201, first.body.id], 'a new key issues again (a renewal)');
  const malformed = await call('POST', `/api/organizations/${a.orgId}/credentials`, {
    token: a.token,
    json,
    headers: { 'idempotency-key': '"unterminated' },
  });
  t.same([malformed.status, malformed.body.details?.field], [400, 'Idempotency-Key']);
  // The same key in another organization is that organization's own key.
  const inB = await send({ badgeId: b.yearly, recipient: { name: 'Idem', email: 'idem@example.com' } }, 'web-key-1', b.token, b.orgId);
  t.same([inB.status, inB.headers.get('idempotent-replayed')], [201, null]);
});

t.test('GET /api/organizations/{orgId}/credentials/{credentialId}: detail with ob3Credential and the renewal chain', async (t) => {
  const { check } = openApiChecker(t, doc);
  const c1 = (await issueA(a.yearly, 'chain@example.com')).body;
  const c2 = (await issueA(a.yearly, 'chain@example.com')).body;
  t.equal(c2.supersedesCredentialId, c1.id);
  for (const ref of [c2.credentialId, c2.id]) {
    const d = await call('GET', `/api/organizations/${a.orgId}/credentials/${ref}`, { token: a.token });
    check('GET', DETAIL, d);
    t.equal(d.status, 200, d.text);
    t.match(d.body, { id: c2.id, credentialId: c2.credentialId, badgeName: 'Yearly', revocationReason: null, supersedesCredentialId: c1.id });
    t.ok(d.body.ob3Credential?.proof, 'the signed payload');
    t.same(
      d.body.renewalChain.map((l: { id: string }) => l.id),
      [c1.id, c2.id],
      `by ${ref}: oldest first, itself included`,
    );
    t.same(Object.keys(d.body.renewalChain[0]).sort(), ['credentialId', 'expirationDate', 'id', 'issuanceDate', 'revocationReason', 'revokedAt', 'status']);
    t.match(d.body.renewalChain[0], { status: 'revoked', revocationReason: 'superseded by renewal', revokedAt: /Z$/ });
    t.match(d.body.renewalChain[1], { status: 'pending', revocationReason: null, revokedAt: null });
  }
  const fromFirst = await call('GET', `/api/organizations/${a.orgId}/credentials/${c1.id}`, { token: a.token });
  t.same(fromFirst.body.renewalChain.map((l: { id: string }) => l.id), [c1.id, c2.id], 'the same chain from its first link');
  t.equal(fromFirst.body.revocationReason, 'superseded by renewal');

  const foreign = await call('GET', `/api/organizations/${b.orgId}/credentials/${c1.id}`, { token: b.token });
  check('GET', DETAIL, foreign);
  t.same([foreign.status, foreign.body.error], [404, 'NOT_FOUND'], "another organization's credential");
  t.equal((await call('GET', `/api/organizations/${b.orgId}/credentials/${c1.credentialId}`, { token: b.token })).status, 404);
  t.equal((await call('GET', `/api/organizations/${a.orgId}/credentials/${c1.id}`, { token: b.token })).status, 404, 'not a member');
  t.equal((await call('GET', `/api/organizations/${a.orgId}/credentials/not-an-id`, { token: a.token })).status, 404);
});

t.test('recipient filter on both lists: case-insensitive prefix, exact totals, 400 naming recipient', async (t) => {
  const { check } = openApiChecker(t, doc);
  for (const e of ['filter-ann@example.com', 'filter-anna@example.org', 'filter-bob@example.com', 'filter_x@example.com']) {
    t.equal((await issueA(a.forever, e)).status, 201);
  }
  const list = (q: string, token = a.token) => call('GET', `/api/organizations/${a.orgId}/credentials?${q}`, { token });
  const ann = await list('recipient=FILTER-ANN');
  check('GET', '/api/organizations/{orgId}/credentials', ann);
  t.equal(ann.body.pagination.total, 2);
  t.same(ann.body.data.map((c: { recipientEmail: string }) => c.recipientEmail).sort(), ['filter-ann@example.com', 'filter-anna@example.org']);
  t.equal((await list('recipient=filter-ann%40example.com')).body.pagination.total, 1, 'a whole address');
  const paged = await list('recipient=filter-&limit=1&offset=1');
  t.same([paged.body.data.length, paged.body.pagination], [1, { limit: 1, offset: 1, total: 3 }], 'filter- matches three; _ is not a wildcard');
  t.equal((await list('recipient=filter_')).body.pagination.total, 1);
  t.equal((await list('recipient=filter-ann&status=revoked')).body.pagination.total, 0, 'with status');
  t.equal((await list(`recipient=filter-ann&badgeId=${a.yearly}`)).body.pagination.total, 0, 'with badgeId');
  for (const q of ['recipient=', 'recipient=a%20b', `recipient=${'x'.repeat(255)}`, 'recipient=a&recipient=b']) {
    const e = await list(q);
    check('GET', '/api/organizations/{orgId}/credentials', e);
    t.same([e.status, e.body.details?.field], [400, 'recipient'], q.slice(0, 30));
  }

  // /api/v1 (professional plan): the same parser.
  t.equal((await call('PATCH', `/api/admin/organizations/${a.orgId}`, { token: admin, json: { plan: 'professional' } })).status, 200);
  const key = (await call('POST', `/api/organizations/${a.orgId}/api-keys`, { token: a.token, json: { name: 'filter' } })).body.key;
  const v1 = await call('GET', '/api/v1/credentials?recipient=Filter-Ann', { token: key });
  check('GET', '/api/v1/credentials', v1);
  t.same([v1.status, v1.body.pagination.total], [200, 2], v1.text);
  const v1bad = await call('GET', '/api/v1/credentials?recipient=', { token: key });
  t.same([v1bad.status, v1bad.body.details?.field], [400, 'recipient']);
  t.equal((await call('PATCH', `/api/admin/organizations/${a.orgId}`, { token: admin, json: { plan: 'free' } })).status, 200);
});

t.test('GET /api/me/credentials: 403 until the address is verified, then every organization, private ones included', async (t) => {
  const { check } = openApiChecker(t, doc);
  const email = 'me-recipient@example.com';
  const fromA = await issueA(a.forever, email, 'Me');
  const fromB = await call('POST', `/api/organizations/${b.orgId}/credentials`, {
    token: b.token,
    json: { badgeId: b.yearly, recipient: { name: 'Me', email: 'ME-Recipient@example.com' } },
  });
  t.equal(fromB.status, 201);
  await issueA(a.forever, 'someone-else@example.com');

  const signup = await call('POST', '/api/auth/signup', { json: { email, password: PASSWORD, name: 'Me' } });
  t.equal(signup.status, 201, signup.text);
  const early = signup.body.token as string;
  const refused = await call('GET', '/api/me/credentials', { token: early });
  check('GET', '/api/me/credentials', refused);
  t.same(
    [refused.status, refused.body.error, refused.body.message],
    [403, 'FORBIDDEN', 'Verify your e-mail address to see the credentials issued to it'],
  );
  t.equal((await call('GET', '/api/me/credentials')).status, 401, 'no session');

  const [, verifyToken] = await tp.mailMatch(email, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
  t.equal((await call('POST', '/api/auth/verify-email', { json: { token: verifyToken } })).status, 200);
  // A session from after the verification, to make one credential private as its recipient.
  const session = (await call('POST', '/api/auth/login', { json: { email, password: PASSWORD } })).body.token as string;
  t.equal((await call('PATCH', `/api/credentials/${fromB.body.id}`, { token: session, json: { isPublic: false } })).status, 200);

  // The session from before the verification: the account's current record decides.
  const mine = await call('GET', '/api/me/credentials', { token: early });
  check('GET', '/api/me/credentials', mine);
  t.equal(mine.status, 200, mine.text);
  t.same(mine.body.pagination, { limit: 50, offset: 0, total: 2 });
  // Newest first; issuance dates are whole seconds, so two issued in the same second are
  // ordered by id (descending), the index's tie-break.
  type Item = { id: string; issuanceDate: string };
  const expected = [fromB.body as Item, fromA.body as Item]
    .sort((x, y) => y.issuanceDate.localeCompare(x.issuanceDate) || y.id.localeCompare(x.id))
    .map((c) => c.id);
  t.same(
    mine.body.data.map((c: { id: string }) => c.id),
    expected,
    'newest first (ties by id), both organizations',
  );
  const byId = new Map(mine.body.data.map((c: { id: string }) => [c.id, c]));
  t.match(byId.get(fromB.body.id), { isPublic: false, issuerName: 'Org webapp-b', badgeImageUrl: null, badgeName: 'Yearly', recipientEmail: email });
  t.match(byId.get(fromA.body.id), { isPublic: true, issuerName: 'Org webapp-a', badgeImageUrl: 'https://img.example.com/forever.png' });
  t.notOk('ob3Credential' in mine.body.data[0], 'list items carry no payload');
  const second = await call('GET', '/api/me/credentials?limit=1&offset=1', { token: session });
  t.same([second.body.data.map((c: { id: string }) => c.id), second.body.pagination.total], [[expected[1]], 2]);
  for (const [q, field] of [['limit=0', 'limit'], ['offset=-1', 'offset'], ['status=valid', 'status']] as const) {
    const e = await call('GET', `/api/me/credentials?${q}`, { token: session });
    check('GET', '/api/me/credentials', e);
    t.same([e.status, e.body.details?.field], [400, field], q);
  }
});

t.test('POST .../bulk-issuances/preview: every row the way the real upload would go, nothing written', async (t) => {
  const { check } = openApiChecker(t, doc);
  const PREVIEW = '/api/organizations/{orgId}/bulk-issuances/preview';
  t.equal((await issueA(a.yearly, 'holder@example.com')).status, 201);
  const counts = async () => [
    (await call('GET', `/api/organizations/${a.orgId}/credentials?limit=1`, { token: a.token })).body.pagination.total,
    (await call('GET', `/api/organizations/${a.orgId}/bulk-issuances?limit=1`, { token: a.token })).body.pagination.total,
  ];
  const before = await counts();
  const text = ['name,email', 'New,new-bulk@example.com', 'Holder,HOLDER@example.com', 'Bad,nope', 'Dup,dup@example.com', 'Dup Again,dup@example.com'].join('\r\n');
  const p = await call('POST', `/api/organizations/${a.orgId}/bulk-issuances/preview`, { token: a.token, form: csvForm(a.yearly, text) });
  check('POST', PREVIEW, p);
  t.equal(p.status, 200, p.text);
  t.same(await counts(), before, 'no credential and no job written');
  t.same(
    { badgeId: p.body.badgeId, total: p.body.total, counts: p.body.counts },
    { badgeId: a.yearly, total: 5, counts: { issue: 2, renew: 2, conflict: 0, invalid: 1, over_quota: 0 } },
  );
  t.same(
    p.body.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome]),
    [[1, 'issue'], [2, 'renew'], [3, 'invalid'], [4, 'issue'], [5, 'renew']],
  );
  t.same(p.body.rows[0], { row: 1, name: 'New', email: 'new-bulk@example.com', outcome: 'issue', reason: null });
  t.match(p.body.rows[2], { name: 'Bad', email: 'nope', reason: 'email must be a valid e-mail address' });
  t.match(p.body.rows[4].reason, /row 4 of this file/);

  const forever = await call('POST', `/api/organizations/${a.orgId}/bulk-issuances/preview`, {
    token: a.token,
    form: csvForm(a.forever, 'name,email\nF,forever@example.com\nG,g@example.com\nG2,g@example.com\n'),
  });
  t.same(forever.body.counts, { issue: 1, renew: 0, conflict: 2, invalid: 0, over_quota: 0 }, 'an active non-expiring credential, and a repeat of a non-expiring issue');

  // A file over the JSON body limit (64 KiB) goes through: the multipart route and its 5 MiB limit.
  const many = ['name,email', ...Array.from({ length: 2000 }, (_, i) => `Person Number ${i},person-number-${i}@example.com`)].join('\n');
  t.ok(many.length > 64 * 1024);
  const big = await call('POST', `/api/organizations/${a.orgId}/bulk-issuances/preview`, { token: a.token, form: csvForm(a.yearly, many) });
  t.same([big.status, big.body?.total], [200, 2000], big.text.slice(0, 200));
  // 2,000 new addresses against the plan's monthly quota: the places left issue, the rest are over.
  const left = big.body.quota.remaining as number;
  t.ok(left > 0 && left < 2000, `${left} places left this month`);
  t.same(big.body.counts, { issue: left, renew: 0, conflict: 0, invalid: 0, over_quota: 2000 - left });
  t.same(
    [big.body.rows[left - 1].outcome, big.body.rows[left].outcome, big.body.rows[1999].outcome],
    ['issue', 'over_quota', 'over_quota'],
    'the places go in file order',
  );

  const refused = async (form: FormData | undefined, status: number, field?: string, json?: unknown) => {
    const r = await call('POST', `/api/organizations/${a.orgId}/bulk-issuances/preview`, { token: a.token, ...(form ? { form } : { json }) });
    check('POST', PREVIEW, r);
    t.same([r.status, r.body?.details?.field], [status, field], `${status} ${field ?? ''}: ${String(r.body?.message)}`);
  };
  await refused(csvForm('not-a-uuid', text), 400, 'badgeId');
  await refused(csvForm(a.yearly, 'nom,courriel\nA,a@example.com\n'), 400, 'file');
  await refused(csvForm(a.yearly, 'name,email\n"unterminated,a@example.com\n'), 400, 'file');
  await refused(csvForm(b.yearly, text), 404);
  await refused(undefined, 415, undefined, { badgeId: a.yearly });
  const other = await call('POST', `/api/organizations/${a.orgId}/bulk-issuances/preview`, { token: b.token, form: csvForm(a.yearly, text) });
  t.equal(other.status, 404, 'not a member');
  t.same(await counts(), before, 'still nothing written');
});

t.test('GET .../bulk-issuances/{id}/report.csv: one line per row, escaped and safe from formulas', async (t) => {
  const { check } = openApiChecker(t, doc);
  const REPORT = '/api/organizations/{orgId}/bulk-issuances/{bulkIssuanceId}/report.csv';
  const text = [
    'name,email',
    '=HYPERLINK("http://evil.example/?x"),inj1@example.com',
    '+SUM(1),inj2@example.com',
    '-2+3,inj3@example.com',
    '@cmd,inj4@example.com',
    '"Comma, Name",inj5@example.com',
    '"\t=tab",tab@example.com,extra',
    'Plain,not-an-email',
  ].join('\r\n');
  const job = await call('POST', `/api/organizations/${a.orgId}/bulk-issuances`, { token: a.token, form: csvForm(a.yearly, text) });
  t.equal(job.status, 202, job.text);
  const done = await waitFor('bulk job completed', async () => {
    const j = await call('GET', `/api/organizations/${a.orgId}/bulk-issuances/${job.body.id}`, { token: a.token });
    return j.body.status === 'completed' ? j.body : undefined;
  }, 60_000);
  const crd = (row: number) => done.rows.find((r: { row: number }) => r.row === row).credentialId as string;

  const report = await call('GET', `/api/organizations/${a.orgId}/bulk-issuances/${job.body.id}/report.csv`, { token: a.token });
  check('GET', REPORT, report);
  t.equal(report.status, 200);
  t.equal(report.headers.get('content-type'), 'text/csv; charset=utf-8');
  t.equal(report.headers.get('content-disposition'), `attachment; filename="bulk-${job.body.id}.csv"`);
  t.same(report.text.split('\r\n'), [
    'row,name,email,outcome,credentialId,reason',
    `1,"'=HYPERLINK(""http://evil.example/?x"")",inj1@example.com,issued,${crd(1)},`,
    `2,'+SUM(1),inj2@example.com,issued,${crd(2)},`,
    `3,'-2+3,inj3@example.com,issued,${crd(3)},`,
    `4,'@cmd,inj4@example.com,issued,${crd(4)},`,
    `5,"Comma, Name",inj5@example.com,issued,${crd(5)},`,
    "6,'\t=tab,tab@example.com,invalid,,\"Expected 2 fields (name,email), found 3\"",
    '7,Plain,not-an-email,invalid,,email must be a valid e-mail address',
    '',
  ]);

  const foreign = await call('GET', `/api/organizations/${b.orgId}/bulk-issuances/${job.body.id}/report.csv`, { token: b.token });
  check('GET', REPORT, foreign);
  t.same([foreign.status, foreign.body?.error], [404, 'NOT_FOUND'], "another organization's job");
  t.equal((await call('GET', `/api/organizations/${a.orgId}/bulk-issuances/${job.body.id}/report.csv`, { token: b.token })).status, 404, 'not a member');
  t.equal((await call('GET', `/api/organizations/${a.orgId}/bulk-issuances/00000000-0000-4000-8000-000000000000/report.csv`, { token: a.token })).status, 404);
});
