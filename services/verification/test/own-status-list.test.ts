// Our own credentials carry a revocation entry in their organization's list (ADR 0007), and
// verification reads that list from issuance: a set bit is a revocation on /api/verify even
// before the read model hears of it, and the list is served on /issuers/{slug}/status/1.
import t from 'tap';
import { decodeStatusList } from '@cred/ob3';
import { waitFor } from '@cred/testing';
import { seedIssuer, signedCredential, startVerification, statusListUrl } from './fixtures/harness.js';

const warnings: Array<Record<string, unknown>> = [];
const h = await startVerification(t, {}, { warnings });
const { issuer, badge } = await seedIssuer(h);

t.test('a credential with a status entry: valid while its bit is clear, revoked once it is set', async (t) => {
  const c = await signedCredential(issuer, badge, { statusListIndex: 42 });
  t.same(c.ob3.credentialStatus, {
    id: `${statusListUrl(issuer.slug)}#42`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: '42',
    statusListCredential: statusListUrl(issuer.slug),
  });
  await h.publish('credential.issued', c.data);
  const before = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(before.status, 200);
  t.equal(before.body.valid, true, 'the signature covers the entry');
  t.equal(before.body.verification.notRevoked, true);

  const list = await h.get(`/issuers/${issuer.slug}/status/1`);
  t.equal(list.status, 200);
  t.equal(decodeStatusList(list.body.credentialSubject.encodedList)[5], 0, 'bit 42 clear');

  h.issuance.revokedIndexes.set(issuer.slug, [42]);
  // Each replica keeps a list for READ_MODEL_CACHE_MS (500 ms by default).
  const setAt = Date.now();
  await waitFor('the set bit seen', async () => (await h.get(`/api/verify/${c.credentialId}`)).body.valid === false, 3000, 25);
  t.ok(Date.now() - setAt < 1500, 'within the time of a copy and a re-read');
  const after = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(after.body.valid, false);
  t.equal(after.body.status, 'revoked', 'the list says so before any event');
  t.equal(after.body.verification.notRevoked, false);
});

t.test('issuance cannot give the list: verifications go on, one read and one warning per copy time, not one per request', async (t) => {
  const c = await signedCredential(issuer, badge, { statusListIndex: 77 });
  await h.publish('credential.issued', c.data); // an event: the replica forgets its lists
  h.issuance.statusListsDown = true;
  t.teardown(() => {
    h.issuance.statusListsDown = false;
  });
  const callsBefore = h.issuance.statusListCalls;
  warnings.length = 0;
  const answers = await Promise.all(Array.from({ length: 20 }, () => h.get(`/api/verify/${c.credentialId}`)));
  for (let i = 0; i < 20; i++) answers.push(await h.get(`/api/verify/${c.credentialId}`));
  t.same(
    [...new Set(answers.map((a) => `${a.status} ${String(a.body.valid)}`))],
    ['200 true'],
    'answered from the read model (its own revocation still counts)',
  );
  // 40 requests within one copy time (500 ms) make one read, unless a slow machine spans two.
  const calls = h.issuance.statusListCalls - callsBefore;
  t.ok(calls >= 1 && calls <= 2, `issuance asked ${calls} time(s) for 40 verifications`);
  const messages = warnings.map((w) => w['msg']);
  t.equal(messages.filter((m) => m === 'status list unavailable from issuance').length, calls, 'one warning per failed read');
  t.equal(messages.filter((m) => m === 'status list not read').length, 0, 'none per request');
});
