// @unit
import t from 'tap';
import { consumerTopology, createEvent, parseEvent, priorAttempts } from '../src/index.js';

t.test('createEvent fills id, version and time from the clock', async (t) => {
  const clock = { now: () => new Date('2030-01-02T03:04:05.000Z') };
  const e = createEvent({ type: 'credential.issued', producer: 'issuance', data: { a: 1 }, clock });
  t.match(e.id, /^evt_[0-9a-f]{32}$/);
  t.equal(e.version, 1);
  t.equal(e.createdAt, '2030-01-02T03:04:05.000Z');
  t.same(parseEvent(Buffer.from(JSON.stringify(e))), { ok: true, event: e });
});

t.test('parseEvent rejects what no retry can fix', async (t) => {
  const good = { id: 'evt_1', type: 'credential.issued', version: 1, createdAt: new Date().toISOString(), producer: 'x', data: null };
  t.equal(parseEvent(JSON.stringify(good)).ok, true);
  for (const [name, body] of [
    ['not json', '{'],
    ['array', '[]'],
    ['no id', JSON.stringify({ ...good, id: undefined })],
    ['id without prefix', JSON.stringify({ ...good, id: '123' })],
    ['bad type', JSON.stringify({ ...good, type: 'Issued' })],
    ['version 0', JSON.stringify({ ...good, version: 0 })],
    ['bad date', JSON.stringify({ ...good, createdAt: 'yesterday' })],
    ['no data', JSON.stringify({ ...good, data: undefined })],
  ] as const) {
    t.equal(parseEvent(body).ok, false, name);
  }
});

t.test('priorAttempts counts rejections and delivery-limit deaths on this queue only', async (t) => {
  const headers = {
    'x-death': [
      { queue: 'q.retry', reason: 'expired', count: 2 },
      { queue: 'q', reason: 'rejected', count: 2 },
      { queue: 'q', reason: 'delivery_limit', count: 1 },
      { queue: 'other', reason: 'rejected', count: 7 },
    ],
  };
  t.equal(priorAttempts({ properties: { headers } } as never, 'q'), 3);
  t.equal(priorAttempts({ properties: { headers: {} } } as never, 'q'), 0);
});

t.test('queue names follow <exchange>.<service>.<purpose>', async (t) => {
  t.same(consumerTopology('credentials.events', 'notification', 'emails'), {
    exchange: 'credentials.events',
    deadLetterExchange: 'credentials.events.dlx',
    queue: 'credentials.events.notification.emails',
    retryQueue: 'credentials.events.notification.emails.retry',
    deadLetterQueue: 'credentials.events.notification.emails.dlq',
  });
});
