// The event-fed read model: out-of-order delivery, forward-only state, renewals, privacy.
import t from 'tap';
import { metricValue, statementsOf, waitFor } from '@cred/testing';
import { badgeData, seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);

t.test('lifecycle events that overtake credential.issued are kept', async (t) => {
  const c = await signedCredential(issuer, badge);
  const revokedAt = new Date().toISOString();
  await h.publish('credential.revoked', { credentialId: c.credentialId, credentialUuid: c.uuid, revokedAt, revocationReason: 'early' });
  t.equal((await h.get(`/api/verify/${c.credentialId}`)).status, 404, 'not a credential before it is issued');
  await h.publish('credential.issued', c.data, { createdAt: new Date(Date.now() - 60_000) });
  const r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.status, 'revoked');
  t.equal(r.body.credential.revokedAt, revokedAt);
  t.equal(r.body.credential.revocationReason, 'early');

  const c2 = await signedCredential(issuer, badge);
  await h.publish('credential.claimed', { credentialId: c2.credentialId, credentialUuid: c2.uuid, claimedAt: new Date().toISOString() });
  await h.publish('credential.visibility_changed', { credentialUuid: c2.uuid, isPublic: false });
  await h.publish('credential.issued', c2.data, { createdAt: new Date(Date.now() - 60_000) });
  t.equal((await h.get(`/api/verify/${c2.uuid}`)).status, 403, 'the newer privacy change wins over the issue-time default');
  await h.publish(
    'credential.visibility_changed',
    { credentialUuid: c2.uuid, isPublic: true },
    { createdAt: new Date(Date.now() - 120_000) },
  );
  t.equal((await h.get(`/api/verify/${c2.uuid}`)).status, 403, 'an older privacy change is ignored');
  await h.publish('credential.visibility_changed', { credentialUuid: c2.uuid, isPublic: true });
  const visible = await h.get(`/api/verify/${c2.uuid}`);
  t.equal(visible.status, 200);
  t.equal(visible.body.status, 'valid', 'the early claim was kept');
});

t.test('credential.expired moves a credential to expired for good', async (t) => {
  const c = await signedCredential(issuer, badge, { expirationDate: new Date(Date.now() + 3600_000) });
  await h.publish('credential.issued', c.data);
  t.equal((await h.get(`/api/verify/${c.uuid}`)).body.status, 'pending');
  await h.publish('credential.expired', { credentialId: c.credentialId, credentialUuid: c.uuid, expiredAt: new Date().toISOString() });
  const r = await h.get(`/api/verify/${c.uuid}`);
  t.equal(r.body.status, 'expired');
  t.equal(r.body.verification.notExpired, false);
  await h.publish('credential.claimed', { credentialId: c.credentialId, credentialUuid: c.uuid, claimedAt: new Date().toISOString() });
  t.equal((await h.get(`/api/verify/${c.uuid}`)).body.status, 'expired', 'a claim does not revive it');
});

t.test('renewal links both credentials, in either order', async (t) => {
  const prior = await signedCredential(issuer, badge, { expirationDate: new Date(Date.now() + 3600_000) });
  await h.publish('credential.issued', prior.data);
  const renewal = await signedCredential(issuer, badge, { supersedes: prior.uuid });
  await h.publish('credential.renewed', renewal.data);
  await h.publish('credential.revoked', {
    credentialId: prior.credentialId,
    credentialUuid: prior.uuid,
    revokedAt: new Date().toISOString(),
    revocationReason: 'superseded by renewal',
    supersededByCredentialId: renewal.uuid,
  });
  let r = await h.get(`/api/verify/${prior.credentialId}`);
  t.equal(r.body.status, 'revoked');
  t.equal(r.body.credential.revocationReason, 'superseded by renewal');
  t.equal(r.body.credential.supersededByCredentialId, renewal.uuid);
  r = await h.get(`/api/verify/${renewal.credentialId}`);
  t.equal(r.body.valid, true);
  t.equal(r.body.credential.supersedesCredentialId, prior.uuid);

  // The renewal arrives before its prior (which had expired, so no revocation event).
  const oldOne = await signedCredential(issuer, badge);
  const newOne = await signedCredential(issuer, badge, { supersedes: oldOne.uuid });
  await h.publish('credential.renewed', newOne.data);
  await h.publish('credential.issued', oldOne.data, { createdAt: new Date(Date.now() - 60_000) });
  t.equal((await h.get(`/api/verify/${oldOne.uuid}`)).body.credential.supersededByCredentialId, newOne.uuid);
});

t.test('badge snapshots: the newest wins', async (t) => {
  await h.publish('issuance.badge.upserted', badgeData(issuer, badge, { name: 'Teamwork II', updatedAt: '2025-06-01T00:00:00.000Z' }), {
    createdAt: new Date('2030-01-01T00:00:00Z'),
  });
  await h.publish('issuance.badge.upserted', badgeData(issuer, badge, { name: 'Stale', updatedAt: '2025-05-01T00:00:00.000Z' }), {
    createdAt: new Date('2029-01-01T00:00:00Z'),
  });
  const r = await h.get(`/achievements/${issuer.slug}/${badge.slug}`);
  t.equal(r.body.name, 'Teamwork II');
  // Deactivated badges stay published: issued credentials point at them.
  await h.publish('issuance.badge.upserted', badgeData(issuer, badge, { name: 'Teamwork II', isActive: false }), {
    createdAt: new Date('2031-01-01T00:00:00Z'),
  });
  t.equal((await h.get(`/achievements/${issuer.slug}/${badge.slug}`)).status, 200);
});

t.test('a payload that breaks the contract is not applied', async (t) => {
  const c = await signedCredential(issuer, badge);
  const { ob3Credential: _omit, ...withoutOb3 } = c.data;
  // Not waited for through the inbox: it never gets there (retried, then dead-lettered).
  const { createEvent, publishDirect, createBrokerConnection } = await import('@cred/events');
  const { createLogger } = await import('@cred/runtime');
  const conn = createBrokerConnection({
    url: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    logger: createLogger({ service: 't', level: 'silent' }),
    name: 'verification-test-bad',
  });
  t.teardown(() => conn.close());
  await conn.waitUntilConnected(5000);
  const settled = () => metricValue(h.service.host.opsPort!, 'events_consumed_total', { queue: /credentials$/, outcome: /^(retried|dead_lettered|malformed)$/ });
  const before = await settled();
  await publishDirect(conn, createEvent({ type: 'credential.issued', producer: 'issuance', data: withoutOb3 }), h.iso.eventsExchange);
  // The positive signal: the consumer's first attempt ran and refused the event (it is retried
  // later, then dead-lettered); only then is "not applied" a finding.
  await waitFor('the consumer to refuse the event', async () => (await settled()) > before, 15000);
  t.equal((await h.get(`/api/verify/${c.uuid}`)).status, 404);
  t.equal((await h.db('credentials').where({ uuid: c.uuid })).length, 0, 'nothing half-written');
});

t.test('a consumer batch: consecutive first issues in one statement, the same rows as one by one', async (t) => {
  const { createEvent } = await import('@cred/events');
  const { onCredentialEvents } = await import('../src/events/credential-events.js');
  const [a, b, c] = [await signedCredential(issuer, badge), await signedCredential(issuer, badge), await signedCredential(issuer, badge)];
  const issued = (x: typeof a, createdAt: Date) => {
    const e = createEvent({ type: 'credential.issued', producer: 'issuance', data: x.data });
    e.createdAt = createdAt.toISOString();
    return e;
  };
  const now = Date.now();
  const claimedB = createEvent({
    type: 'credential.claimed',
    producer: 'issuance',
    data: {
      credentialId: b.credentialId,
      credentialUuid: b.uuid,
      badgeId: b.data.badgeId,
      organizationId: b.data.organizationId,
      recipientEmail: b.data.recipientEmail,
      claimedAt: new Date(now).toISOString(),
    },
  });
  const events = [
    issued(a, new Date(now - 3000)),
    issued(b, new Date(now - 2000)),
    // A second copy of a's issue (another event id): one statement cannot update a row twice, so it starts a new run.
    issued(a, new Date(now - 500)),
    claimedB,
    issued(c, new Date(now - 1000)),
  ];
  const statements = await statementsOf(h.db, () => h.db.transaction((trx) => onCredentialEvents(events, trx)));
  const writes = statements.filter((s) => !/^(begin|commit)/i.test(s.trim()));
  t.equal(writes.length, 4, `a and b together, a's copy, the claim, c: ${writes.join(' | ').slice(0, 400)}`);
  const rows = await h.db('credentials').whereIn('uuid', [a.uuid, b.uuid, c.uuid]).orderBy('uuid');
  t.equal(rows.length, 3);
  const row = (u: string) => rows.find((r: { uuid: string }) => r.uuid === u);
  t.equal(new Date(row(a.uuid).issued_event_at).getTime(), now - 500, "a's later copy won");
  t.ok(row(b.uuid).claimed_at, "b's claim, in the middle of the batch, kept");
  t.equal((await h.get(`/api/verify/${b.uuid}`)).body.status, 'valid');
  t.equal((await h.get(`/api/verify/${c.credentialId}`)).body.status, 'pending');
  t.same(JSON.parse(row(a.uuid).ob3_json), a.data.ob3Credential, 'the signed credential stored as sent');
});

t.test('first reads of different credentials in one turn make one statement, each gets its own row', async (t) => {
  const { batchedReads } = await import('../src/app/read-model-cache.js');
  const list = await Promise.all(Array.from({ length: 12 }, () => signedCredential(issuer, badge)));
  for (const c of list) await h.publish('credential.issued', c.data);
  const read = batchedReads(h.db);
  // Half by CRD- id, half by UUID, one unknown of each kind, and one asked twice.
  const refs = [
    ...list.map((c, i) => (i % 2 ? { kind: 'uuid' as const, value: c.uuid } : { kind: 'credentialId' as const, value: c.credentialId })),
    { kind: 'credentialId' as const, value: 'CRD-0000000000ZZ' },
    { kind: 'uuid' as const, value: '00000000-0000-4000-8000-000000000000' },
    { kind: 'uuid' as const, value: list[0]!.uuid },
  ];
  let answers: Awaited<ReturnType<typeof read>>[] = [];
  const statements = await statementsOf(h.db, async () => {
    answers = await Promise.all(refs.map((ref) => read(ref)));
  });
  t.equal(statements.length, 1, 'one statement for the whole burst');
  for (const [i, c] of list.entries()) {
    t.equal(answers[i]?.credential.uuid, c.uuid, `credential ${i} got its own row`);
    t.equal(answers[i]?.organization?.slug, issuer.slug);
    t.ok((answers[i]?.keys.length ?? 0) > 0, 'with the issuer keys');
  }
  t.same(answers.slice(list.length, list.length + 2), [undefined, undefined], 'unknown ids: nothing');
  t.equal(answers[list.length + 2]?.credential.credentialId, list[0]!.credentialId, 'the same credential asked twice, by another ref');
  // A later turn is a statement of its own.
  const later = await statementsOf(h.db, () => read({ kind: 'uuid', value: list[1]!.uuid }));
  t.equal(later.length, 1, 'a read in a later turn: a statement of its own');
});
