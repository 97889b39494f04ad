// GetAnalytics over real gRPC: counts recorded by every channel (api, page, baked uploads,
// downloads), grouped per day, channel, badge and outcome, limited to the organization and
// the range; dates validated (max 366 days).
import t from 'tap';
import { createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { multipart, seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';
import { testCaller } from '@cred/testing';

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);
const other = await seedIssuer(h, 'globex');
const client = createClient(loadProtos().verification.VerificationService, `127.0.0.1:${h.service.grpcPort()}`, { deadlineMs: 5000, identity: testCaller() });
t.teardown(() => client.close());

const c = await signedCredential(issuer, badge);
await h.publish('credential.issued', c.data);
const foreign = await signedCredential(other.issuer, other.badge);
await h.publish('credential.issued', foreign.data);

const day = (d: Date) => d.toISOString().slice(0, 10);

t.test('counts per day, channel, badge and outcome for one organization', async (t) => {
  const today = day(h.clock.now());
  await h.get(`/api/verify/${c.credentialId}`);
  await h.get(`/api/verify/${c.uuid}`);
  await h.get(`/verify/${c.credentialId}`);
  const baked = await h.get(`/api/credentials/${c.credentialId}/baked`);
  const form = multipart({ bytes: baked.bytes });
  t.equal((await h.send('POST', '/api/verify/baked', form.body, { 'content-type': form.contentType })).status, 200);
  t.equal((await h.send('POST', '/api/verify/credential', JSON.stringify(c.ob3), { 'content-type': 'application/json' })).status, 200);
  await h.get(`/api/verify/${foreign.credentialId}`);
  // Tomorrow, through the API again.
  h.clock.advance(24 * 3600 * 1000);
  await h.get(`/api/verify/${c.credentialId}`);
  const tomorrow = day(h.clock.now());
  await h.service.flushAnalytics();

  const r = await client.GetAnalytics({ organization_id: issuer.organizationId, from: today, to: tomorrow });
  const rows = (r.rows ?? []).map((x) => [x.day, x.channel, x.badge_id, x.outcome, Number(x.count)]);
  t.same(rows, [
    [today, 'api', badge.id, 'valid', 3],
    [today, 'baked', badge.id, 'served', 1],
    [today, 'baked', badge.id, 'valid', 1],
    [today, 'page', badge.id, 'valid', 1],
    [tomorrow, 'api', badge.id, 'valid', 1],
  ]);
  const onlyToday = await client.GetAnalytics({ organization_id: issuer.organizationId, from: today, to: today });
  t.equal(onlyToday.rows?.length, 4);
  const globex = await client.GetAnalytics({ organization_id: other.issuer.organizationId, from: today, to: tomorrow });
  t.same(
    (globex.rows ?? []).map((x) => [x.channel, Number(x.count)]),
    [['api', 1]],
    'other organizations see only their own',
  );
  const none = await client.GetAnalytics({ organization_id: '00000000-0000-4000-8000-000000000000', from: today, to: tomorrow });
  t.same(none.rows, []);
});

t.test('dates are validated', async (t) => {
  const bad: Array<[string, string, string]> = [
    ['2026-02-30', '2026-03-01', 'from'],
    ['2026-1-01', '2026-01-02', 'from'],
    ['', '2026-01-02', 'from'],
    ['2026-01-01', 'tomorrow', 'to'],
    ['2026-01-02', '2026-01-01', 'to'],
    ['2025-01-01', '2026-01-02', 'to'],
  ];
  for (const [from, to, field] of bad) {
    await t.rejects(
      client.GetAnalytics({ organization_id: issuer.organizationId, from, to }),
      { code: 'VALIDATION_ERROR', details: { field } },
      `${from}..${to}`,
    );
  }
  await t.rejects(client.GetAnalytics({ organization_id: '', from: '2026-01-01', to: '2026-01-02' }), { code: 'VALIDATION_ERROR' });
  const full = await client.GetAnalytics({ organization_id: issuer.organizationId, from: '2024-01-01', to: '2024-12-31' });
  t.same(full.rows, [], '366 days (a leap year) is allowed');
});
