// GET /api/credentials/{id}/baked and the badge_images read model (issuance.badge.image_set):
// exactly one iTXt openbadgecredential with the stored bytes, PNG pixels untouched, JPEG/WebP/SVG
// rendered to PNG, a placeholder when no image is known, privacy as on /api/verify.
import t from 'tap';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { unbakePng } from '@cred/ob3';
import { verificationStatsStore } from '../src/db/verification-stats-store.js';
import {
  badgeImageData,
  newBadge,
  badgeData,
  seedIssuer,
  signedCredential,
  startVerification,
} from './fixtures/harness.js';

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);

function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const out: Array<{ type: string; data: Buffer }> = [];
  let off = 8;
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    out.push({ type: png.toString('latin1', off + 4, off + 8), data: png.subarray(off + 8, off + 8 + len) });
    off += 12 + len;
  }
  return out;
}

function credentialChunks(png: Buffer) {
  return chunks(png).filter((c) => c.type === 'iTXt' && c.data.toString('latin1', 0, 19) === 'openbadgecredential');
}

function redSquare(size = 48): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 30, 30, 255], i);
  return PNG.sync.write(png);
}

t.test('no image known: a placeholder PNG, baked with the stored credential bytes', async (t) => {
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  for (const id of [c.credentialId, c.uuid]) {
    const r = await h.get(`/api/credentials/${id}/baked`);
    t.equal(r.status, 200);
    t.equal(r.headers['content-type'], 'image/png');
    t.equal(r.headers['content-disposition'], `attachment; filename="${c.credentialId}.png"`);
    const decoded = PNG.sync.read(r.bytes);
    t.equal(decoded.width, 256, 'placeholder size');
    t.equal(credentialChunks(r.bytes).length, 1, 'exactly one openbadgecredential chunk');
    t.equal(unbakePng(r.bytes), JSON.stringify(c.ob3));
    // Served from cached bytes: ETag, 304 on If-None-Match, HEAD without the body (ADR 0009).
    t.equal(r.headers['cache-control'], 'public, max-age=60');
    const etag = String(r.headers.etag);
    t.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
    const notModified = await h.get(`/api/credentials/${id}/baked`, { 'if-none-match': `W/"x", ${etag}` });
    t.same([notModified.status, notModified.bytes.length], [304, 0], 'If-None-Match: 304 without a body');
    const head = await h.send('HEAD', `/api/credentials/${id}/baked`, '');
    t.same([head.status, head.bytes.length, Number(head.headers['content-length'])], [200, 0, r.bytes.length], 'HEAD');
  }
  await h.service.flushAnalytics();
  const counts = await verificationStatsStore.listForCredential(h.db, c.uuid);
  t.same(
    counts.map((x) => [x.channel, x.outcome, x.count]),
    [['baked', 'served', 6]],
    'per id: a download, a revalidation (304) and a HEAD, each a request served',
  );
});

t.test('a PNG badge image: pixels and chunks copied, one iTXt added', async (t) => {
  const image = redSquare();
  await h.publish('issuance.badge.image_set', badgeImageData(issuer, badge, image, 'image/png'));
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  const r = await h.get(`/api/credentials/${c.credentialId}/baked`);
  t.equal(r.status, 200);
  const original = chunks(image);
  const baked = chunks(r.bytes).filter((x) => x.type !== 'iTXt');
  t.same(
    baked.map((x) => [x.type, x.data.toString('hex')]),
    original.map((x) => [x.type, x.data.toString('hex')]),
    'every original chunk byte for byte',
  );
  t.equal(credentialChunks(r.bytes).length, 1);
  t.equal(unbakePng(r.bytes), JSON.stringify(c.ob3));
  const again = await h.get(`/api/credentials/${c.credentialId}/baked`);
  t.ok(again.bytes.equals(r.bytes), 'stable (and served from the cache)');

  const img = await h.get(`/o/${issuer.slug}/badges/${badge.slug}/image.png`);
  t.equal(img.status, 200);
  t.ok(img.bytes.equals(image), 'the badge image route serves the PNG as stored');
});

t.test('JPEG, WebP and SVG images become PNG before baking; a new image changes the baked file', async (t) => {
  const base = sharp({ create: { width: 80, height: 60, channels: 3, background: '#1f77b4' } });
  const images: Array<[string, Buffer]> = [
    ['image/jpeg', await base.clone().jpeg().toBuffer()],
    ['image/webp', await base.clone().webp().toBuffer()],
    [
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><rect width="80" height="60" fill="#2ca02c"/><circle cx="40" cy="30" r="20" fill="#fff"/></svg>',
      ),
    ],
  ];
  const b = newBadge(issuer, 'converted');
  await h.publish('issuance.badge.upserted', badgeData(issuer, b));
  const c = await signedCredential(issuer, b);
  await h.publish('credential.issued', c.data);
  let previous: Buffer | undefined;
  for (const [type, bytes] of images) {
    await h.publish('issuance.badge.image_set', badgeImageData(issuer, b, bytes, type));
    const r = await h.get(`/api/credentials/${c.credentialId}/baked`);
    t.equal(r.status, 200, type);
    const decoded = PNG.sync.read(r.bytes);
    t.ok(decoded.width >= 80 && decoded.height >= 60, `${type} rendered (${decoded.width}x${decoded.height})`);
    t.equal(decoded.width / decoded.height, 80 / 60, 'aspect kept');
    t.equal(credentialChunks(r.bytes).length, 1);
    t.equal(unbakePng(r.bytes), JSON.stringify(c.ob3));
    if (previous) t.notOk(previous.equals(r.bytes), 'a new image is not served from the old cache entry');
    previous = r.bytes;
  }
});

t.test('an image that cannot be decoded falls back to the placeholder (never a 5xx)', async (t) => {
  const b = newBadge(issuer, 'broken');
  await h.publish('issuance.badge.upserted', badgeData(issuer, b));
  await h.publish('issuance.badge.image_set', badgeImageData(issuer, b, Buffer.from('definitely not a jpeg'), 'image/jpeg'));
  const c = await signedCredential(issuer, b);
  await h.publish('credential.issued', c.data);
  const r = await h.get(`/api/credentials/${c.credentialId}/baked`);
  t.equal(r.status, 200);
  t.equal(PNG.sync.read(r.bytes).width, 256);
  t.equal(unbakePng(r.bytes), JSON.stringify(c.ob3));
});

t.test('private credentials: 403 unless the owner’s session; unknown and malformed ids 404', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'private@example.com', isPublic: false });
  await h.publish('credential.issued', c.data);
  const anon = await h.get(`/api/credentials/${c.credentialId}/baked`);
  t.equal(anon.status, 403);
  t.equal(anon.body.error, 'FORBIDDEN');
  const stranger = await h.get(`/api/credentials/${c.credentialId}/baked`, {
    authorization: `Bearer ${await h.recipientSession('other@example.com')}`,
  });
  t.equal(stranger.status, 403);
  const owner = await h.get(`/api/credentials/${c.credentialId}/baked`, {
    authorization: `Bearer ${await h.recipientSession('Private@Example.com')}`,
  });
  t.equal(owner.status, 200);
  t.equal(owner.headers['cache-control'], 'private, no-store');
  t.equal(owner.headers['vary'], 'Cookie, Authorization');
  const byCookie = await h.get(`/api/credentials/${c.credentialId}/baked`, { cookie: `__Host-session=${await h.recipientSession('private@example.com')}` });
  t.equal(byCookie.status, 200, "the owner's browser session cookie works too");
  t.equal(unbakePng(owner.bytes), JSON.stringify(c.ob3));
  t.equal((await h.get('/api/credentials/CRD-0000000000ZZ/baked')).status, 404);
  t.equal((await h.get('/api/credentials/not-an-id/baked')).status, 404);
  t.equal((await h.get('/api/credentials/%2e%2e/baked')).status, 404);
  t.equal((await h.get(`/o/${issuer.slug}/badges/nope/image.png`)).status, 404);
});

t.test('issuance.badge.image_set: newest wins; hash and type are checked', async (t) => {
  const b = newBadge(issuer, 'ordering');
  const newer = redSquare(20);
  const older = redSquare(30);
  await h.publish('issuance.badge.image_set', badgeImageData(issuer, b, newer), { createdAt: new Date('2026-01-02T00:00:00Z') });
  await h.publish('issuance.badge.image_set', badgeImageData(issuer, b, older), { createdAt: new Date('2026-01-01T00:00:00Z') });
  const row = await h.db('badge_images').where({ badge_id: b.id }).first();
  t.ok(Buffer.from(row.bytes).equals(newer), 'an older event does not overwrite a newer image');

  const { onBadgeImageSet } = await import('../src/events/badge-image-events.js');
  const event = (data: Record<string, unknown>) =>
    ({
      id: 'evt_x',
      type: 'issuance.badge.image_set',
      version: 1,
      createdAt: new Date().toISOString(),
      producer: 'issuance',
      data,
    }) as never;
  const good = badgeImageData(issuer, b, newer);
  for (const [name, data] of [
    ['hash mismatch', { ...good, contentHash: 'a'.repeat(64) }],
    ['unsupported type', { ...good, contentType: 'image/gif' }],
    ['not base64', { ...good, bytesBase64: '!!!!' }],
    ['too large', { ...good, bytesBase64: Buffer.alloc(2 * 1024 * 1024 + 3).toString('base64') }],
  ] as const) {
    await t.rejects(
      h.db.transaction((trx) => onBadgeImageSet(event(data), trx)),
      /issuance\.badge\.image_set/,
      name,
    );
  }
});
