// Idempotency-Key of an invitation, kept by accounts in the invitation's transaction
// (@cred/idempotency, docs/decisions.md "Idempotency-Key"), against real PostgreSQL: a replay
// answers the first invitation and invites (and e-mails) nothing again, another request under
// the key is 422, a burst invites once, a failure leaves the key free, a caller that gave up
// before the answer gets the stored invitation, and the record holds no token.
import t from 'tap';
import { purgeExpired } from '@cred/idempotency';
import { invitingOrganization, outboxEvents, rejects, startAccounts } from './fixtures/helpers.js';

const h = await startAccounts(t);
const c = h.client;
const { orgId, ownerId } = await invitingOrganization(h, { email: 'owner@keyed.example', name: 'Olga Owner', organization: { name: 'Keyed', slug: 'keyed' } });

/** A fingerprint as the gateway sends it (SHA-256, base64url); its value is opaque to accounts. */
const fp = (label: string) => Buffer.from(label.padEnd(32, '.')).toString('base64url');
const key = (label: string) => `user:${ownerId}:invitations.create:${label}`;

async function invitationRows(email: string): Promise<number> {
  const r = await h.db('invitations').where({ organization_id: orgId, email }).count<{ n: string }[]>('* as n');
  return Number(r[0]!.n);
}
const invitationEvents = async (email: string) => (await outboxEvents(h.db, 'accounts.invitation.created')).filter((e) => e.data.email === email).length;

t.test('a replay answers the first invitation and invites nothing again', async (t) => {
  const request = { organization_id: orgId, actor_user_id: ownerId, email: 'ada@keyed.example', role: 'issuer' };
  const idempotency = { key: key('k1'), fingerprint: fp('ada') };
  const first = await c.CreateInvitation({ ...request, idempotency });
  t.equal(first.idempotent_replay, false, 'the first answer is not a replay');
  h.clock.advance(60_000);
  const again = await c.CreateInvitation({ ...request, idempotency });
  t.equal(again.idempotent_replay, true);
  t.same({ ...again, idempotent_replay: false }, first, 'the same answer, field for field (the stored one, not a new clock reading)');
  t.equal(await invitationRows('ada@keyed.example'), 1, 'one invitation row');
  t.equal(await invitationEvents('ada@keyed.example'), 1, 'one invitation e-mail event');

  const record = await h.db('idempotency_records').where({ scope: `invitations.create:${orgId}`, key: key('k1') }).first();
  t.ok(record, 'the record is in accounts, scoped to the operation and organization');
  const token = new URL(String((await outboxEvents(h.db, 'accounts.invitation.created')).at(-1)!.data.acceptUrl)).searchParams.get('token')!;
  const row = await h.db('invitations').where({ id: first.id }).first();
  t.notOk(record.answer.includes(token) || record.answer.includes(row.token_hash), 'the record holds neither the token nor its hash');

  const other = await rejects(
    c.CreateInvitation({ ...request, email: 'grace@keyed.example', idempotency: { key: idempotency.key, fingerprint: fp('grace') } }),
    'UNPROCESSABLE',
  );
  t.same(other.details, { field: 'Idempotency-Key' });
  t.equal(await invitationRows('grace@keyed.example'), 0, 'another request under the key invites nobody');
});

t.test('concurrent duplicates invite once', async (t) => {
  const request = { organization_id: orgId, actor_user_id: ownerId, email: 'burst@keyed.example', role: 'viewer', idempotency: { key: key('burst'), fingerprint: fp('burst') } };
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => c.CreateInvitation(request)));
  const answered = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string; details?: unknown }] : []));
  t.ok(refused.every((e) => e.code === 'CONFLICT' && (e.details as { field?: string }).field === 'Idempotency-Key'), 'refusals are the key in flight');
  t.equal(answered.filter((a) => !a.idempotent_replay).length, 1, 'one original answer');
  t.ok(answered.every((a) => a.id === answered[0]!.id), 'every answer is the one invitation');
  t.equal(await invitationRows('burst@keyed.example'), 1);
  t.equal(await invitationEvents('burst@keyed.example'), 1);
});

t.test('a failed invitation leaves the key free; a bad key is 400', async (t) => {
  const idempotency = { key: key('retry'), fingerprint: fp('taken') };
  // ada has a pending invitation: 409, nothing stored under the key.
  await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'ada@keyed.example', role: 'viewer', idempotency }), 'CONFLICT');
  const corrected = await c.CreateInvitation({
    organization_id: orgId,
    actor_user_id: ownerId,
    email: 'linus@keyed.example',
    role: 'viewer',
    idempotency: { key: key('retry'), fingerprint: fp('linus') },
  });
  t.equal(corrected.idempotent_replay, false, 'the corrected request runs under the same key');
  t.equal(await invitationRows('linus@keyed.example'), 1);

  const bad = await rejects(
    c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'nobody@keyed.example', role: 'viewer', idempotency: { key: 'has space', fingerprint: fp('x') } }),
    'VALIDATION_ERROR',
  );
  t.equal((bad.details as { field?: string }).field, 'idempotency.key');
  t.equal(await invitationRows('nobody@keyed.example'), 0);
});

t.test('a caller that gave up before the answer gets the stored invitation on its retry', async (t) => {
  const request = {
    organization_id: orgId,
    actor_user_id: ownerId,
    email: 'katherine@keyed.example',
    role: 'issuer',
    idempotency: { key: key('lost'), fingerprint: fp('katherine') },
  };
  // Hold the team lock the invitation waits for, so the call outlives its deadline; then let it commit.
  const holder = await h.db.transaction();
  await holder.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`team:${orgId}`]);
  await rejects(c.CreateInvitation(request, { deadlineMs: 300 }), 'UNAVAILABLE'); // the deadline passed: the caller gave up
  const inFlight = await c.CreateInvitation(request).then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );
  t.equal(inFlight, 'CONFLICT', 'while the abandoned call still runs, the key is in flight');
  await holder.commit();
  const deadline = Date.now() + 10_000;
  while ((await invitationRows('katherine@keyed.example')) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  t.equal(await invitationRows('katherine@keyed.example'), 1, 'the abandoned call invited');
  const retry = await c.CreateInvitation(request);
  t.equal(retry.idempotent_replay, true, 'answered from the record written with the invitation');
  t.equal(await invitationRows('katherine@keyed.example'), 1);
  t.equal(await invitationEvents('katherine@keyed.example'), 1);
});

t.test('a key binds 24 hours by the application clock; the sweep removes what no longer binds', async (t) => {
  const request = { organization_id: orgId, actor_user_id: ownerId, email: 'edsger@keyed.example', role: 'viewer', idempotency: { key: key('day'), fingerprint: fp('edsger') } };
  const first = await c.CreateInvitation(request);
  h.clock.advance(24 * 60 * 60 * 1000 - 1000);
  t.equal((await c.CreateInvitation(request)).id, first.id, 'still replayed just before 24 hours');
  h.clock.advance(2000);
  t.ok((await purgeExpired(h.db, h.clock.now(), 1000)) >= 1, 'the expired record is purged');
  t.notOk(await h.db('idempotency_records').where({ key: key('day') }).first(), 'and gone');
  // The key is free again: the address has a pending invitation, so the new request is refused on its own terms.
  await rejects(c.CreateInvitation(request), 'CONFLICT');
});
