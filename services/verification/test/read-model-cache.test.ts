// The read-model micro-cache's policy (ADR 0004): refresh ahead without making requests wait,
// unchanged rows keep their object, nothing older than the TTL is served. Pure logic over a
// scripted database (the statement itself is covered against PostgreSQL by verify.test.ts and
// read-model.test.ts), so the test can tell a memory answer from one that waited for a query.
import { setImmediate as tick } from 'node:timers/promises';
import t from 'tap';
import type { Knex } from '@cred/db';
import { createReadModelCache, samePlainData } from '../src/app/read-model-cache.js';
import type { CredentialRef } from '../src/domain/identifiers.js';

const QUERY_MS = 60;

function credentialRow(revokedAt: Date | null) {
  return {
    uuid: '3f0e4f0e-7c55-4d7e-9b8e-2f7f1f3f9a11',
    credential_id: 'CRD-0000000000000000000000000A',
    badge_id: 'b1',
    organization_id: 'o1',
    organization_slug: 'acme',
    recipient_email: 'ada@example.com',
    recipient_name: 'Ada',
    issuance_date: new Date('2026-01-01T00:00:00Z'),
    expiration_date: null,
    claimed_at: null,
    revoked_at: revokedAt,
    revocation_reason: revokedAt ? 'test' : null,
    expired_at: null,
    is_public: true,
    visibility_at: new Date('2026-01-01T00:00:00Z'),
    supersedes_credential_id: null,
    superseded_by_credential_id: null,
    ob3_json: '{"id":"urn:uuid:3f0e4f0e-7c55-4d7e-9b8e-2f7f1f3f9a11"}',
    issued_event_at: new Date('2026-01-01T00:00:00Z'),
    org: null,
    keys: [{ sequence: 1, publicKeyMultibase: 'z6Mk' }],
  };
}

/** A database whose one statement takes QUERY_MS and returns the row as it was when the query started. */
function scriptedDb() {
  const state = { revokedAt: null as Date | null, queries: 0 };
  const db = {
    raw: async () => {
      state.queries++;
      const row = credentialRow(state.revokedAt); // read at the start, like a snapshot
      await new Promise((r) => setTimeout(r, QUERY_MS));
      return { rows: [row] };
    },
  } as unknown as Knex;
  return { db, state };
}

const ref: CredentialRef = { kind: 'uuid', value: '3f0e4f0e-7c55-4d7e-9b8e-2f7f1f3f9a11' };

/** The answer if it is available without waiting for anything but microtasks, else 'waited'. */
async function fromMemory<T>(p: Promise<T>): Promise<T | 'waited'> {
  return Promise.race([p, tick().then(() => 'waited' as const)]);
}

t.test('steady traffic never waits for the database, and unchanged rows keep their object', async (t) => {
  const ttlMs = 600;
  const { db, state } = scriptedDb();
  const cache = createReadModelCache(db, { ttlMs });
  const first = await cache.find(ref);
  t.ok(first, 'the first read goes to the database');
  const until = performance.now() + 3 * ttlMs;
  let waited = 0;
  let calls = 0;
  while (performance.now() < until) {
    const answer = await fromMemory(cache.find(ref));
    calls++;
    if (answer === 'waited') waited++;
    else t.equal(answer, first, 'the same object while the row is unchanged');
    await new Promise((r) => setTimeout(r, 15)); // pacing of steady traffic across three lifetimes: the scenario
  }
  t.equal(waited, 0, `none of ${calls} verifications waited for a query`);
  t.ok(state.queries >= 4, `refreshed in the background (${state.queries} queries over three lifetimes)`);
  t.ok(state.queries <= 1 + 3 * 2 + 1, 'at most about one refresh per half lifetime');
});

t.test('a change is served within the TTL and never later', async (t) => {
  const ttlMs = 400;
  const { db, state } = scriptedDb();
  const cache = createReadModelCache(db, { ttlMs });
  const before = await cache.find(ref);
  t.equal(before?.credential.revokedAt, null);
  const changedAt = performance.now();
  state.revokedAt = new Date('2026-02-01T00:00:00Z');
  let seenAfter = Infinity;
  while (performance.now() < changedAt + 2 * ttlMs) {
    const now = performance.now();
    const answer = await cache.find(ref);
    if (answer?.credential.revokedAt) {
      seenAfter = Math.min(seenAfter, now - changedAt);
    } else {
      t.ok(now - changedAt < ttlMs, `a stale answer only within the TTL (${(now - changedAt).toFixed(0)} ms after the change)`);
    }
    await new Promise((r) => setTimeout(r, 10)); // pacing of reads across two TTLs: the scenario
  }
  t.ok(seenAfter <= ttlMs, `the change was served ${seenAfter.toFixed(0)} ms after it happened`);
  const after = await cache.find(ref);
  t.not(after, before, 'a changed row is a new object (memoized answers are not reused)');
});

t.test('clear() makes the next read go to the database', async (t) => {
  const { db, state } = scriptedDb();
  const cache = createReadModelCache(db, { ttlMs: 10_000 });
  await cache.find(ref);
  await cache.find(ref);
  t.equal(state.queries, 1, 'a hit');
  cache.clear();
  state.revokedAt = new Date('2026-02-01T00:00:00Z');
  t.ok((await cache.find(ref))?.credential.revokedAt, 'read again after clear');
  t.equal(state.queries, 2);
});

t.test('a first read by CRD- id is kept under the UUID, and not kept when a change comes during it', async (t) => {
  const { db, state } = scriptedDb();
  const cache = createReadModelCache(db, { ttlMs: 10_000 });
  const byId: CredentialRef = { kind: 'credentialId', value: 'CRD-0000000000000000000000000A' };
  const first = await cache.find(byId);
  await cache.find(ref);
  await cache.find(byId);
  t.equal(state.queries, 1, 'one query for both spellings');
  t.equal((await cache.find(ref))?.credential.uuid, first?.credential.uuid);

  // A credential first asked for by CRD- id while its row changes: the read that started before
  // the change is neither kept (under the UUID it names) nor joined by a request after the change.
  const fresh = scriptedDb();
  const second = createReadModelCache(fresh.db, { ttlMs: 10_000 });
  const inFlight = second.find(byId);
  await tick(); // the batched statement has started (the row as it was)
  fresh.state.revokedAt = new Date('2026-02-01T00:00:00Z');
  second.forget({ uuids: [ref.value] });
  const after = second.find(byId);
  t.equal((await inFlight)?.credential.revokedAt, null, 'the read in flight answers its caller with what it read');
  t.ok((await after)?.credential.revokedAt, 'a request after the change reads again');
  t.ok((await second.find(ref))?.credential.revokedAt, 'and the stale row was not kept under the UUID');
  t.equal(fresh.state.queries, 2);
});

t.test('samePlainData compares database-shaped values', async (t) => {
  const d = (s: string) => new Date(s);
  t.ok(samePlainData({ a: 1, b: [1, { c: d('2026-01-01') }], n: null }, { a: 1, b: [1, { c: d('2026-01-01') }], n: null }));
  t.notOk(samePlainData({ a: d('2026-01-01') }, { a: d('2026-01-02') }), 'dates by time');
  t.notOk(samePlainData({ a: 1 }, { a: 1, b: undefined }), 'a missing key differs');
  t.notOk(samePlainData({ a: null }, { a: undefined }), 'null is not undefined');
  t.notOk(samePlainData([1, 2], { 0: 1, 1: 2 }), 'an array is not an object');
  t.notOk(samePlainData({ a: d('2026-01-01') }, { a: '2026-01-01T00:00:00.000Z' }), 'a date is not its string');
  t.notOk(samePlainData({ k: [1, 2] }, { k: [1, 2, 3] }));
});
