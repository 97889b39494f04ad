// Idempotency keys stored with the issue (docs/decisions.md, "Idempotency-Key"): a retry whose
// first attempt committed gets that credential back, whatever the gateway remembers.
import t from 'tap';
import { ExpirySweeper } from '../src/app/expiry-sweeper.js';
import { createLogger } from '@cred/runtime';
import { badgeBody, outboxEvents, rejection, startIssuance } from './fixtures/harness.js';

const DAY = 24 * 60 * 60 * 1000;

t.test('idempotency keys of issues (real PostgreSQL, signing and accounts)', async (t) => {
  const h = await startIssuance(t, { EXPIRY_SWEEP_INTERVAL_MS: String(DAY) });
  const c = h.issuance;
  const org = await h.createOrg({ name: 'Idempotent Academy' });
  const yearly = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly', expiresInDays: 365 }) });
  const issue = (email: string, key: string, name = 'Ada Lovelace', orgId = org.id) =>
    c.IssueCredential({
      organization_id: orgId,
      badge_id: yearly.id,
      recipient_name: name,
      recipient_email: email,
      issued_by: 'test',
      idempotency_key: key,
    });
  const credentialsOf = async (email: string) => h.db('credentials').where({ badge_id: yearly.id, recipient_email: email });
  t.afterEach(() => h.clock.reset());

  t.test('a repeated key returns the credential it issued, and nothing else happens', async (t) => {
    const first = await issue('retry@example.com', 'k-retry');
    t.notOk(first.idempotent_replay, 'the first call issues');
    const again = await issue('RETRY@example.com', 'k-retry');
    t.ok(again.idempotent_replay, 'the retry is a replay');
    t.equal(again.id, first.id);
    t.equal(again.credential_id, first.credential_id);
    t.same(JSON.parse(again.ob3_credential_json), JSON.parse(first.ob3_credential_json), 'the same signed credential');
    t.equal((await credentialsOf('retry@example.com')).length, 1, 'no renewal was made');
    t.equal(
      (await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.recipientEmail === 'retry@example.com').length,
      1,
      'one event',
    );
    t.equal((await outboxEvents(h.db, 'credential.renewed')).filter((e) => e.data.supersedesCredentialId === first.id).length, 0);

    const other = await issue('retry@example.com', 'k-other');
    t.notOk(other.idempotent_replay, 'another key is another issue');
    t.equal(other.supersedes_credential_id, first.id, 'which renews, as issuing again does');
  });

  t.test('the same key with another request is refused, and changes nothing', async (t) => {
    await issue('mismatch@example.com', 'k-mismatch');
    const refused = await rejection(issue('mismatch@example.com', 'k-mismatch', 'Someone Else'));
    t.equal(refused.code, 'UNPROCESSABLE');
    t.match(refused.message, /different request/);
    const refused2 = await rejection(issue('another@example.com', 'k-mismatch'));
    t.equal(refused2.code, 'UNPROCESSABLE');
    t.equal((await credentialsOf('another@example.com')).length, 0);
    t.equal((await credentialsOf('mismatch@example.com')).length, 1);
  });

  t.test('concurrent calls with one key issue once; all of them answer with that credential', async (t) => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => issue('race@example.com', 'k-race')));
    const ok = results
      .filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof issue>>> => r.status === 'fulfilled')
      .map((r) => r.value);
    t.equal(
      ok.length,
      6,
      `every call answered (${results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason?.message)
        .join('; ')})`,
    );
    t.equal(new Set(ok.map((r) => r.id)).size, 1, 'with one credential');
    t.equal(ok.filter((r) => !r.idempotent_replay).length, 1, 'issued by exactly one of them');
    t.equal((await credentialsOf('race@example.com')).length, 1);
  });

  t.test('keys are per organization', async (t) => {
    const other = await h.createOrg({ name: 'Other Academy' });
    const badge = await c.CreateBadge({ organization_id: other.id, badge: badgeBody({ name: 'Other' }) });
    await issue('scoped@example.com', 'k-shared');
    const theirs = await c.IssueCredential({
      organization_id: other.id,
      badge_id: badge.id,
      recipient_name: 'Ada Lovelace',
      recipient_email: 'scoped@example.com',
      issued_by: 'test',
      idempotency_key: 'k-shared',
    });
    t.notOk(theirs.idempotent_replay, 'the same key in another organization binds nothing');
  });

  t.test('after 24 hours a key binds nothing, and the sweeper deletes it', async (t) => {
    const first = await issue('late@example.com', 'k-late');
    h.clock.advance(DAY + 60_000);
    const later = await issue('late@example.com', 'k-late');
    t.notOk(later.idempotent_replay, 'a new issue');
    t.equal(later.supersedes_credential_id, first.id);
    t.equal((await h.db('issue_idempotency').where({ key: 'k-late' }))[0]?.credential_uuid, later.id, 'the key now binds the new issue');
    h.clock.advance(DAY + 60_000);
    const sweeper = new ExpirySweeper(
      { db: h.db, schema: 'issuance', clock: h.clock, wakeRelay: () => undefined },
      { intervalMs: DAY, logger: createLogger({ service: 'test', level: 'silent' }) },
    );
    await sweeper.sweep();
    t.equal((await h.db('issue_idempotency').where({ key: 'k-late' })).length, 0, 'purged once past its retention');
  });

  t.test('a malformed key is a validation error', async (t) => {
    const refused = await rejection(issue('bad-key@example.com', 'has spaces in it'));
    t.equal(refused.code, 'VALIDATION_ERROR');
    t.equal((await credentialsOf('bad-key@example.com')).length, 0);
  });
});
