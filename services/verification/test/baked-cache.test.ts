// @unit
// The baked PNG cache (src/app/baked-credential.ts): a warm download of a cached read-model row
// reuses what it baked before, and whatever changes the output (the badge image, the credential
// bytes) never gets an old PNG back.
import t from 'tap';
import { PNG } from 'pngjs';
import { unbakePng } from '@cred/ob3';
import { createBakedCredentials } from '../src/app/baked-credential.js';
import { placeholderPng } from '../src/app/badge-png.js';
import type { BadgePng, BadgePngSource } from '../src/app/badge-png.js';
import type { CredentialRecord } from '../src/domain/model.js';

function square(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** The badge's image as the read model would give it; `current` can be swapped between calls. */
function images(first: BadgePng): BadgePngSource & { current: BadgePng; asked: number } {
  return {
    current: first,
    asked: 0,
    async forBadge() {
      this.asked++;
      return this.current;
    },
    clear() {},
  };
}

function row(ob3Json: string): CredentialRecord {
  return { uuid: '3f1b0c52-5b5e-4d8f-9a43-2d3c1f0e9b11', badgeId: 'b1', ob3Json } as unknown as CredentialRecord;
}

t.test('the same row: the same bytes, baked once', async (t) => {
  const source = images({ png: placeholderPng(), hash: 'placeholder-v1' });
  const baked = createBakedCredentials({ images: source, maxCacheBytes: 10_000_000 });
  const credential = row('{"id":"urn:uuid:one"}');
  const first = await baked.bake(credential);
  const second = await baked.bake(credential);
  t.equal(second, first, 'the second download is the cached buffer itself');
  t.equal(unbakePng(first), '{"id":"urn:uuid:one"}', 'it holds the credential bytes as stored');
  t.equal(source.asked, 2, 'the image is still asked for each time (a new image must show)');
});

t.test('a new badge image: a new PNG for the same row', async (t) => {
  const source = images({ png: placeholderPng(), hash: 'placeholder-v1' });
  const baked = createBakedCredentials({ images: source, maxCacheBytes: 10_000_000 });
  const credential = row('{"id":"urn:uuid:two"}');
  const before = await baked.bake(credential);
  const other = square(8);
  source.current = { png: other, hash: 'sha-of-square' };
  const after = await baked.bake(credential);
  t.not(after, before);
  t.ok(after.subarray(16, 24).equals(other.subarray(16, 24)), 'the new image (its width and height in IHDR)');
  t.equal(unbakePng(after), '{"id":"urn:uuid:two"}');
  source.current = { png: placeholderPng(), hash: 'placeholder-v1' };
  t.equal(await baked.bake(credential), before, 'back to the first image: its PNG, still cached');
});

t.test('re-issued bytes (a new row object for the same credential): the new bytes', async (t) => {
  const source = images({ png: placeholderPng(), hash: 'placeholder-v1' });
  const baked = createBakedCredentials({ images: source, maxCacheBytes: 10_000_000 });
  const old = await baked.bake(row('{"id":"urn:uuid:three","v":1}'));
  const fresh = await baked.bake(row('{"id":"urn:uuid:three","v":2}'));
  t.not(fresh, old);
  t.equal(unbakePng(fresh), '{"id":"urn:uuid:three","v":2}');
});

t.test('the byte budget still bounds what is kept', async (t) => {
  const source = images({ png: placeholderPng(), hash: 'placeholder-v1' });
  const one = (await createBakedCredentials({ images: source, maxCacheBytes: 10_000_000 }).bake(row('{"n":0}'))).length;
  // Room for four PNGs (one entry may take at most a quarter): baking six evicts the first,
  // which is then baked anew although its row is still alive.
  const baked = createBakedCredentials({ images: source, maxCacheBytes: Math.floor(one * 4.5) });
  const rows = [1, 2, 3, 4, 5, 6].map((n) => row(`{"n":${n}}`));
  const first = await baked.bake(rows[0]!);
  t.equal(await baked.bake(rows[0]!), first, 'cached while there is room');
  for (const r of rows.slice(1)) await baked.bake(r);
  const again = await baked.bake(rows[0]!);
  t.not(again, first, 'evicted: a new buffer, not one held beside the cache');
  t.ok(again.equals(first), 'with the same bytes');
});
