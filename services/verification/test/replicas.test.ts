// Replicas (issue 6 and issue 16: "revocation visible within one second"): deployed replicas
// share the verification queues, so each event is handled by one of them, while every replica
// holds the credential in its read-model micro-cache. The handling replica tells the others over
// the invalidation channel (Redis pub/sub, ADR 0009). Here the micro-cache lives 10 s, so a
// replica that did not hear the channel would keep answering the old state for ten times longer
// than the second allowed: the channel is the only way these tests pass.
import t, { type Test } from 'tap';
import { newSessionKeyPair } from '@cred/runtime';
import { waitFor, rpcEnv } from '@cred/testing';
import { loadConfig } from '../src/config.js';
import { organizationData, seedIssuer, signedCredential, startVerification, type HttpResult } from './fixtures/harness.js';

const defaultTtlMs = loadConfig({ ...newSessionKeyPair(), ...rpcEnv('verification') }).READ_MODEL_CACHE_MS;
const h = await startVerification(t, { READ_MODEL_CACHE_MS: '10000' });
const second = await h.startReplica();
const replicas: Array<{ name: string; get(path: string): Promise<HttpResult> }> = [
  { name: 'first replica', get: (p) => h.get(p) },
  { name: 'second replica', get: (p) => second.get(p) },
];
const { issuer, badge } = await seedIssuer(h);

/** Publishes the revocation of `c`, as issuance does. */
const revoke = (c: { credentialId: string; uuid: string }) =>
  h.publish('credential.revoked', {
    credentialId: c.credentialId,
    credentialUuid: c.uuid,
    revokedAt: new Date().toISOString(),
    revocationReason: 'replica test',
  });

t.test('without the channel (Redis away) the default micro-cache still bounds staleness under a second', async (t) => {
  t.ok(defaultTtlMs > 0 && defaultTtlMs <= 500, `READ_MODEL_CACHE_MS defaults to ${defaultTtlMs} ms`);
});

/**
 * Warms both replicas, applies `change` (one event, handled by either replica; publish returns
 * after its commit), then requires every replica to answer `changed` within one second.
 */
async function everyReplicaSees(
  t: Test,
  what: string,
  path: string,
  before: (r: HttpResult) => boolean,
  change: () => Promise<unknown>,
  changed: (r: HttpResult) => boolean,
) {
  for (const r of replicas) {
    // Twice: the second answer comes from the micro-cache.
    await r.get(path);
    t.ok(before(await r.get(path)), `${r.name}: before the ${what}`);
  }
  await change();
  for (const r of replicas) {
    const seen = await waitFor(`${r.name} serves the ${what}`, async () => changed(await r.get(path)) || undefined, 1000, 10).catch(() => false);
    t.ok(seen, `${r.name} serves the ${what} within one second of the commit (micro-cache: 10 s)`);
  }
}

t.test('a revocation, a claim, a visibility change and a suspension reach both replicas', async (t) => {
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  const path = `/api/verify/${c.credentialId}`;
  await everyReplicaSees(
    t,
    'claim',
    path,
    (r) => r.body?.status === 'pending',
    () => h.publish('credential.claimed', { credentialId: c.credentialId, credentialUuid: c.uuid, claimedAt: new Date().toISOString() }),
    (r) => r.body?.status === 'valid',
  );
  // Asked by UUID this time: the change names the UUID, the cache is shared by both spellings.
  await everyReplicaSees(
    t,
    'visibility change',
    `/api/verify/${c.uuid}`,
    (r) => r.status === 200,
    () => h.publish('credential.visibility_changed', { credentialUuid: c.uuid, isPublic: false }),
    (r) => r.status === 403,
  );
  await everyReplicaSees(
    t,
    'visibility change (back to public)',
    path,
    (r) => r.status === 403,
    () => h.publish('credential.visibility_changed', { credentialUuid: c.uuid, isPublic: true }),
    (r) => r.status === 200,
  );
  await everyReplicaSees(
    t,
    'suspension',
    path,
    (r) => r.body?.verification?.issuerActive === true,
    () => h.publish('accounts.organization.updated', organizationData(issuer, { status: 'suspended' })),
    (r) => r.body?.verification?.issuerActive === false && r.body?.valid === false,
  );
  await everyReplicaSees(
    t,
    'reinstatement',
    path,
    (r) => r.body?.verification?.issuerActive === false,
    () => h.publish('accounts.organization.updated', organizationData(issuer, { status: 'approved' })),
    (r) => r.body?.valid === true,
  );
  await everyReplicaSees(
    t,
    'revocation',
    path,
    (r) => r.body?.status === 'valid',
    () => revoke(c),
    (r) => r.body?.status === 'revoked',
  );
});

t.test('revocations of several credentials, each handled by whichever replica takes it', async (t) => {
  const credentials = await Promise.all(Array.from({ length: 6 }, () => signedCredential(issuer, badge)));
  for (const c of credentials) await h.publish('credential.issued', c.data);
  for (const c of credentials) {
    await everyReplicaSees(
      t,
      `revocation of ${c.credentialId}`,
      `/api/verify/${c.credentialId}`,
      (r) => r.body?.status === 'pending',
      () => revoke(c),
      (r) => r.body?.status === 'revoked',
    );
  }
  const rows = await h.db('credentials').whereIn(
    'uuid',
    credentials.map((c) => c.uuid),
  );
  t.equal(rows.filter((r: { revoked_at: Date | null }) => r.revoked_at !== null).length, credentials.length, 'each revocation is in the shared read model');
});
