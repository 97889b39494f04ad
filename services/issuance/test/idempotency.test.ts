// Idempotency keys stored with the issue (docs/decisions.md, "Idempotency-Key"): issuance keeps
// the record (@cred/idempotency) in the issuing transaction; a retry whose first attempt
// committed gets the first answer back, another request is 422, a key in flight 409, a failed
// issue leaves the key free, keys are per organization and bind for 24 hours.
import { createHash } from 'node:crypto';
import t from 'tap';
import { claimKey } from '@cred/idempotency';
import { ExpirySweeper } from '../src/app/expiry-sweeper.js';
import { createLogger } from '@cred/runtime';
import { badgeBody, outboxEvents, rejection, startIssuance } from './fixtures/harness.js';

const DAY = 24 * 60 * 60 * 1000;

t.test('idempotency keys of issues (real PostgreSQL, signing and accounts)', async (t) => {
  const h = await startIssuance(t, { EXPIRY_SWEEP_INTERVAL_MS: String(DAY) });
  const c = h.issuance;
  const org = await h.createOrg({ name: 'Idempotent Academy' });
  const yearly = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly', expiresInDays: 365 }) });
  // The gateway's part: the key as it scopes it, and the fingerprint of the body it sends.
  const fingerprint = (...parts: string[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  const issue = (email: string, key: string, name = 'Ada Lovelace', badgeId = yearly.id) =>
    c.IssueCredential({
      organization_id: org.id,
      badge_id: badgeId,
      recipient_name: name,
      recipient_email: email,
      issued_by: 'test',
      idempotency: { key, fingerprint: fingerprint(badgeId, name, email) },
    });
  const credentialsOf = async (email: string) => h.db('credentials').where({ badge_id: yearly.id, recipient_email: email });
  t.afterEach(() => h.clock.reset());

  t.test('a repeated key returns the credential it issued, and nothing else happens', async (t) => {
    const first = await issue('retry@example.com', 'k-retry');
    t.notOk(first.idempotent_replay, 'the first call issues');
    const again = await issue('retry@example.com', 'k-retry');
    t.ok(again.idempotent_replay, 'the retry is a replay');
    t.same({ ...again, idempotent_replay: false }, first, 'the stored answer: every field as the first call answered');
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

  t.test('concurrent calls with one key issue once; the others answer that credential or 409', async (t) => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => issue('race@example.com', 'k-race')));
    const ok = results
      .filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof issue>>> => r.status === 'fulfilled')
      .map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { code: string; details: Record<string, unknown> });
    for (const r of refused) t.match(r, { code: 'CONFLICT', details: { field: 'Idempotency-Key' } }, 'a refusal is the in-flight 409');
    t.equal(new Set(ok.map((r) => r.id)).size, 1, 'one credential among the answers');
    t.equal(ok.filter((r) => !r.idempotent_replay).length, 1, 'issued by exactly one of them');
    t.equal((await credentialsOf('race@example.com')).length, 1);
  });

  t.test('a key held by a running issue: 409 at once, nothing issued; afterwards the key is free', async (t) => {
    // Hold the key as an issue in its transaction does (the same claim, in issuance's schema).
    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const holding = new Promise<void>((r) => (held = r));
    const holder = h.db
      .transaction(async (trx) => {
        await claimKey(trx, { scope: `credentials.issue:${org.id}`, key: 'k-held', fingerprint: fingerprint(yearly.id, 'Ada Lovelace', 'held@example.com') }, h.clock.now());
        held();
        await new Promise<void>((r) => (release = r));
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await holding;
    const refused = await rejection(issue('held@example.com', 'k-held'));
    t.equal(refused.code, 'CONFLICT');
    t.equal(refused.details.field, 'Idempotency-Key');
    t.equal((await credentialsOf('held@example.com')).length, 0, 'nothing issued');
    release();
    await holder;
    const after = await issue('held@example.com', 'k-held');
    t.notOk(after.idempotent_replay, 'the holder stored nothing: the key issues now');
  });

  t.test('a failed issue stores nothing: the same key may be retried, also with a corrected request', async (t) => {
    const refused = await rejection(issue('fail@example.com', 'k-fail', 'Ada Lovelace', '00000000-0000-4000-8000-000000000000'));
    t.equal(refused.code, 'NOT_FOUND', 'the first attempt fails (no such badge)');
    t.equal((await h.db('idempotency_records').where({ key: 'k-fail' })).length, 0, 'no record');
    const ok = await issue('fail@example.com', 'k-fail');
    t.notOk(ok.idempotent_replay, 'the corrected request issues');
    t.equal((await credentialsOf('fail@example.com')).length, 1);
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
      idempotency: { key: 'k-shared', fingerprint: fingerprint(badge.id, 'Ada Lovelace', 'scoped@example.com') },
    });
    t.notOk(theirs.idempotent_replay, 'the same key in another organization binds nothing');
  });

  t.test('after 24 hours a key binds nothing, and the sweeper deletes it', async (t) => {
    const first = await issue('late@example.com', 'k-late');
    h.clock.advance(DAY + 60_000);
    const later = await issue('late@example.com', 'k-late');
    t.notOk(later.idempotent_replay, 'a new issue');
    t.equal(later.supersedes_credential_id, first.id);
    t.equal(JSON.parse(String((await h.db('idempotency_records').where({ key: 'k-late' }))[0]?.answer)).id, later.id, 'the key now binds the new issue');
    h.clock.advance(DAY + 60_000);
    const sweeper = new ExpirySweeper(
      { db: h.db, schema: 'issuance', clock: h.clock, wakeRelay: () => undefined },
      { intervalMs: DAY, logger: createLogger({ service: 'test', level: 'silent' }) },
    );
    await sweeper.sweep();
    t.equal((await h.db('idempotency_records').where({ key: 'k-late' })).length, 0, 'purged once past its retention');
  });

  t.test('a malformed key is a validation error', async (t) => {
    const refused = await rejection(issue('bad-key@example.com', 'has spaces in it'));
    t.equal(refused.code, 'VALIDATION_ERROR');
    t.equal((await credentialsOf('bad-key@example.com')).length, 0);
  });
});
