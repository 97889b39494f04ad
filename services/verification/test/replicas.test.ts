// Replicas (issue 6, "revocation visible within one second"): deployed replicas share the
// verification queues, so each event is handled by one of them; every other replica still holds
// the credential in its read-model micro-cache. None may serve a revocation later than
// READ_MODEL_CACHE_MS after the handling replica committed it.
import { performance } from 'node:perf_hooks';
import t from 'tap';
import { newSessionKeyPair } from '@cred/runtime';
import { loadConfig } from '../src/config.js';
import { seedIssuer, signedCredential, startVerification, type HttpResult } from './fixtures/harness.js';

const ttlMs = loadConfig(newSessionKeyPair()).READ_MODEL_CACHE_MS;
const h = await startVerification(t);
const second = await h.startReplica();
const replicas: Array<{ name: string; get(path: string): Promise<HttpResult> }> = [
  { name: 'first replica', get: (p) => h.get(p) },
  { name: 'second replica', get: (p) => second.get(p) },
];
const { issuer, badge } = await seedIssuer(h);

t.test('the default micro-cache keeps a revocation well within one second on every replica', async (t) => {
  t.ok(ttlMs > 0 && ttlMs <= 500, `READ_MODEL_CACHE_MS defaults to ${ttlMs} ms`);
});

t.test('a revocation handled by one replica is served by every replica within the TTL of its commit', async (t) => {
  const credentials = await Promise.all(Array.from({ length: 6 }, () => signedCredential(issuer, badge)));
  for (const c of credentials) await h.publish('credential.issued', c.data);
  for (const c of credentials) {
    // Warm both replicas: the credential is fresh in each one's micro-cache.
    for (const r of replicas) t.equal((await r.get(`/api/verify/${c.credentialId}`)).body?.status, 'pending', `${r.name} warm`);
    // publish() returns once the inbox row is visible, i.e. after the handling replica committed.
    await h.publish('credential.revoked', {
      credentialId: c.credentialId,
      credentialUuid: c.uuid,
      revokedAt: new Date().toISOString(),
      revocationReason: 'replica test',
    });
    const committedAt = performance.now();
    const firstSeen = new Map<string, number>();
    let staleAfterTtl = 0;
    let checkedAfterTtl = 0;
    // Traffic on both replicas, as a public verifier's would be, for two lifetimes of an entry.
    while (performance.now() < committedAt + 2 * ttlMs || firstSeen.size < replicas.length) {
      for (const r of replicas) {
        const startedAt = performance.now();
        const res = await r.get(`/api/verify/${c.credentialId}`);
        const revoked = res.body?.status === 'revoked';
        if (revoked && !firstSeen.has(r.name)) firstSeen.set(r.name, startedAt - committedAt);
        if (startedAt > committedAt + ttlMs) {
          checkedAfterTtl++;
          if (!revoked) staleAfterTtl++;
        }
      }
      if (performance.now() > committedAt + 10 * ttlMs) break; // never loop forever on a failure
      await new Promise((r) => setTimeout(r, 20));
    }
    t.ok(checkedAfterTtl > 0, 'requests were made after the TTL');
    t.equal(staleAfterTtl, 0, `${c.credentialId}: no replica answered "not revoked" more than ${ttlMs} ms after the commit`);
    for (const r of replicas) {
      t.ok(firstSeen.has(r.name), `${r.name} serves the revocation (first seen ${firstSeen.get(r.name)?.toFixed(0)} ms after the commit)`);
    }
  }
  // Each event went to one replica or the other; the revocations are in the shared read model once.
  const rows = await h.db('credentials').whereIn(
    'uuid',
    credentials.map((c) => c.uuid),
  );
  t.equal(rows.filter((r: { revoked_at: Date | null }) => r.revoked_at !== null).length, credentials.length);
});
