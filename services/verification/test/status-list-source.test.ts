// @unit
// The replica's copy of our revocation lists (src/app/status-lists.ts): how long it is kept, what
// is remembered, what is passed on; with a stand-in for issuance's GetStatusList.
import t from 'tap';
import { buildStatusListCredential, STATUS_LIST_MIN_ENTRIES } from '@cred/ob3';
import { createLogger } from '@cred/runtime';
import { createStatusListSource, parseStatusListUrl } from '../src/app/status-lists.js';

const BASE = 'http://localhost:8080';
const listJson = (revoked: number[]) =>
  JSON.stringify(
    buildStatusListCredential({
      url: `${BASE}/issuers/acme/status/1`,
      issuer: 'did:web:localhost%3A8080:issuers:acme',
      length: STATUS_LIST_MIN_ENTRIES,
      revoked,
    }),
  );

function fakeIssuance() {
  const state = { revoked: [5], calls: 0, mode: 'ok' as 'ok' | 'missing' | 'down', gate: Promise.resolve() };
  const issuance = {
    async GetStatusList(req: { organization_slug: string; list_number: number }) {
      state.calls++;
      await state.gate;
      if (state.mode === 'down') throw Object.assign(new Error('unavailable'), { code: 'UNAVAILABLE' });
      if (state.mode === 'missing' || req.organization_slug !== 'acme' || req.list_number !== 1)
        throw Object.assign(new Error('nope'), { code: 'NOT_FOUND' });
      return { credential_json: listJson(state.revoked) };
    },
  };
  return { state, issuance };
}

const logger = createLogger({ service: 'test', level: 'silent' });

t.test('kept for ttlMs, shared by concurrent misses, dropped by clear()', async (t) => {
  let now = 0;
  const { state, issuance } = fakeIssuance();
  const source = createStatusListSource({ issuance: issuance as never, ttlMs: 500, logger, now: () => now });
  let open!: () => void;
  state.gate = new Promise((r) => (open = r));
  const both = Promise.all([source.get('acme', 1), source.get('acme', 1)]);
  open();
  const [a, b] = await both;
  t.equal(state.calls, 1, 'one call for concurrent misses');
  t.equal(a, b);
  t.match(a!.etag, /^"[A-Za-z0-9_-]{32}"$/);
  t.equal(await source.bit('acme', 1, 5), 1);
  t.equal(await source.bit('acme', 1, 6), 0);
  t.equal(await source.bit('acme', 1, STATUS_LIST_MIN_ENTRIES), null, 'outside the list');
  state.revoked = [5, 6];
  now = 374;
  t.equal(await source.bit('acme', 1, 6), 0, 'within ttlMs: the copy');
  t.equal(state.calls, 1, 'not asked again before the last quarter of ttlMs');
  now = 500;
  t.equal(await source.bit('acme', 1, 6), 1, 'after ttlMs: asked again');
  t.equal(state.calls, 2);
  const etag = (await source.get('acme', 1))!.etag;
  t.not(etag, a!.etag, 'new bytes, new ETag');
  state.revoked = [5, 6, 7];
  source.clear();
  t.equal(await source.bit('acme', 1, 7), 1, 'clear() drops the copy at once');
  t.equal(state.calls, 3);
});

t.test('a list in use is re-read in the last quarter of ttlMs, without waiting for it', async (t) => {
  let now = 0;
  const { state, issuance } = fakeIssuance();
  const source = createStatusListSource({ issuance: issuance as never, ttlMs: 500, logger, now: () => now });
  t.equal(await source.bit('acme', 1, 6), 0);
  state.revoked = [5, 6];
  let open!: () => void;
  state.gate = new Promise((r) => (open = r));
  now = 380;
  t.equal(await source.bit('acme', 1, 6), 0, 'the copy answers while issuance is asked (the gate holds the call)');
  t.equal(await source.bit('acme', 1, 6), 0, 'one re-read in flight: no second call');
  t.equal(state.calls, 2);
  open();
  await new Promise((r) => setImmediate(r));
  now = 450;
  t.equal(await source.bit('acme', 1, 6), 1, 'the re-read copy, before the first one would have expired');
  now = 380 + 499;
  t.equal(await source.bit('acme', 1, 6), 1, 'kept for ttlMs from when its read started');
  t.equal(state.calls, 3, 'and re-read in its own last quarter');

  // A re-read that fails does not take away a copy that is still within its time.
  const { state: s2, issuance: i2 } = fakeIssuance();
  const second = createStatusListSource({ issuance: i2 as never, ttlMs: 500, logger, now: () => now });
  now = 0;
  t.equal(await second.bit('acme', 1, 5), 1);
  s2.mode = 'down';
  now = 400;
  t.equal(await second.bit('acme', 1, 5), 1, 'answered from the copy');
  await new Promise((r) => setImmediate(r));
  now = 450;
  t.equal(await second.bit('acme', 1, 5), 1, 'the failed re-read did not replace the copy');
  now = 500;
  await t.rejects(second.bit('acme', 1, 5), { code: 'UNAVAILABLE' }, 'after ttlMs the failure is passed on');
});

t.test('no such list is remembered as long as a list; an unavailable issuance too, as 503', async (t) => {
  let now = 0;
  const { state, issuance } = fakeIssuance();
  const source = createStatusListSource({ issuance: issuance as never, ttlMs: 500, logger, now: () => now });
  t.equal(await source.get('acme', 2), null);
  t.equal(await source.get('acme', 2), null);
  t.equal(state.calls, 1, 'one call for the unknown list');
  state.mode = 'down';
  await t.rejects(source.get('acme', 1), { code: 'UNAVAILABLE' });
  await t.rejects(source.bit('acme', 1, 5), { code: 'UNAVAILABLE' });
  t.equal(state.calls, 2, 'the failure is remembered for ttlMs');
  state.mode = 'ok';
  now = 600;
  t.equal(await source.bit('acme', 1, 5), 1, 'and asked again after it');
});

t.test('which URLs are our lists', async (t) => {
  t.same(parseStatusListUrl(BASE, `${BASE}/issuers/acme/status/1`), { slug: 'acme', listNumber: 1 });
  t.same(parseStatusListUrl(`${BASE}/`, `${BASE}/issuers/a-b-c/status/42`), { slug: 'a-b-c', listNumber: 42 });
  for (const url of [
    `${BASE}/issuers/acme/status/0`,
    `${BASE}/issuers/acme/status/01`,
    `${BASE}/issuers/acme/status/1/`,
    `${BASE}/issuers/Acme/status/1`,
    `${BASE}/issuers/acme/did.json`,
    `https://elsewhere.example/issuers/acme/status/1`,
    `${BASE}/issuers/acme/status/1?x=1`,
  ])
    t.equal(parseStatusListUrl(BASE, url), null, url);
});
