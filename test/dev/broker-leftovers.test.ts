// @unit
// Which test vhosts and queues .ci/run removes from the machine's broker (scripts/broker-leftovers.ts):
// only names our tests make, only when made more than three hours ago.
import t from 'tap';
import { isStale, madeAt, MAX_AGE_MS } from '../../scripts/broker-leftovers.js';

const now = Date.UTC(2026, 10, 26, 12, 0, 0);
const t36 = (ms: number) => ms.toString(36);
const old = now - MAX_AGE_MS - 60_000;
const recent = now - 10 * 60_000;

t.test('the time a test name was made', async (t) => {
  t.equal(madeAt(`test_run_p4242_${t36(old)}_a1b2c3`), old, 'vhost of scripts/dev-run.ts (pid, time)');
  t.equal(madeAt(`test_run_${t36(old)}_qv3t0k`), old, 'vhost of an older run (time only)');
  t.equal(madeAt(`test_issuance_${t36(old)}_0a1b2c3d.events.notification.credential-emails`), old, 'queue of a test isolation');
  t.equal(madeAt(`test_start_${t36(recent)}_deadbeef.events.issuance.claim-tokens.dlq`), recent);
  t.equal(madeAt('credentials.events.issuance.claim-tokens'), undefined, "the platform's own queue");
  t.equal(madeAt('/'), undefined);
  t.equal(madeAt('test_run_nothing'), undefined, 'a test-like name without a time');
});

t.test('stale: only old test names', async (t) => {
  t.ok(isStale(`test_run_p1_${t36(old)}_abcdef`, now), 'a vhost from a run long gone');
  t.notOk(isStale(`test_run_p1_${t36(recent)}_abcdef`, now), "another person's run still going");
  t.ok(isStale(`test_gw_${t36(old)}_0a1b2c3d.events.gateway.x`, now));
  t.notOk(isStale(`test_gw_${t36(recent)}_0a1b2c3d.events.gateway.x`, now));
  t.notOk(isStale('credentials.events.verification.credentials', now), 'never anything else');
  t.notOk(isStale('rabbit', now));
});
