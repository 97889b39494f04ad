// Idempotency-Key records issuance keeps for badge creation, badge image upload and signing-key
// rotation (docs/decisions.md "Idempotency-Key", ADR 0013), scoped `badges.create:<org>`,
// `badges.image:<org>` and `signing-keys.rotate:<org>`: the record is written in the effect's
// transaction, so a retry after the effect committed gets the stored answer and nothing happens
// again, another request under the key is 422, a key in flight 409, a failed effect leaves the
// key free, and keys are per organization and per operation.
import { createHash } from 'node:crypto';
import t from 'tap';
import type { Knex } from '@cred/db';
import { claimKey } from '@cred/idempotency';
import { badgeBody, outboxEvents, patchBody, rejection, startIssuance } from './fixtures/harness.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('000000010000000108060000001f15c489', 'hex'), Buffer.alloc(16)]);
const PNG_OTHER = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('000000020000000208060000001f15c489', 'hex'), Buffer.alloc(16)]);

// The gateway's part: a fingerprint of what the request asks for.
const fingerprint = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

/** Holds a key in a transaction as a running effect does, until `release()`; the holder stores nothing. */
async function holdKey(db: Knex, scope: string, key: string, fp: string, now: Date) {
  let release: () => void = () => undefined;
  let held: () => void = () => undefined;
  const holding = new Promise<void>((r) => (held = r));
  const done = db
    .transaction(async (trx) => {
      await claimKey(trx, { scope, key, fingerprint: fp }, now);
      held();
      await new Promise<void>((r) => (release = r));
      throw new Error('rolled back on purpose');
    })
    .catch(() => undefined);
  await holding;
  return async () => {
    release();
    await done;
  };
}

t.test('Idempotency-Key records of badges and signing-key rotation (real PostgreSQL, signing and accounts)', async (t) => {
  const h = await startIssuance(t);
  const c = h.issuance;
  const org = await h.createOrg({ name: 'Keyed Academy' });
  const badgesNamed = async (name: string, orgId = org.id) => h.db('badges').where({ organization_id: orgId, name });
  const records = async (key: string) => h.db('idempotency_records').where({ key });

  t.test('CreateBadge: a repeated key answers the badge it created, and creates nothing', async (t) => {
    const body = badgeBody({ name: 'Keyed Once' });
    const create = (key: string, b = body) => c.CreateBadge({ organization_id: org.id, badge: b, idempotency: { key, fingerprint: fingerprint(b) } });
    const first = await create('k-create');
    t.notOk(first.idempotent_replay, 'the first call creates');
    const again = await create('k-create');
    t.ok(again.idempotent_replay, 'the retry is a replay');
    t.same({ ...again, idempotent_replay: false }, first, 'every field as the first call answered');
    t.equal((await badgesNamed('Keyed Once')).length, 1, 'one badge row');
    t.equal((await outboxEvents(h.db, 'issuance.badge.upserted')).filter((e) => e.data.badge.id === first.id).length, 1, 'one event');
    t.equal((await h.db('audit_log').where({ action: 'badge.created', target_id: first.id })).length, 1, 'one audit entry');
    t.same(
      (await records('k-create')).map((r: { scope: string }) => r.scope),
      [`badges.create:${org.id}`],
      'the record is scoped to the operation and organization',
    );

    // The stored answer, not the badge as it is now.
    await c.UpdateBadge({ organization_id: org.id, badge_id: first.id, badge: patchBody({ description: 'Changed since.' }) });
    const later = await create('k-create');
    t.equal(later.description, first.description, 'the replay is the answer the first call got');

    const other = await rejection(create('k-create', badgeBody({ name: 'Keyed Twice' })));
    t.same([other.code, other.details.field], ['UNPROCESSABLE', 'Idempotency-Key'], 'another body under the key is refused');
    t.equal((await badgesNamed('Keyed Twice')).length, 0, 'and creates nothing');
  });

  t.test('CreateBadge: concurrent calls with one key create one badge; the others answer it or 409', async (t) => {
    const body = badgeBody({ name: 'Keyed Race' });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => c.CreateBadge({ organization_id: org.id, badge: body, idempotency: { key: 'k-create-race', fingerprint: fingerprint(body) } })),
    );
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof c.CreateBadge>>> => r.status === 'fulfilled').map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { code: string; details: Record<string, unknown> });
    for (const r of refused) t.match(r, { code: 'CONFLICT', details: { field: 'Idempotency-Key' } }, 'a refusal is the in-flight 409');
    t.ok(ok.length >= 1, 'at least one answered');
    t.equal(new Set(ok.map((b) => b.id)).size, 1, 'one badge among the answers');
    t.equal(ok.filter((b) => !b.idempotent_replay).length, 1, 'created by exactly one of them');
    t.equal((await badgesNamed('Keyed Race')).length, 1, 'one badge row');
  });

  t.test('CreateBadge: a key held by a running create is 409 at once; a failed create leaves the key free', async (t) => {
    const body = badgeBody({ name: 'Keyed Held', slug: 'keyed-held' });
    const fp = fingerprint(body);
    const release = await holdKey(h.db, `badges.create:${org.id}`, 'k-create-held', fp, h.clock.now());
    const refused = await rejection(c.CreateBadge({ organization_id: org.id, badge: body, idempotency: { key: 'k-create-held', fingerprint: fp } }));
    t.same([refused.code, refused.details.field], ['CONFLICT', 'Idempotency-Key']);
    t.equal((await badgesNamed('Keyed Held')).length, 0, 'nothing created');
    await release();

    // The slug is taken: the create fails in its transaction, and the key with it.
    await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Slug Owner', slug: 'keyed-taken' }) });
    const taken = badgeBody({ name: 'Keyed Failing', slug: 'keyed-taken' });
    const failed = await rejection(c.CreateBadge({ organization_id: org.id, badge: taken, idempotency: { key: 'k-create-fail', fingerprint: fingerprint(taken) } }));
    t.equal(failed.code, 'CONFLICT', 'the slug conflict');
    t.equal((await records('k-create-fail')).length, 0, 'no record');
    const corrected = badgeBody({ name: 'Keyed Failing', slug: 'keyed-free' });
    const ok = await c.CreateBadge({ organization_id: org.id, badge: corrected, idempotency: { key: 'k-create-fail', fingerprint: fingerprint(corrected) } });
    t.notOk(ok.idempotent_replay, 'the corrected request creates under the same key');
    t.equal((await badgesNamed('Keyed Failing')).length, 1);
  });

  t.test('CreateBadge: keys are per organization; a malformed key is a validation error', async (t) => {
    const other = await h.createOrg({ name: 'Other Keyed Academy' });
    const body = badgeBody({ name: 'Shared Key' });
    const idempotency = { key: 'k-shared', fingerprint: fingerprint(body) };
    const mine = await c.CreateBadge({ organization_id: org.id, badge: body, idempotency });
    const theirs = await c.CreateBadge({ organization_id: other.id, badge: body, idempotency });
    t.notOk(theirs.idempotent_replay, 'the same key in another organization binds nothing');
    t.not(theirs.id, mine.id);
    const bad = await rejection(c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Bad Key' }), idempotency: { key: 'has spaces', fingerprint: 'x' } }));
    t.equal(bad.code, 'VALIDATION_ERROR');
    t.equal((await badgesNamed('Bad Key')).length, 0);
  });

  t.test('SetBadgeImage: a repeated key answers the first upload and changes nothing', async (t) => {
    const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Pictured' }) });
    const upload = (key: string, data: Buffer, badgeId = badge.id) =>
      c.SetBadgeImage({ organization_id: org.id, badge_id: badgeId, data, declared_content_type: 'image/png', idempotency: { key, fingerprint: fingerprint(badgeId, data.toString('base64')) } });
    const first = await upload('k-image', PNG);
    t.notOk(first.idempotent_replay);
    // Another image since, without a key; the retry must not put the first one back.
    const second = await c.SetBadgeImage({ organization_id: org.id, badge_id: badge.id, data: PNG_OTHER, declared_content_type: 'image/png' });
    t.not(second.image_url, first.image_url);
    const again = await upload('k-image', PNG);
    t.ok(again.idempotent_replay, 'the retry is a replay');
    t.same({ ...again, idempotent_replay: false }, first, 'the answer the first upload got');
    t.equal((await c.GetBadge({ organization_id: org.id, badge_id: badge.id })).image_url, second.image_url, 'the badge keeps its latest image');
    t.equal((await h.db('audit_log').where({ action: 'badge.image_changed', target_id: badge.id })).length, 2, 'two uploads done, not three');
    t.same((await records('k-image')).map((r: { scope: string }) => r.scope), [`badges.image:${org.id}`]);

    const other = await rejection(upload('k-image', PNG_OTHER));
    t.same([other.code, other.details.field], ['UNPROCESSABLE', 'Idempotency-Key'], 'other bytes under the key');

    const missing = await rejection(upload('k-image-fail', PNG, '00000000-0000-4000-8000-000000000000'));
    t.equal(missing.code, 'NOT_FOUND', 'a failed upload');
    t.equal((await records('k-image-fail')).length, 0, 'leaves no record');
  });

  t.test('RotateSigningKey: a repeated key answers the first rotation and rotates once', async (t) => {
    const keysOf = async () => (await c.ListSigningKeys({ organization_id: org.id })).keys ?? [];
    const before = (await keysOf()).length;
    const rotate = (key: string, fp = fingerprint('rotate')) =>
      c.RotateSigningKey({ organization_id: org.id, organization_slug: org.slug, requested_by: 'test', idempotency: { key, fingerprint: fp } });
    const first = await rotate('k-rotate');
    t.notOk(first.idempotent_replay);
    t.equal(first.rotated, true);
    const again = await rotate('k-rotate');
    t.ok(again.idempotent_replay, 'the retry is a replay');
    t.same({ ...again, idempotent_replay: false }, first, 'the change the first call answered');
    t.equal((await keysOf()).length, before + 1, 'one key added, not two');
    t.equal((await h.db('audit_log').where({ action: 'signing_key.rotated', organization_id: org.id })).length, 1, 'one audit entry');
    t.same((await records('k-rotate')).map((r: { scope: string }) => r.scope), [`signing-keys.rotate:${org.id}`]);
    t.equal((await rejection(rotate('k-rotate', fingerprint('something else')))).code, 'UNPROCESSABLE');

    const results = await Promise.allSettled(Array.from({ length: 4 }, () => rotate('k-rotate-race')));
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof c.RotateSigningKey>>> => r.status === 'fulfilled').map((r) => r.value);
    for (const r of results) if (r.status === 'rejected') t.match(r.reason, { code: 'CONFLICT', details: { field: 'Idempotency-Key' } });
    t.equal(ok.filter((r) => !r.idempotent_replay).length, 1, 'a burst rotates exactly once');
    t.equal((await keysOf()).length, before + 2);

    const held = await holdKey(h.db, `signing-keys.rotate:${org.id}`, 'k-rotate-held', fingerprint('rotate'), h.clock.now());
    const refused = await rejection(rotate('k-rotate-held'));
    t.same([refused.code, refused.details.field], ['CONFLICT', 'Idempotency-Key'], 'a key held by a running rotation');
    await held();
    t.equal((await keysOf()).length, before + 2, 'nothing rotated while held');
  });

  t.test('RotateSigningKey: a rotation that fails stores nothing', async (t) => {
    const keyless = await h.createOrg({ name: 'Keyless Academy', keys: false });
    const rotate = () =>
      c.RotateSigningKey({ organization_id: keyless.id, organization_slug: keyless.slug, requested_by: 'test', idempotency: { key: 'k-rotate-fail', fingerprint: fingerprint('rotate') } });
    const failed = await rejection(rotate());
    t.not(failed.code, 'CONFLICT', `refused by signing (${failed.code})`);
    t.equal((await records('k-rotate-fail')).length, 0, 'no record: the key is free');
    await c.GenerateSigningKeys({ organization_id: keyless.id, organization_slug: keyless.slug, requested_by: 'test' });
    const ok = await rotate();
    t.notOk(ok.idempotent_replay, 'the retry rotates');
    t.equal(ok.key?.sequence, 2);
  });
});
