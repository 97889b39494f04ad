// @unit
// Which duplicate claim e-mails a chaos run accepts: only the one the design leaves open (the SMTP
// server accepted the message, notification was killed before recording it, the row's lease
// lapsed and the same message went out again). Every piece of evidence is required.
import t from 'tap';
import type { CaughtMessage } from '../../scripts/mail-catcher.js';
import { explainedDuplicate } from './reconcile.js';

const ROW = '0b7d1c52-3f0e-4f49-9a4c-2d6a3e1f9b10';
const KILL = Date.parse('2026-11-29T07:00:53.000Z');
const copy = (at: number, messageId = `<${ROW}@notification.credentials>`): CaughtMessage => ({
  id: at,
  receivedAt: new Date(at).toISOString(),
  envelope: { from: 'no-reply@credentials.local', to: ['r@example.com'] },
  subject: 'Your badge',
  from: 'no-reply@credentials.local',
  to: 'r@example.com',
  messageId,
  text: 'Claim it: http://localhost/claim/CRD-NRQBYF3EKAXZ?token=x',
  html: '',
  size: 2000,
});
const leasedTwice = new Map([[ROW, 2]]);

t.test('accepted just before the kill, sent again after the lease: explained', async (t) => {
  t.ok(explainedDuplicate([copy(KILL - 40), copy(KILL + 118_000)], leasedTwice, [KILL]));
  t.ok(explainedDuplicate([copy(KILL + 118_000), copy(KILL - 40)], leasedTwice, [KILL - 60_000, KILL]), 'in any order, any of the kills');
});

t.test('each piece of evidence is required', async (t) => {
  t.notOk(explainedDuplicate([copy(KILL - 40), copy(KILL + 118_000)], leasedTwice, []), 'no kill of notification');
  t.notOk(
    explainedDuplicate([copy(KILL - 5_000), copy(KILL + 118_000)], leasedTwice, [KILL]),
    'accepted long before the kill (it had time to be recorded)',
  );
  t.notOk(
    explainedDuplicate([copy(KILL + 500), copy(KILL + 118_000)], leasedTwice, [KILL]),
    'accepted after the kill (another process sent it)',
  );
  t.notOk(explainedDuplicate([copy(KILL - 40), copy(KILL + 3_000)], leasedTwice, [KILL]), 'sent again before the lease could lapse');
  t.notOk(
    explainedDuplicate(
      [copy(KILL - 40), copy(KILL + 118_000, '<9e9e9e9e-0000-4000-8000-000000000000@notification.credentials>')],
      leasedTwice,
      [KILL],
    ),
    'two rows, not one row sent twice',
  );
  t.notOk(explainedDuplicate([copy(KILL - 40), copy(KILL + 118_000)], new Map([[ROW, 1]]), [KILL]), 'the row was leased once');
  t.notOk(explainedDuplicate([copy(KILL - 40), copy(KILL + 118_000), copy(KILL + 119_000)], leasedTwice, [KILL]), 'three copies');
  t.notOk(
    explainedDuplicate([copy(KILL - 40, '<not ours>'), copy(KILL + 118_000, '<not ours>')], leasedTwice, [KILL]),
    'a Message-ID that names no row',
  );
});
