// The issuance RPCs behind the web application, over gRPC against the real services
// (PostgreSQL, RabbitMQ, signing, accounts): the member credential detail with its renewal
// chain, the list's recipient prefix filter (exact totals), a recipient's own credentials across
// organizations, and the bulk CSV preview (the real job's outcomes, nothing written).
import t from 'tap';
import { waitFor } from '@cred/testing';
import { badgeBody, patchBody, rejection, startIssuance } from './fixtures/harness.js';

const DAY = 24 * 60 * 60 * 1000;
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

const h = await startIssuance(t);
const c = h.issuance;
const org = await h.createOrg({ name: 'Web Academy' });
const other = await h.createOrg({ name: 'Other Institute' });
const yearly = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly', expiresInDays: 365 }) });
const forever = await c.CreateBadge({
  organization_id: org.id,
  badge: badgeBody({ name: 'Forever', imageUrl: 'https://img.example.com/forever.png' }),
});
const issue = (badgeId: string, email: string, orgId = org.id, name = 'Ada Lovelace') =>
  c.IssueCredential({ organization_id: orgId, badge_id: badgeId, recipient_name: name, recipient_email: email, issued_by: 'test' });
t.afterEach(() => h.clock.reset());

t.test('GetCredentialDetail: by UUID or CRD- id, with the renewal chain oldest first', async (t) => {
  const first = await issue(yearly.id, 'chain@example.com');
  h.clock.advance(DAY);
  const second = await issue(yearly.id, 'chain@example.com');
  h.clock.advance(DAY);
  const third = await issue(yearly.id, 'chain@example.com');
  const unrelated = await issue(yearly.id, 'unrelated@example.com');

  for (const ref of [second.id, second.credential_id]) {
    const d = await c.GetCredentialDetail({ organization_id: org.id, credential_ref: ref });
    t.equal(d.credential!.id, second.id, `found by ${ref}`);
    t.ok(JSON.parse(d.credential!.ob3_credential_json).proof, 'with the signed payload');
    t.same(
      d.renewal_chain.map((l) => l.id),
      [first.id, second.id, third.id],
      'every linked credential, itself included, oldest first',
    );
  }
  const chain = (await c.GetCredentialDetail({ organization_id: org.id, credential_ref: first.id })).renewal_chain;
  t.match(chain[0], { id: first.id, credential_id: first.credential_id, status: 'revoked', revocation_reason: 'superseded by renewal' });
  t.ok(chain[0]!.revoked_at && chain[0]!.expiration_date);
  t.match(chain[2], { id: third.id, status: 'pending', revoked_at: undefined, revocation_reason: undefined });
  t.same(
    (await c.GetCredentialDetail({ organization_id: org.id, credential_ref: unrelated.id })).renewal_chain.map((l) => l.id),
    [unrelated.id],
    'a credential without renewals is its own chain',
  );
  t.equal((await rejection(c.GetCredentialDetail({ organization_id: other.id, credential_ref: second.id }))).code, 'NOT_FOUND', 'another organization: 404');
  t.equal((await rejection(c.GetCredentialDetail({ organization_id: other.id, credential_ref: second.credential_id }))).code, 'NOT_FOUND');
  t.equal((await rejection(c.GetCredentialDetail({ organization_id: org.id, credential_ref: 'nope' }))).code, 'NOT_FOUND');
});

t.test('ListCredentials recipient: case-insensitive prefix, exact totals, combined with the other filters', async (t) => {
  const o = await h.createOrg({ name: 'Prefix Org' });
  const b = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'P' }) });
  const b2 = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'Q', expiresInDays: 10 }) });
  for (const e of ['alice@example.com', 'alice.b@example.com', 'alicia@example.org', 'bob@example.com', 'al_x@example.com', 'alxx@example.com'])
    await issue(b.id, e, o.id);
  await issue(b2.id, 'alice@example.com', o.id);
  await issue(b.id, 'alice@example.com', org.id).catch(() => undefined); // another badge of another organization: not counted
  const list = (q: { recipient?: string; status?: string; badge_id?: string; limit?: number; offset?: number }) =>
    c.ListCredentials({ organization_id: o.id, limit: q.limit ?? 100, offset: q.offset ?? 0, ...q });
  const emails = (r: Awaited<ReturnType<typeof list>>) => r.credentials.map((x) => x.recipient_email).sort();

  const ali = await list({ recipient: 'ALI' });
  t.equal(ali.total, 4, 'ALI matches alice (2 credentials), alice.b and alicia');
  t.same(emails(ali), ['alice.b@example.com', 'alice@example.com', 'alice@example.com', 'alicia@example.org']);
  t.equal((await list({ recipient: 'alice@example.com' })).total, 2, 'a whole address');
  t.equal((await list({ recipient: 'alice@example.com', badge_id: b2.id })).total, 1, 'with badgeId');
  t.equal((await list({ recipient: 'ali', status: 'pending' })).total, 4, 'with status');
  t.equal((await list({ recipient: 'al_' })).total, 1, '_ is a character, not a wildcard');
  t.same(emails(await list({ recipient: 'al_' })), ['al_x@example.com']);
  t.equal((await list({ recipient: 'al%' })).total, 0, '% is a character, not a wildcard');
  t.equal((await list({ recipient: 'zed' })).total, 0);
  const page = await list({ recipient: 'ali', limit: 1, offset: 1 });
  t.equal(page.credentials.length, 1);
  t.equal(page.total, 4, 'the total does not depend on the page');
  const real = await h.db('credentials').where('organization_id', o.id).whereLike('recipient_email', 'ali%').count({ n: '*' });
  t.equal(Number(real[0]!.n), 4, 'the same as counting the rows');

  // Index-backed: with an organization of 20,000 credentials (rows written directly, nothing
  // reads their payloads) the planner answers the prefix from credentials_org_recipient_prefix_idx.
  const big = await h.createOrg({ name: 'Big Org' });
  const bigBadge = await c.CreateBadge({ organization_id: big.id, badge: badgeBody({ name: 'Big' }) });
  await h.db.raw(
    `INSERT INTO credentials (id, credential_id, organization_id, badge_id, recipient_name, recipient_email, status, issuance_date, ob3, created_at)
     SELECT gen_random_uuid(), 'TST-' || ? || '-' || i, ?, ?, 'N', 'r' || i || '@example.com', 'pending', now(), '{}'::jsonb, now()
     FROM generate_series(1, 20000) AS i`,
    [big.id.slice(0, 8), big.id, bigBadge.id],
  );
  await h.db.raw('ANALYZE credentials');
  const plan = await h.db.transaction(async (trx) => {
    const r = await trx.raw("EXPLAIN SELECT count(*) FROM credentials WHERE organization_id = ? AND recipient_email LIKE 'r123%'", [big.id]);
    return (r.rows as Array<{ 'QUERY PLAN': string }>).map((x) => x['QUERY PLAN']).join('\n');
  });
  t.match(plan, /credentials_org_recipient_prefix_idx/, 'the prefix is an index range');
  t.match(plan, /recipient_email ~>=~ 'r123'::text/, 'a range condition, not a filter');
  t.equal((await c.ListCredentials({ organization_id: big.id, limit: 5, offset: 0, recipient: 'r123' })).total, 111, 'r123, r1230-r1239, r12300-r12399');

  for (const bad of ['', 'a b', 'x'.repeat(255), 'a\u0000b']) {
    const e = await rejection(list({ recipient: bad }));
    t.match(e, { code: 'VALIDATION_ERROR', details: { field: 'recipient' } }, `refused: ${JSON.stringify(bad.slice(0, 10))}`);
  }
  t.equal((await list({ recipient: 'x'.repeat(254) })).total, 0, '254 characters are allowed');
});

t.test('ListRecipientCredentials: every organization, private ones included, newest first, issuer and image', async (t) => {
  const email = `me-${Date.now()}@example.com`;
  const a = await issue(forever.id, email);
  h.clock.advance(1000);
  const otherBadge = await c.CreateBadge({ organization_id: other.id, badge: badgeBody({ name: 'Elsewhere' }) });
  const b = await issue(otherBadge.id, email.toUpperCase(), other.id);
  await c.SetCredentialVisibility({
    credential_ref: b.id,
    is_public: false,
    session: { user_id: 'u-1', email, email_verified: true },
  });
  await issue(forever.id, `not-${email}`);

  const r = await c.ListRecipientCredentials({ email: email.toUpperCase(), limit: 10, offset: 0 });
  t.equal(r.total, 2);
  t.same(
    r.credentials.map((x) => x.credential!.id),
    [b.id, a.id],
    'issuanceDate desc',
  );
  t.match(r.credentials[0], { issuer_name: 'Other Institute', badge_image_url: undefined, credential: { is_public: false, badge_name: 'Elsewhere' } });
  t.match(r.credentials[1], { issuer_name: 'Web Academy', badge_image_url: 'https://img.example.com/forever.png', credential: { is_public: true } });
  t.equal(r.credentials[0]!.credential!.ob3_credential_json, '', 'no payload in list items');
  const second = await c.ListRecipientCredentials({ email, limit: 1, offset: 1 });
  t.same([second.total, second.credentials.map((x) => x.credential!.id)], [2, [a.id]]);
  const plan = await h.db.transaction(async (trx) => {
    const r = await trx.raw('EXPLAIN SELECT id FROM credentials WHERE recipient_email = ? ORDER BY issuance_date DESC, id DESC LIMIT 10', [email]);
    return (r.rows as Array<{ 'QUERY PLAN': string }>).map((x) => x['QUERY PLAN']).join('\n');
  });
  t.match(plan, /credentials_recipient_issued_idx/, 'read off credentials_recipient_issued_idx');
  t.notMatch(plan, /Sort/, 'in index order, no sort');
  t.match(await rejection(c.ListRecipientCredentials({ email: 'not an address', limit: 10, offset: 0 })), { code: 'VALIDATION_ERROR' });
  t.match(await rejection(c.ListRecipientCredentials({ email, limit: 0, offset: 0 })), { code: 'VALIDATION_ERROR', details: { field: 'limit' } });
});

t.test('PreviewBulkIssuance: the outcomes the real job then has, and nothing written', async (t) => {
  const o = await h.createOrg({ name: 'Preview Org' });
  const timed = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'Timed', expiresInDays: 30 }) });
  const lasting = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'Lasting' }) });
  await issue(timed.id, 'holder@example.com', o.id); // active, time-bound: renewed
  await issue(lasting.id, 'keeper@example.com', o.id); // active, non-expiring: conflict
  const body = csv(
    'name,email',
    'New Person,new@example.com', // 1 issue
    'Holder,HOLDER@example.com', // 2 renew (prior revoked as superseded)
    'Bad,not-an-email', // 3 invalid
    'Twice,twice@example.com', // 4 issue
    'Twice Again,twice@example.com', // 5 renew of row 4
    '', // 6 blank: skipped
    'Extra,extra@example.com,more', // 7 invalid
  );
  const timedOutcomes = ['issue', 'renew', 'invalid', 'issue', 'renew', 'invalid'];

  const countAll = async () =>
    Promise.all(['credentials', 'bulk_issuances', 'bulk_issuance_rows', 'outbox', 'quota_recipients'].map(async (table) => Number((await h.db(table).count({ n: '*' }))[0]!.n)));
  const before = await countAll();
  const p = await c.PreviewBulkIssuance({ organization_id: o.id, badge_id: timed.id, csv: body });
  t.same(await countAll(), before, 'no credential, job, row, event or quota count was written');
  t.match(p, { badge_id: timed.id, total: 6, issue: 2, renew: 2, conflict: 0, invalid: 2 });
  t.same(
    p.rows.map((r) => [r.row, r.outcome]),
    [1, 2, 3, 4, 5, 7].map((row, i) => [row, timedOutcomes[i]]),
  );
  t.match(p.rows[0], { name: 'New Person', email: 'new@example.com', reason: undefined });
  t.match(p.rows[1], { email: 'holder@example.com', reason: /^Renews CRD-[0-9A-Z]{12}, which is revoked as superseded by renewal$/ });
  t.match(p.rows[2], { name: 'Bad', email: 'not-an-email', reason: 'email must be a valid e-mail address' });
  t.match(p.rows[4], { reason: 'Renews the credential of row 4 of this file, which is revoked as superseded by renewal' });
  t.match(p.rows[5], { reason: 'Expected 2 fields (name,email), found 3' });

  const l = await c.PreviewBulkIssuance({
    organization_id: o.id,
    badge_id: lasting.id,
    csv: csv('name,email', 'Keeper,keeper@example.com', 'Once,once@example.com', 'Once Again,once@example.com'),
  });
  t.match(l, { total: 3, issue: 1, renew: 0, conflict: 2, invalid: 0 });
  t.match(l.rows[0], { outcome: 'conflict', reason: /active, non-expiring credential/ });
  t.match(l.rows[2], { outcome: 'conflict', reason: /\(the credential of row 2 of this file\)$/ });

  // The real job on the same file: the preview's outcome for every row.
  const job = await c.CreateBulkIssuance({ organization_id: o.id, badge_id: timed.id, csv: body, requested_by: 'test' });
  const done = await waitFor(
    'bulk job completed',
    async () => {
      const j = await c.GetBulkIssuance({ organization_id: o.id, bulk_issuance_id: job.id, rows_limit: 100, rows_offset: 0 });
      return j.status === 'completed' ? j : undefined;
    },
    60_000,
    100,
  );
  const past = { issue: 'issued', renew: 'renewed', conflict: 'conflict', invalid: 'invalid' } as const;
  t.same(
    done.rows.map((r) => [r.row, r.result]),
    p.rows.map((r) => [r.row, past[r.outcome as keyof typeof past]]),
    'the job did what the preview said',
  );
  const job2 = await c.CreateBulkIssuance({
    organization_id: o.id,
    badge_id: lasting.id,
    csv: csv('name,email', 'Keeper,keeper@example.com', 'Once,once@example.com', 'Once Again,once@example.com'),
    requested_by: 'test',
  });
  const done2 = await waitFor(
    'second job completed',
    async () => {
      const j = await c.GetBulkIssuance({ organization_id: o.id, bulk_issuance_id: job2.id, rows_limit: 100, rows_offset: 0 });
      return j.status === 'completed' ? j : undefined;
    },
    60_000,
    100,
  );
  t.same(
    done2.rows.map((r) => r.result),
    l.rows.map((r) => past[r.outcome as keyof typeof past]),
    'duplicates of a non-expiring badge conflict in the job as in the preview',
  );
});

t.test('PreviewBulkIssuance refuses what the upload refuses, with the same errors', async (t) => {
  const o = await h.createOrg({ name: 'Refusals' });
  const b = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'R' }) });
  const good = csv('name,email', 'A,a@example.com');
  const both = async (badgeId: string, file: Buffer, orgId = o.id) => {
    const preview = await rejection(c.PreviewBulkIssuance({ organization_id: orgId, badge_id: badgeId, csv: file }));
    const upload = await rejection(c.CreateBulkIssuance({ organization_id: orgId, badge_id: badgeId, csv: file, requested_by: 'test' }));
    t.same(
      { code: preview.code, message: preview.message, details: preview.details },
      { code: upload.code, message: upload.message, details: upload.details },
      `${preview.code}: ${preview.message}`,
    );
    return preview;
  };
  t.match(await both('not-a-uuid', good), { code: 'VALIDATION_ERROR', details: { field: 'badgeId' } });
  t.match(await both(b.id, csv('nom,courriel', 'A,a@example.com')), { code: 'VALIDATION_ERROR', details: { field: 'file' } });
  t.match(await both(b.id, Buffer.from('name,email\r\n"open,a@example.com\r\n')), { code: 'VALIDATION_ERROR', details: { field: 'file' } });
  t.match(await both(yearly.id, good), { code: 'NOT_FOUND' }, "another organization's badge");
  await c.UpdateBadge({ organization_id: o.id, badge_id: b.id, badge: patchBody({ isActive: false }) });
  t.match(await both(b.id, good), { code: 'VALIDATION_ERROR', details: { field: 'badgeId' } });
  const unapproved = await h.createOrg({ approve: false });
  const ub = await c.CreateBadge({ organization_id: unapproved.id, badge: badgeBody({ name: 'U' }) });
  t.match(await both(ub.id, good, unapproved.id), { code: 'FORBIDDEN' });
});
