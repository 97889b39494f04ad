// The shared Idempotency-Key records (docs/decisions.md "Idempotency-Key"), on real PostgreSQL:
// the record commits with the effect, a retry replays, another request is 422, a key in flight
// is 409 at once, a failed effect leaves no record, scopes do not see each other, records expire.
import t from 'tap';
import { AppError } from '@cred/runtime';
import { createDb, migrateSchema, type Knex } from '@cred/db';
import { createIsolation } from '@cred/testing';
import { claimKey, checkIdempotencyRequest, findAnswer, idempotencyMigration, once, purgeExpired, type IdempotencyRequest } from '../src/index.js';

const HOUR = 60 * 60 * 1000;

t.test('idempotency records', async (t) => {
  const iso = await createIsolation('idem');
  const db = createDb({ url: iso.databaseUrl, schema: 'idem_test' });
  t.teardown(async () => {
    await db.destroy();
    await iso.cleanup();
  });
  await migrateSchema(db, 'idem_test', [
    {
      name: '0000_effects',
      up: (k) => k.schema.createTable('effects', (tb) => {
        tb.increments('id');
        tb.text('what').notNullable();
      }),
    },
    { name: '0001_idempotency', up: (k) => idempotencyMigration.up(k) },
  ]);
  const t0 = new Date('2026-03-01T10:00:00Z');
  const effects = async (what: string) => (await db('effects').where({ what })).length;
  const req = (key: string, fingerprint = 'fp-1', scope = 'things.create:org-1'): IdempotencyRequest => ({ scope, key, fingerprint });
  const run = (r: IdempotencyRequest, what: string, now = t0, fail = false) =>
    db.transaction((trx) =>
      once(
        trx,
        r,
        now,
        async () => {
          const [row] = await trx('effects').insert({ what }).returning('id');
          if (fail) throw new Error('effect failed');
          return { id: (row as { id: number }).id, what };
        },
        (stored) => stored as { id: number; what: string },
      ),
    );
  const rejection = async (p: Promise<unknown>): Promise<AppError> => {
    try {
      await p;
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error('expected a rejection');
  };

  t.test('a repeated key answers the stored answer and runs nothing', async (t) => {
    const first = await run(req('k1'), 'replay');
    t.equal(first.replayed, false);
    const again = await run(req('k1'), 'replay');
    t.equal(again.replayed, true);
    t.same(again.answer, first.answer, 'the same answer');
    t.equal(await effects('replay'), 1, 'the effect ran once');
    t.same(await findAnswer(db, req('k1'), t0), first.answer, 'readable outside a transaction');
    t.equal(await findAnswer(db, req('k-none'), t0), undefined);
  });

  t.test('the same key with another request: 422, nothing runs', async (t) => {
    await run(req('k2'), 'mismatch');
    const err = await rejection(run(req('k2', 'fp-2'), 'mismatch'));
    t.equal(err.code, 'UNPROCESSABLE');
    t.equal(err.details.field, 'Idempotency-Key');
    t.equal((await rejection(findAnswer(db, req('k2', 'fp-2'), t0))).code, 'UNPROCESSABLE');
    t.equal(await effects('mismatch'), 1);
  });

  t.test('while a transaction holds the key: 409 at once; its answer afterwards', async (t) => {
    let release: () => void = () => undefined;
    let claimed: () => void = () => undefined;
    const holding = new Promise<void>((r) => (claimed = r));
    const first = db.transaction((trx) =>
      once(
        trx,
        req('k3'),
        t0,
        async () => {
          claimed();
          await new Promise<void>((r) => (release = r));
          await trx('effects').insert({ what: 'inflight' });
          return { done: true };
        },
        (s) => s as { done: boolean },
      ),
    );
    await holding;
    const started = Date.now();
    const err = await rejection(run(req('k3'), 'inflight'));
    t.equal(err.code, 'CONFLICT');
    t.equal(err.details.field, 'Idempotency-Key');
    t.ok(Date.now() - started < 5000, 'refused without waiting for the first');
    const other = await run(req('k3-other'), 'inflight-other');
    t.equal(other.replayed, false, 'another key is not held');
    release();
    t.same((await first).answer, { done: true });
    const after = await run(req('k3'), 'inflight');
    t.equal(after.replayed, true);
    t.same(after.answer, { done: true });
    t.equal(await effects('inflight'), 1);
  });

  t.test('a failed effect leaves no record: the key stays usable, also with another request', async (t) => {
    await t.rejects(run(req('k4'), 'failing', t0, true), /effect failed/);
    t.equal(await effects('failing'), 0, 'the effect rolled back');
    t.equal(await findAnswer(db, req('k4', 'fp-other'), t0), undefined, 'and no record binds the key');
    const retry = await run(req('k4', 'fp-other'), 'failing');
    t.equal(retry.replayed, false);
    t.equal(await effects('failing'), 1);
  });

  t.test('scopes do not see each other', async (t) => {
    await run(req('k5', 'fp-1', 'things.create:org-1'), 'scoped');
    const other = await run(req('k5', 'fp-9', 'things.create:org-2'), 'scoped');
    t.equal(other.replayed, false, 'the same key in another scope is another request');
    t.equal(await effects('scoped'), 2);
  });

  t.test('records bind for 24 hours; then the key is free and the sweep deletes them', async (t) => {
    await run(req('k6'), 'expiry');
    const later = new Date(t0.getTime() + 23 * HOUR);
    t.equal((await run(req('k6'), 'expiry', later)).replayed, true, 'still bound after 23 hours');
    const dayLater = new Date(t0.getTime() + 24 * HOUR);
    t.equal(await findAnswer(db, req('k6', 'fp-new'), dayLater), undefined, 'expired: binds nothing');
    const reused = await run(req('k6', 'fp-new'), 'expiry', dayLater);
    t.equal(reused.replayed, false, 'the key is used again');
    t.equal(await effects('expiry'), 2);
    const purged = await purgeExpired(db, new Date(dayLater.getTime() + 24 * HOUR), 1000);
    t.ok(purged >= 1, `the sweep deleted expired records (${purged})`);
    t.equal((await db('idempotency_records').where('expires_at', '<=', new Date(dayLater.getTime() + 24 * HOUR))).length, 0);
  });

  t.test('the lock on a key ends with its transaction', async (t) => {
    // The lock lives as long as the transaction: once it commits, the key is free to claim.
    await db.transaction(async (trx: Knex.Transaction) => {
      t.equal(await claimKey(trx, req('k7'), t0), undefined);
    });
    await db.transaction(async (trx: Knex.Transaction) => {
      t.equal(await claimKey(trx, req('k7'), t0), undefined, 'no record was stored, and the lock ended with the transaction');
    });
  });

  t.test('malformed keys and fingerprints are 400 with the field', async (t) => {
    t.throws(() => checkIdempotencyRequest(req('has space')), { code: 'VALIDATION_ERROR', details: { field: 'idempotency.key' } });
    t.throws(() => checkIdempotencyRequest(req('')), { code: 'VALIDATION_ERROR' });
    t.throws(() => checkIdempotencyRequest(req('k', '')), { code: 'VALIDATION_ERROR', details: { field: 'idempotency.fingerprint' } });
    t.doesNotThrow(() => checkIdempotencyRequest(req('user:1:credentials.issue:abc_-')));
  });
});
