// @unit
// Audit entry ids sort in the order they were made (entry-id.ts), so entries of one instant read
// back in the order they were written.
import t from 'tap';
import { createAuditIdSource, newAuditEntryId } from '../src/audit/entry-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

t.test('ids made one after another are UUIDs of version 7 and strictly increasing', async (t) => {
  const ids = Array.from({ length: 20_000 }, () => newAuditEntryId());
  t.ok(ids.every((id) => UUID_V7.test(id)), 'the form a uuid column and the cursor check accept');
  let increasing = true;
  for (let i = 1; i < ids.length; i++) if (!(ids[i - 1]! < ids[i]!)) increasing = false;
  t.ok(increasing, 'each id sorts after the one before');
  t.equal(new Set(ids).size, ids.length, 'no two alike');
});

t.test('the first 48 bits are the time; within one millisecond the counter orders them', async (t) => {
  const next = createAuditIdSource(() => 0x0123456789ab);
  const a = next();
  const b = next();
  t.equal(a.replace(/-/g, '').slice(0, 12), '0123456789ab');
  t.ok(a < b);
  t.equal(parseInt(b.slice(15, 18), 16), parseInt(a.slice(15, 18), 16) + 1, 'the counter in the 12 bits after the version');
});

t.test('a full counter moves the time part on; a clock that steps back does not move ids back', async (t) => {
  let now = 1_000_000;
  const next = createAuditIdSource(() => now);
  const ids = Array.from({ length: 5000 }, () => next());
  const ms = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
  t.ok(ms(ids[ids.length - 1]!) > 1_000_000, 'more than 4,096 ids in one millisecond borrow the next');
  now = 999_000; // the clock steps back a second
  const later = next();
  t.ok(later > ids[ids.length - 1]!, 'still after every earlier id');
  let increasing = true;
  for (let i = 1; i < ids.length; i++) if (!(ids[i - 1]! < ids[i]!)) increasing = false;
  t.ok(increasing);
});
