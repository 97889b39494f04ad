// Which image a badge has (src/app/badge-png.ts), as the baked PNG reads it on every download:
// kept for the read model's TTL, re-read in the background late in its life, and a miss under
// load is one query however many downloads wait for it. Against the real read model.
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { PNG } from 'pngjs';
import { createLogger } from '@cred/runtime';
import { statementsOf, waitFor } from '@cred/testing';
import { createBadgePngSource } from '../src/app/badge-png.js';
import { badgeImageData, seedIssuer, startVerification } from './fixtures/harness.js';

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);

function square(size: number, shade: number): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data.fill(shade);
  return PNG.sync.write(png);
}

/** The `badge_images` hash reads made on the verification database while `fn` runs. */
async function hashReads(fn: () => Promise<unknown>): Promise<number> {
  const statements = await statementsOf(h.db, fn);
  return statements.filter((sql) => /^select "content_hash", "content_type" from "badge_images"/.test(sql)).length;
}

const logger = createLogger({ service: 'test', level: 'warn' });
const first = square(4, 10);
await h.publish('issuance.badge.image_set', badgeImageData(issuer, badge, first, 'image/png'));

t.test('a cold cache: thirty downloads at once, one read', async (t) => {
  const source = createBadgePngSource({ db: h.db, logger, hashTtlMs: 60_000 });
  let images: Array<{ hash: string }> = [];
  const reads = await hashReads(async () => {
    images = await Promise.all(Array.from({ length: 30 }, () => source.forBadge(badge.id)));
  });
  t.equal(reads, 1);
  t.ok(images.every((i) => i.hash === badgeImageData(issuer, badge, first).contentHash));
  t.equal(await hashReads(() => source.forBadge(badge.id)), 0, 'then answered from memory');
});

t.test('late in its life the hash is re-read in the background, and a new image shows', async (t) => {
  const ttl = 2000;
  const source = createBadgePngSource({ db: h.db, logger, hashTtlMs: ttl });
  const readAt = performance.now();
  await source.forBadge(badge.id);
  const second = square(6, 200);
  await h.publish('issuance.badge.image_set', badgeImageData(issuer, badge, second, 'image/png'));
  // Past three quarters of the TTL (the latest a re-read starts), before it ends: the scenario
  // sets this point in the hash's life, so it is a sleep.
  await sleep(Math.max(0, readAt + ttl * 0.8 - performance.now()));
  let answered: { hash: string } | undefined;
  const reads = await hashReads(async () => {
    answered = await source.forBadge(badge.id);
    // The signal that the background read finished: the answer from memory has the new image.
    const newHash = badgeImageData(issuer, badge, second).contentHash;
    await waitFor('the background read kept', async () => (await source.forBadge(badge.id)).hash === newHash, 5_000, 10);
  });
  t.equal(reads, 1, 'one read in the background');
  t.equal(answered!.hash, badgeImageData(issuer, badge, first).contentHash, 'the request itself did not wait for it');
  const next = await source.forBadge(badge.id);
  t.equal(next.hash, badgeImageData(issuer, badge, second).contentHash, 'the next one has the new image');
  t.ok(next.png.equals(second));
});

t.test('clear() while a read is in flight: what it read is not kept', async (t) => {
  const source = createBadgePngSource({ db: h.db, logger, hashTtlMs: 60_000 });
  const reads = await hashReads(async () => {
    const inFlight = source.forBadge(badge.id);
    source.clear();
    await inFlight;
    await source.forBadge(badge.id);
  });
  t.equal(reads, 2, 'the read that started before clear() did not fill the cache');
});
