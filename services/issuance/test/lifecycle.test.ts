import { createHash, randomBytes } from 'node:crypto';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { createLogger } from '@cred/runtime';
import { ExpirySweeper } from '../src/app/expiry-sweeper.js';
import { badgeBody, patchBody, outboxEvents, rejection, startIssuance, type IssuanceHarness } from './fixtures/harness.js';

const DAY = 24 * 60 * 60 * 1000;


/** Stands in for notification: a claim token whose hash is registered (RegisterClaimTokens) before its e-mail would leave. */
async function claimToken(h: IssuanceHarness, credential: { id: string; credential_id: string }, orgId: string, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const r = await h.issuance.RegisterClaimTokens({
    tokens: [{ credential_uuid: credential.id, organization_id: orgId, token_hash: tokenHash, expires_at: expiresAt.toISOString(), source_event_id: 'evt_test' }],
  });
  if (r.registered !== 1) throw new Error(`registered ${r.registered}`);
  // Stored by the time the call answers: no waiting for anything to arrive.
  if ((await h.db('claim_tokens').where({ token_hash: tokenHash })).length !== 1) throw new Error('claim token not stored when the call answered');
  return token;
}

const rowsOf = (h: IssuanceHarness, badgeId: string, email: string) =>
  h.db('credentials').where({ badge_id: badgeId, recipient_email: email }).orderBy('issuance_date', 'asc').orderBy('created_at', 'asc');

t.test('credential lifecycle over gRPC (real PostgreSQL, RabbitMQ, signing and accounts)', async (t) => {
  // Free plan quota lowered so the quota rules can be reached; the sweeper is driven by hand below.
  const h = await startIssuance(t, { RECIPIENT_QUOTA_LIMITS: 'free=1000', EXPIRY_SWEEP_INTERVAL_MS: String(DAY) });
  const c = h.issuance;
  const org = await h.createOrg({ name: 'Lifecycle Academy' });
  const yearly = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly', expiresInDays: 365 }) });
  const forever = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Forever' }) });
  const issue = (badgeId: string, email: string, orgId = org.id) =>
    c.IssueCredential({ organization_id: orgId, badge_id: badgeId, recipient_name: 'Ada Lovelace', recipient_email: email, issued_by: 'test' });
  t.afterEach(() => h.clock.reset());

  t.test('no prior credential: a first issue, pending, credential.issued', async (t) => {
    const r = await issue(yearly.id, 'first@example.com');
    t.equal(r.status, 'pending');
    t.equal(r.supersedes_credential_id, undefined);
    const [ev] = (await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.credentialUuid === r.id);
    t.equal(ev!.data.organizationId, org.id);
    t.equal((await outboxEvents(h.db, 'credential.renewed')).filter((e) => e.data.credentialUuid === r.id).length, 0);
  });

  t.test('active time-bound prior (pending counts as active): revoked as superseded, renewal pending, linked both ways', async (t) => {
    const prior = await issue(yearly.id, 'renew@example.com');
    await c.UpdateBadge({ organization_id: org.id, badge_id: yearly.id, badge: patchBody({ description: 'Renewed text.' }) });
    const renewal = await issue(yearly.id, 'RENEW@example.com');
    t.equal(renewal.status, 'pending');
    t.equal(renewal.supersedes_credential_id, prior.id);
    t.equal(JSON.parse(renewal.ob3_credential_json).credentialSubject.achievement.description, 'Renewed text.', 'built from the badge as it is now');
    const p = await c.GetCredential({ organization_id: org.id, credential_uuid: prior.id });
    t.equal(p.status, 'revoked');
    t.equal(p.revocation_reason, 'superseded by renewal');
    t.ok(p.revoked_at);
    t.equal(p.superseded_by_credential_id, renewal.id);
    const revoked = (await outboxEvents(h.db, 'credential.revoked')).filter((e) => e.data.credentialUuid === prior.id);
    t.equal(revoked.length, 1);
    t.same(
      { reason: revoked[0]!.data.revocationReason, by: revoked[0]!.data.supersededByCredentialId, org: revoked[0]!.data.organizationId, email: revoked[0]!.data.recipientEmail },
      { reason: 'superseded by renewal', by: renewal.id, org: org.id, email: 'renew@example.com' },
    );
    const renewed = (await outboxEvents(h.db, 'credential.renewed')).filter((e) => e.data.credentialUuid === renewal.id);
    t.equal(renewed.length, 1);
    t.equal(renewed[0]!.data.supersedesCredentialId, prior.id);
    t.equal(renewed[0]!.data.priorStatus, 'revoked');
    t.equal((await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.credentialUuid === renewal.id).length, 0, 'a renewal is announced as credential.renewed only');
    const active = (await rowsOf(h, yearly.id, 'renew@example.com')).filter((r) => ['pending', 'valid'].includes(r.status));
    t.equal(active.length, 1, 'one active credential');
  });

  t.test('active time-bound prior that was claimed (valid) is superseded too', async (t) => {
    const prior = await issue(yearly.id, 'valid@example.com');
    const token = await claimToken(h, prior, org.id, new Date(Date.now() + 30 * DAY));
    t.equal((await c.ClaimCredential({ credential_ref: prior.credential_id, token })).status, 'valid');
    const renewal = await issue(yearly.id, 'valid@example.com');
    const p = await c.GetCredential({ organization_id: org.id, credential_uuid: prior.id });
    t.same([p.status, p.revocation_reason, p.superseded_by_credential_id], ['revoked', 'superseded by renewal', renewal.id]);
  });

  t.test('expired prior: renewal pending, prior stays expired (expiry persisted and announced once)', async (t) => {
    const shortBadge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Short', expiresInDays: 2 }) });
    const prior = await issue(shortBadge.id, 'expired@example.com');
    h.clock.advance(3 * DAY);
    t.equal((await c.GetCredential({ organization_id: org.id, credential_uuid: prior.id })).status, 'expired', 'expired from the clock before any sweep');
    const renewal = await issue(shortBadge.id, 'expired@example.com');
    t.equal(renewal.supersedes_credential_id, prior.id);
    const p = await c.GetCredential({ organization_id: org.id, credential_uuid: prior.id });
    t.same([p.status, p.revoked_at, p.revocation_reason, p.superseded_by_credential_id], ['expired', undefined, undefined, renewal.id]);
    t.equal((await h.db('credentials').where({ id: prior.id }).first()).status, 'expired', 'persisted');
    t.equal((await outboxEvents(h.db, 'credential.expired')).filter((e) => e.data.credentialUuid === prior.id).length, 1);
    t.equal((await outboxEvents(h.db, 'credential.revoked')).filter((e) => e.data.credentialUuid === prior.id).length, 0, 'not revoked');
    const renewed = (await outboxEvents(h.db, 'credential.renewed')).find((e) => e.data.credentialUuid === renewal.id);
    t.equal(renewed!.data.priorStatus, 'expired');
  });

  t.test('revoked prior: renewal pending, prior stays revoked with its reason', async (t) => {
    const prior = await issue(forever.id, 'revoked@example.com');
    const revoked = await c.RevokeCredential({ organization_id: org.id, credential_ref: prior.id, reason: 'Issued in error', revoked_by: 'test' });
    const renewal = await issue(forever.id, 'revoked@example.com');
    t.equal(renewal.supersedes_credential_id, prior.id);
    const p = await c.GetCredential({ organization_id: org.id, credential_uuid: prior.id });
    t.same([p.status, p.revocation_reason, p.revoked_at, p.superseded_by_credential_id], ['revoked', 'Issued in error', revoked.revoked_at, renewal.id]);
  });

  t.test('active non-expiring prior: 409 and nothing changes', async (t) => {
    const prior = await issue(forever.id, 'forever@example.com');
    const before = { rows: await rowsOf(h, forever.id, 'forever@example.com'), outbox: (await h.db('outbox').count({ n: '*' }))[0]!.n };
    const e = await rejection(issue(forever.id, 'Forever@Example.com'));
    t.equal(e.code, 'CONFLICT');
    t.equal(e.details.existingCredentialId, prior.id);
    t.match(e.message, /non-expiring/);
    t.same(await rowsOf(h, forever.id, 'forever@example.com'), before.rows);
    t.equal((await h.db('outbox').count({ n: '*' }))[0]!.n, before.outbox, 'no event');
    // A claimed (valid) non-expiring credential blocks too.
    const token = await claimToken(h, prior, org.id, new Date(Date.now() + DAY));
    await c.ClaimCredential({ credential_ref: prior.id, token });
    t.equal((await rejection(issue(forever.id, 'forever@example.com'))).code, 'CONFLICT');
  });

  t.test('concurrent issues for one recipient and badge: one wins, never two active', async (t) => {
    for (const [badge, email, withPrior] of [
      [yearly, 'race-new@example.com', false],
      [yearly, 'race-renew@example.com', true],
      [forever, 'race-forever@example.com', false],
    ] as const) {
      if (withPrior) await issue(badge.id, email);
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => issue(badge.id, email)));
      const won = results.filter((r) => r.status === 'fulfilled');
      t.equal(won.length, 1, `${email}: exactly one issue succeeds`);
      t.ok(results.every((r) => r.status === 'fulfilled' || (r.reason as { code: string }).code === 'CONFLICT'), 'the others are 409');
      const rows = await rowsOf(h, badge.id, email);
      t.equal(rows.filter((r) => ['pending', 'valid'].includes(r.status)).length, 1, 'one active credential');
      t.equal(rows.length, withPrior ? 2 : 1);
    }
  });

  t.test('list: order, exact total, filters, status from the clock, validation', async (t) => {
    const o = await h.createOrg();
    const b1 = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'B1', expiresInDays: 10 }) });
    const b2 = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'B2' }) });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      h.clock.set(new Date(Date.now() + i * 2000));
      ids.push((await issue(i % 2 === 0 ? b1.id : b2.id, `list-${i}@example.com`, o.id)).id);
    }
    h.clock.reset();
    const all = await c.ListCredentials({ organization_id: o.id, limit: 3, offset: 0 });
    t.equal(all.total, 7);
    t.same(all.credentials.map((x) => x.id), [ids[6], ids[5], ids[4]], 'issuanceDate descending');
    t.equal(all.credentials[0]!.ob3_credential_json, '', 'no payload in list items');
    const page3 = await c.ListCredentials({ organization_id: o.id, limit: 3, offset: 6 });
    t.same(page3.credentials.map((x) => x.id), [ids[0]]);
    t.equal((await c.ListCredentials({ organization_id: o.id, limit: 100, offset: 0, badge_id: b2.id })).total, 3);
    await c.RevokeCredential({ organization_id: o.id, credential_ref: ids[1]!, reason: 'test', revoked_by: 'test' });
    h.clock.advance(11 * DAY); // every B1 credential is past its expirationDate; nothing was swept
    const byStatus = async (status: string) => (await c.ListCredentials({ organization_id: o.id, limit: 100, offset: 0, status })).credentials.map((x) => x.id).sort();
    t.same(await byStatus('expired'), [ids[0], ids[2], ids[4], ids[6]].sort(), 'expired by the clock');
    t.same(await byStatus('revoked'), [ids[1]]);
    t.same(await byStatus('pending'), [ids[3], ids[5]].sort());
    t.same(await byStatus('valid'), []);
    const listed = await c.ListCredentials({ organization_id: o.id, limit: 100, offset: 0, badge_id: b1.id });
    t.ok(listed.credentials.every((x) => x.status === 'expired'), 'list items carry the computed status');
    for (const [req, field] of [
      [{ limit: 0, offset: 0 }, 'limit'],
      [{ limit: 101, offset: 0 }, 'limit'],
      [{ limit: 10, offset: -1 }, 'offset'],
      [{ limit: 10, offset: 0, status: 'active' }, 'status'],
      [{ limit: 10, offset: 0, badge_id: 'nope' }, 'badgeId'],
    ] as const) {
      const e = await rejection(c.ListCredentials({ organization_id: o.id, ...req }));
      t.same([e.code, e.details.field], ['VALIDATION_ERROR', field]);
    }
    t.equal((await c.ListCredentials({ organization_id: org.id, limit: 100, offset: 0, badge_id: b1.id })).total, 0, 'another organization sees none');
  });

  t.test('revoke: reason, 409 when revoked, CRD- id, tenancy, event', async (t) => {
    const r = await issue(yearly.id, 'revoke@example.com');
    const e0 = await rejection(c.RevokeCredential({ organization_id: org.id, credential_ref: r.id, reason: '  ', revoked_by: 'test' }));
    t.same([e0.code, e0.details.field], ['VALIDATION_ERROR', 'reason']);
    const other = await h.createOrg();
    t.equal((await rejection(c.RevokeCredential({ organization_id: other.id, credential_ref: r.id, reason: 'x', revoked_by: 'test' }))).code, 'NOT_FOUND');
    t.equal((await rejection(c.RevokeCredential({ organization_id: org.id, credential_ref: 'nonsense', reason: 'x', revoked_by: 'test' }))).code, 'NOT_FOUND');
    const v = await c.RevokeCredential({ organization_id: org.id, credential_ref: r.credential_id, reason: 'Left the programme', revoked_by: 'test' });
    t.same([v.status, v.revocation_reason], ['revoked', 'Left the programme']);
    t.ok(v.revoked_at);
    const again = await rejection(c.RevokeCredential({ organization_id: org.id, credential_ref: r.id, reason: 'Other reason', revoked_by: 'test' }));
    t.equal(again.code, 'CONFLICT');
    const now = await c.GetCredential({ organization_id: org.id, credential_uuid: r.id });
    t.same([now.revoked_at, now.revocation_reason], [v.revoked_at, 'Left the programme'], 'unchanged by the second attempt');
    const evs = (await outboxEvents(h.db, 'credential.revoked')).filter((e) => e.data.credentialUuid === r.id);
    t.equal(evs.length, 1);
    t.same(
      { id: evs[0]!.data.credentialId, badge: evs[0]!.data.badgeId, org: evs[0]!.data.organizationId, reason: evs[0]!.data.revocationReason },
      { id: r.credential_id, badge: yearly.id, org: org.id, reason: 'Left the programme' },
    );
    // Revoked is final: claiming fails, the clock does not bring it back.
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id, session: { user_id: 'u', email: 'revoke@example.com', email_verified: true } }))).code, 'CONFLICT');
    // Only the recipient learns that: anyone else gets the 403 a pending credential gives them.
    const stranger = await rejection(c.ClaimCredential({ credential_ref: r.id, token: randomBytes(32).toString('base64url') }));
    t.equal(stranger.code, 'FORBIDDEN', 'a made-up token does not learn that the credential is revoked');
    const wrongSession = await rejection(c.ClaimCredential({ credential_ref: r.id, session: { user_id: 'u2', email: 'someone@example.com', email_verified: true } }));
    t.equal(wrongSession.code, 'FORBIDDEN', 'nor does another signed-in user');
  });

  t.test('expiry sweeper: persists expired and emits credential.expired exactly once', async (t) => {
    const b = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Sweep', expiresInDays: 1 }) });
    const a = await issue(b.id, 'sweep-a@example.com');
    const later = await issue(b.id, 'sweep-b@example.com');
    await c.RevokeCredential({ organization_id: org.id, credential_ref: later.id, reason: 'x', revoked_by: 'test' });
    const sweeper = new ExpirySweeper({ db: h.db, schema: 'issuance', clock: h.clock, wakeRelay: () => undefined }, { intervalMs: DAY, logger: createLogger({ service: 'test', level: 'silent' }) });
    t.equal(await sweeper.sweep(), 0, 'nothing due yet');
    h.clock.advance(DAY + 1000);
    const [n1, n2] = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    const again = await sweeper.sweep();
    t.equal((await h.db('credentials').where({ id: a.id }).first()).status, 'expired');
    t.equal((await h.db('credentials').where({ id: later.id }).first()).status, 'revoked', 'a revoked credential stays revoked');
    t.ok(n1! + n2! >= 1 && again === 0);
    const evs = (await outboxEvents(h.db, 'credential.expired')).filter((e) => e.data.credentialUuid === a.id);
    t.equal(evs.length, 1, 'exactly one credential.expired');
    t.same(
      { org: evs[0]!.data.organizationId, email: evs[0]!.data.recipientEmail, exp: evs[0]!.data.expirationDate },
      { org: org.id, email: 'sweep-a@example.com', exp: a.expiration_date },
    );
    t.equal((await outboxEvents(h.db, 'credential.expired')).filter((e) => e.data.credentialUuid === later.id).length, 0);
    await waitFor('credential.expired reached the broker', () => h.received('credential.expired').some((e) => e.data.credentialUuid === a.id), 15000);
  });

  t.test('claim with the e-mail token: single use, expiring, only while pending', async (t) => {
    const r = await issue(yearly.id, 'claim@example.com');
    const token = await claimToken(h, r, org.id, new Date(Date.now() + 30 * DAY));
    const second = await claimToken(h, r, org.id, new Date(Date.now() + 30 * DAY)); // a retried e-mail carries another token
    const wrong = randomBytes(32).toString('base64url');
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id, token: wrong }))).code, 'FORBIDDEN', 'unknown token');
    const other = await issue(yearly.id, 'other-claim@example.com');
    t.equal((await rejection(c.ClaimCredential({ credential_ref: other.id, token }))).code, 'FORBIDDEN', "another credential's token");
    const claimed = await c.ClaimCredential({ credential_ref: r.credential_id, token: second });
    t.equal(claimed.status, 'valid');
    t.ok(claimed.claimed_at);
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id, token }))).code, 'CONFLICT', 'claimed once; every link is spent (its holder is told so)');
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id, token: wrong }))).code, 'FORBIDDEN', 'a stranger is not told it was claimed');
    t.equal((await h.db('claim_tokens').where({ credential_uuid: r.id }).whereNull('used_at')).length, 0);
    const evs = (await outboxEvents(h.db, 'credential.claimed')).filter((e) => e.data.credentialUuid === r.id);
    t.equal(evs.length, 1);
    t.same([evs[0]!.data.organizationId, evs[0]!.data.claimedAt], [org.id, claimed.claimed_at]);

    const late = await issue(yearly.id, 'late-claim@example.com');
    const expiring = await claimToken(h, late, org.id, new Date(Date.now() + DAY));
    h.clock.advance(2 * DAY);
    t.equal((await rejection(c.ClaimCredential({ credential_ref: late.id, token: expiring }))).code, 'FORBIDDEN', 'an expired token');
    h.clock.reset();

    const shortBadge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Brief', expiresInDays: 1 }) });
    const brief = await issue(shortBadge.id, 'brief@example.com');
    const briefToken = await claimToken(h, brief, org.id, new Date(Date.now() + 30 * DAY));
    h.clock.advance(2 * DAY);
    const ex = await rejection(c.ClaimCredential({ credential_ref: brief.id, token: briefToken }));
    t.equal(ex.code, 'CONFLICT');
    t.match(ex.message, /expired/);
    t.equal((await rejection(c.ClaimCredential({ credential_ref: brief.id, token: wrong }))).code, 'FORBIDDEN', 'a stranger is not told it expired');
  });

  t.test('claim and visibility with the recipient session', async (t) => {
    const r = await issue(yearly.id, 'session@example.com');
    const owner = { user_id: '7b0a4a43-5f5e-4a59-9f55-7f8f7c1c9a01', email: 'Session@example.com', email_verified: true };
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id, session: { ...owner, email_verified: false } }))).code, 'FORBIDDEN', 'unverified address');
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id, session: { ...owner, email: 'someone@example.com' } }))).code, 'FORBIDDEN', 'another address');
    t.equal((await rejection(c.ClaimCredential({ credential_ref: r.id }))).details.field, 'token');
    const claimed = await c.ClaimCredential({ credential_ref: r.id, session: owner });
    t.equal(claimed.status, 'valid');
    t.equal((await h.db('credentials').where({ id: r.id }).first()).claimed_by_user_id, owner.user_id);

    t.equal((await rejection(c.SetCredentialVisibility({ credential_ref: r.id, is_public: false, session: { ...owner, email: 'x@example.com' } }))).code, 'FORBIDDEN');
    const priv = await c.SetCredentialVisibility({ credential_ref: r.credential_id, is_public: false, session: owner });
    t.equal(priv.is_public, false);
    t.equal((await c.GetCredential({ organization_id: org.id, credential_uuid: r.id })).is_public, false);
    await c.SetCredentialVisibility({ credential_ref: r.id, is_public: false, session: owner });
    const evs = (await outboxEvents(h.db, 'credential.visibility_changed')).filter((e) => e.data.credentialUuid === r.id);
    t.equal(evs.length, 1, 'no event when nothing changes');
    t.equal(evs[0]!.data.isPublic, false);
    t.equal((await c.SetCredentialVisibility({ credential_ref: r.id, is_public: true, session: owner })).is_public, true);
    t.equal((await rejection(c.SetCredentialVisibility({ credential_ref: 'CRD-0000000000AA', is_public: true, session: owner }))).code, 'NOT_FOUND');
  });

  t.test('list totals (trigger-kept counters) equal a real count after every kind of change', async (t) => {
    h.clock.advance(400 * 24 * 60 * 60 * 1000); // every time-bound credential is past expiry, most not swept
    const now = h.clock.now();
    const orgs = (await h.db('credentials').distinct('organization_id')).map((r: { organization_id: string }) => r.organization_id);
    t.ok(orgs.length >= 2);
    const statusSql: Record<string, string> = {
      pending: "status = 'pending' AND (expiration_date IS NULL OR expiration_date > ?)",
      valid: "status = 'valid' AND (expiration_date IS NULL OR expiration_date > ?)",
      expired: "(status = 'expired' OR (status IN ('pending', 'valid') AND expiration_date <= ?))",
      revoked: "status = 'revoked' AND ?::timestamptz IS NOT NULL",
    };
    for (const orgId of orgs) {
      const all = await c.ListCredentials({ organization_id: orgId, limit: 1, offset: 0 });
      const real = await h.db('credentials').where({ organization_id: orgId }).count({ n: '*' });
      t.equal(all.total, Number(real[0]!.n));
      for (const status of ['pending', 'valid', 'expired', 'revoked']) {
        const listed = await c.ListCredentials({ organization_id: orgId, limit: 1, offset: 0, status });
        const counted = await h.db('credentials').where({ organization_id: orgId }).whereRaw(statusSql[status]!, [now]).count({ n: '*' });
        t.equal(listed.total, Number(counted[0]!.n), `${status} total`);
      }
    }
    const sweeper = new ExpirySweeper({ db: h.db, schema: 'issuance', clock: h.clock, wakeRelay: () => undefined }, { intervalMs: DAY, logger: createLogger({ service: 'test', level: 'silent' }) });
    await sweeper.sweep();
    const expiredAfter = await c.ListCredentials({ organization_id: org.id, limit: 1, offset: 0, status: 'expired' });
    const counted = await h.db('credentials').where({ organization_id: org.id, status: 'expired' }).count({ n: '*' });
    t.equal(expiredAfter.total, Number(counted[0]!.n), 'after the sweep every expiry is persisted and counted');
  });
});

t.test('monthly recipient quota (UTC calendar month, unique e-mails, race-free)', async (t) => {
  const h = await startIssuance(t, { RECIPIENT_QUOTA_LIMITS: 'free=3,professional=5', EXPIRY_SWEEP_INTERVAL_MS: String(DAY) });
  const c = h.issuance;
  t.afterEach(() => h.clock.reset());
  // Mid-month, so that moving a few days does not change the month.
  const now = new Date();
  const mid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 12));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));

  t.test('unique recipients per month; renewals to a counted e-mail are free; 403 names the limit', async (t) => {
    h.clock.set(mid);
    const org = await h.createOrg();
    const b = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ expiresInDays: 30 }) });
    const b2 = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Second badge', expiresInDays: 30 }) });
    const issue = (badgeId: string, email: string) => c.IssueCredential({ organization_id: org.id, badge_id: badgeId, recipient_name: 'R', recipient_email: email, issued_by: 'test' });
    await issue(b.id, 'q1@example.com');
    await issue(b.id, 'q2@example.com');
    await issue(b2.id, 'q1@example.com'); // same e-mail, another badge: counted once
    await issue(b.id, 'q3@example.com');
    const before = (await h.db('credentials').where({ organization_id: org.id }).count({ n: '*' }))[0]!.n;
    const e = await rejection(issue(b.id, 'q4@example.com'));
    t.equal(e.code, 'FORBIDDEN');
    t.match(e.message, /quota/i);
    t.match(e.message, /3/);
    const resetsAt = new Date(Date.UTC(mid.getUTCFullYear(), mid.getUTCMonth() + 1, 1)).toISOString();
    t.same(e.details, { limit: 3, used: 3, resetsAt });
    t.equal((await h.db('credentials').where({ organization_id: org.id }).count({ n: '*' }))[0]!.n, before, 'nothing issued');
    const renewal = await issue(b.id, 'Q2@example.com');
    t.ok(renewal.supersedes_credential_id, 'a renewal for a recipient counted this month costs nothing');
    const q = await c.GetQuota({ organization_id: org.id });
    t.same({ limit: q.limit, used: q.used, plan: q.plan, resets: q.resets_at }, { limit: 3, used: 3, plan: 'free', resets: resetsAt });

    h.clock.set(nextMonth);
    const fresh = await issue(b.id, 'q4@example.com');
    t.equal(fresh.status, 'pending', 'the quota resets on the 1st (UTC)');
    await issue(b.id, 'q1@example.com'); // renewal of last month's recipient: counts this month
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 2);
  });

  t.test('a bulk preview applies the quota as the job then does', async (t) => {
    h.clock.set(mid);
    const org = await h.createOrg();
    const b = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ expiresInDays: 30 }) });
    await c.IssueCredential({ organization_id: org.id, badge_id: b.id, recipient_name: 'R', recipient_email: 'q1@example.com', issued_by: 'test' });
    const csvOf = (...rows: string[]) => Buffer.from(['name,email', ...rows].join('\r\n') + '\r\n');

    // In file order: a place for each new address while places are left; an address counted
    // already (this month, or by an earlier row) costs nothing; a row over the quota issues
    // nothing, so a later row of its address is over the quota too, not its renewal.
    const order = await c.PreviewBulkIssuance({
      organization_id: org.id,
      badge_id: b.id,
      csv: csvOf('A,q1@example.com', 'B,n1@example.com', 'C,n2@example.com', 'D,n3@example.com', 'E,N1@example.com', 'F,n3@example.com'),
    });
    t.match(order, { total: 6, issue: 2, renew: 2, conflict: 0, invalid: 0, over_quota: 2 });
    t.same(order.rows.map((r) => r.outcome), ['renew', 'issue', 'issue', 'over_quota', 'renew', 'over_quota']);
    const resetsAt = new Date(Date.UTC(mid.getUTCFullYear(), mid.getUTCMonth() + 1, 1)).toISOString();
    const month = `${mid.getUTCFullYear()}-${String(mid.getUTCMonth() + 1).padStart(2, '0')}`;
    t.same(order.quota, { plan: 'free', limit: 3, used: 1, month, resets_at: resetsAt }, 'the quota before the file');
    t.match(order.rows[3]!.reason, /^Monthly recipient quota exceeded: the free plan allows 3 unique recipients/);
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 1, 'the preview counted nobody');

    // The job: as many rows issued and refused as the preview said. It issues a few rows at
    // once, so which new addresses take the last places can differ from file order.
    const file = csvOf('A,q1@example.com', 'B,m1@example.com', 'C,m2@example.com', 'D,m3@example.com', 'E,m4@example.com');
    const p = await c.PreviewBulkIssuance({ organization_id: org.id, badge_id: b.id, csv: file });
    t.same(p.rows.map((r) => r.outcome), ['renew', 'issue', 'issue', 'over_quota', 'over_quota']);
    const job = await c.CreateBulkIssuance({ organization_id: org.id, badge_id: b.id, csv: file, requested_by: 'test' });
    let done: Awaited<ReturnType<typeof c.GetBulkIssuance>> | undefined;
    for (let i = 0; i < 600 && done?.status !== 'completed'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100)); // a poll: it ends once the job completed
      done = await c.GetBulkIssuance({ organization_id: org.id, bulk_issuance_id: job.id, rows_limit: 100, rows_offset: 0 });
    }
    t.equal(done?.status, 'completed');
    t.match(done, { renewed: 1, issued: 2, failed: 2 }, 'the counts the preview gave');
    t.equal(done!.rows[0]!.result, 'renewed');
    for (const r of done!.rows.filter((x) => x.result === 'failed')) t.equal(r.reason, p.rows[3]!.reason, `row ${r.row}: the reason the preview gave`);
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 3);
  });

  t.test('concurrent issues cannot overshoot the quota', async (t) => {
    h.clock.set(mid);
    const org = await h.createOrg();
    const b = await c.CreateBadge({ organization_id: org.id, badge: badgeBody() });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => c.IssueCredential({ organization_id: org.id, badge_id: b.id, recipient_name: 'R', recipient_email: `race${i}@example.com`, issued_by: 'test' })),
    );
    t.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    t.ok(results.every((r) => r.status === 'fulfilled' || (r.reason as { code: string }).code === 'FORBIDDEN'));
    t.equal(Number((await h.db('credentials').where({ organization_id: org.id }).count({ n: '*' }))[0]!.n), 3);
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 3);
  });
});
