// @unit
// The invalidations of one event-loop turn go out as one message (replica-invalidation.ts): the
// merged message must make stale everything each of them did.
import t from 'tap';
import { mergeInvalidations } from '../src/app/replica-invalidation.js';

t.test('credential UUIDs are united; "all" wins; flags are or-ed', async (t) => {
  t.same(mergeInvalidations({ readModel: { uuids: ['a', 'b'] } }, { readModel: { uuids: ['b', 'c'] }, statusLists: false }), {
    readModel: { uuids: ['a', 'b', 'c'] },
  });
  t.same(mergeInvalidations({ readModel: { uuids: ['a'] } }, { readModel: { all: true } }), { readModel: { all: true } });
  t.same(mergeInvalidations({ readModel: { all: true } }, { readModel: { uuids: ['a'] } }), { readModel: { all: true } });
  t.same(mergeInvalidations({ readModel: { uuids: ['a'] }, statusLists: true }, { badgeImages: true }), {
    readModel: { uuids: ['a'] },
    statusLists: true,
    badgeImages: true,
  });
  t.same(mergeInvalidations({ statusLists: false }, { badgeImages: false }), {}, 'nothing stale stays nothing');
});
