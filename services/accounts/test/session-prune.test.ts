// Session rows are kept while they can still be presented and a grace period after; the service
// prunes the rest every minute (services/accounts/src/service.ts), so the table does not grow
// with every sign-in ever made.
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { createDb, migrateSchema } from '@cred/db';
import { createIsolation } from '@cred/testing';
import { migrations } from '../src/db/migrations.js';
import { sessionStore } from '../src/db/session-store.js';

const HOUR = 3_600_000;

t.test('pruneBefore deletes sessions expired or ended before the cutoff, and only those', async (t) => {
  const iso = await createIsolation('accounts-session-prune');
  const db = createDb({ url: iso.databaseUrl, schema: 'accounts' });
  t.teardown(async () => {
    await db.destroy();
    await iso.cleanup();
  });
  await migrateSchema(db, 'accounts', migrations);
  const now = new Date('2026-11-27T12:00:00Z').getTime();
  const userId = randomUUID();
  await db('users').insert({ id: userId, email: 'prune@example.com', name: 'Prune', password_hash: 'x', email_verified_at: null, created_at: new Date(now), updated_at: new Date(now) });

  const at = (hours: number) => new Date(now + hours * HOUR);
  const sessions = {
    live: { createdAt: at(-1), expiresAt: at(11), endedAt: null },
    endedRecently: { createdAt: at(-5), expiresAt: at(7), endedAt: at(-1) },
    expiredRecently: { createdAt: at(-13), expiresAt: at(-1), endedAt: null },
    endedLongAgo: { createdAt: at(-50), expiresAt: at(10), endedAt: at(-48) },
    expiredLongAgo: { createdAt: at(-60), expiresAt: at(-48), endedAt: null },
  };
  const ids: Record<string, string> = {};
  for (const [name, s] of Object.entries(sessions)) {
    ids[name] = randomUUID();
    await sessionStore.insert(db, { id: ids[name]!, userId, ...s });
  }

  const cutoff = at(-24); // a day's grace
  t.equal(await sessionStore.pruneBefore(db, cutoff, 1), 1, 'at most the limit per call');
  t.equal(await sessionStore.pruneBefore(db, cutoff, 1000), 1, 'the other one on the next call');
  t.equal(await sessionStore.pruneBefore(db, cutoff, 1000), 0, 'nothing left to prune');
  const left = (await db('sessions').select('id')).map((r: { id: string }) => r.id).sort();
  t.same(left, [ids.live, ids.endedRecently, ids.expiredRecently].sort(), 'live and recently finished sessions stay');
  t.ok(await sessionStore.isLive(db, ids.live!, userId, new Date(now)), 'the live session still works');
});
