import t from 'tap';
import { waitFor } from '@cred/testing';
import { badgeBody, BASE_URL, outboxEvents, patchBody, rejection, startIssuance } from './fixtures/harness.js';
import { badgeInput } from '../../gateway/src/upstream/issuance-input.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('000000010000000108060000001f15c489', 'hex'), Buffer.alloc(16)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946000101', 'hex'), Buffer.alloc(32), Buffer.from('ffd9', 'hex')]);
const SAFE_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c00"/></svg>');

const BADGE_EVENT_KEYS = ['id', 'organizationId', 'organizationSlug', 'slug', 'name', 'description', 'criteria', 'imageUrl', 'expiresInDays', 'tags', 'isActive', 'achievementType', 'alignments', 'resultDescriptions', 'createdAt', 'updatedAt', 'publicUrl', 'achievementUrl'].sort();

/** A message without proto-loader's synthetic oneof keys of `optional` fields (`_field`). */
function fields<T extends object>(message: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(message).filter(([k]) => !k.startsWith('_')));
}

t.test('badge templates over gRPC against real PostgreSQL and RabbitMQ', async (t) => {
  const h = await startIssuance(t);
  const c = h.issuance;
  const org = await h.createOrg();
  const other = await h.createOrg();

  t.test('create: derived, unique and explicit slugs; the SPEC fields', async (t) => {
    const a = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ tags: ['teamwork', 'communication'], expiresInDays: 365 }) });
    t.equal(a.slug, 'team-player');
    t.equal(a.name, 'Team Player');
    t.equal(a.expires_in_days, 365);
    t.same(a.tags, ['teamwork', 'communication']);
    t.equal(a.is_active, true);
    t.equal(a.image_url, undefined, 'no image: null in the API');
    t.match(a.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    t.equal(a.public_url, `${BASE_URL}/o/${org.slug}/badges/team-player`);
    t.equal(a.achievement_url, `${BASE_URL}/achievements/${org.slug}/team-player`);

    const b = await c.CreateBadge({ organization_id: org.id, badge: badgeBody() });
    t.equal(b.slug, 'team-player-2', 'derived slug made unique');
    t.equal(b.expires_in_days, undefined, 'expiresInDays defaults to null');
    const sameInOther = await c.CreateBadge({ organization_id: other.id, badge: badgeBody() });
    t.equal(sameInOther.slug, 'team-player', 'slugs are unique per organization only');

    const clash = await rejection(c.CreateBadge({ organization_id: org.id, badge: badgeBody({ slug: 'team-player' }) }));
    t.equal(clash.code, 'CONFLICT');
    t.equal(clash.details.field, 'slug');
    const explicit = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ slug: 'custom-slug', name: 'Other' }) });
    t.equal(explicit.slug, 'custom-slug');

    // Issuance's own range check (the gateway refuses 0 first, from the body's definition), so the message is built here.
    const invalid = await rejection(c.CreateBadge({ organization_id: org.id, badge: { ...badgeBody(), expires_in_days: { value: 0 } } }));
    t.equal(invalid.code, 'VALIDATION_ERROR');
    t.equal(invalid.details.field, 'expiresInDays');
    t.equal((await rejection(() => c.CreateBadge({ organization_id: org.id, badge: badgeInput([1], 'create') }))).details.field, 'body');
    t.equal((await rejection(() => c.CreateBadge({ organization_id: org.id, badge: badgeInput(JSON.parse('{"__proto__":{"x":1}}'), 'create') }))).code, 'VALIDATION_ERROR');
    const unknownOrg = await rejection(c.CreateBadge({ organization_id: '0f8fad5b-d9cb-469f-a165-70867728950e', badge: badgeBody() }));
    t.equal(unknownOrg.code, 'NOT_FOUND');

    const events = await outboxEvents(h.db, 'issuance.badge.upserted');
    const ev = events.find((e) => e.data.badge.id === a.id)!;
    t.equal(ev.version, 1);
    t.equal(ev.producer, 'issuance');
    t.same(Object.keys(ev.data).sort(), ['badge']);
    t.same(Object.keys(ev.data.badge).sort(), BADGE_EVENT_KEYS);
    t.same(ev.data.badge, {
      id: a.id,
      organizationId: org.id,
      organizationSlug: org.slug,
      slug: 'team-player',
      name: 'Team Player',
      description: 'Works well with others.',
      criteria: 'Nominated by three peers.',
      imageUrl: null,
      expiresInDays: 365,
      tags: ['teamwork', 'communication'],
      isActive: true,
      achievementType: null,
      alignments: [],
      resultDescriptions: [],
      createdAt: a.created_at,
      updatedAt: a.updated_at,
      publicUrl: a.public_url,
      achievementUrl: a.achievement_url,
    });
    await waitFor('relay published the event', () => h.received('issuance.badge.upserted').some((e) => e.data.badge.id === a.id), 10000);
  });

  t.test('Open Badges 3.0 content: achievement type, alignments, result descriptions', async (t) => {
    const alignment = { targetName: 'Collaboration', targetUrl: 'https://example.org/skills/col', targetFramework: 'Skills', targetCode: 'SK-1' };
    const a = await c.CreateBadge({
      organization_id: org.id,
      badge: badgeBody({
        name: 'Rich',
        achievementType: 'Certificate',
        alignments: [alignment, { targetName: 'Bare', targetUrl: 'http://example.org/bare' }],
        resultDescriptions: [{ name: 'Grade', resultType: 'LetterGrade', allowedValues: ['C', 'B', 'A'], requiredValue: 'C' }],
      }),
    });
    t.equal(a.achievement_type, 'Certificate');
    t.same(a.alignments.map(fields), [
      { target_name: 'Collaboration', target_url: 'https://example.org/skills/col', target_framework: 'Skills', target_code: 'SK-1' },
      { target_name: 'Bare', target_url: 'http://example.org/bare' },
    ]);
    t.equal(a.result_descriptions.length, 1);
    const grade = a.result_descriptions[0]!;
    t.match(grade.id, /^urn:uuid:[0-9a-f-]{36}$/, 'a new result description gets an id');
    t.same({ ...fields(grade), id: 'x' }, { id: 'x', name: 'Grade', result_type: 'LetterGrade', allowed_values: ['C', 'B', 'A'], required_value: 'C' });
    const ev = (await outboxEvents(h.db, 'issuance.badge.upserted')).find((e) => e.data.badge.id === a.id)!;
    t.same(ev.data.badge.alignments[0], alignment);
    t.same(ev.data.badge.resultDescriptions, [
      { id: grade.id, name: 'Grade', resultType: 'LetterGrade', allowedValues: ['C', 'B', 'A'], requiredValue: 'C', valueMin: null, valueMax: null },
    ]);
    t.same(ev.data.badge.alignments[1], { targetName: 'Bare', targetUrl: 'http://example.org/bare', targetFramework: null, targetCode: null });

    // A patch replaces the lists whole; ids sent back are kept, and null clears the type.
    const patched = await c.UpdateBadge({
      organization_id: org.id,
      badge_id: a.id,
      badge: patchBody({
        achievementType: null,
        alignments: [],
        resultDescriptions: [{ id: grade.id, name: 'Final grade', resultType: 'LetterGrade', allowedValues: ['B', 'A'] }, { name: 'Score', resultType: 'ext:PeerScore' }],
      }),
    });
    t.equal(patched.achievement_type, undefined);
    t.same(patched.alignments, []);
    t.equal(patched.result_descriptions[0]!.id, grade.id);
    t.equal(patched.result_descriptions[1]!.result_type, 'ext:PeerScore');
    t.same((await c.GetBadge({ organization_id: org.id, badge_id: a.id })).result_descriptions, patched.result_descriptions, 'stored as answered');

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ achievementType: 'Trophy' }, 'achievementType'],
      [{ achievementType: 'ext:with space' }, 'achievementType'],
      [{ alignments: [{ targetName: 'x', targetUrl: 'javascript:alert(1)' }] }, 'alignments[0].targetUrl'],
      [{ alignments: [{ targetUrl: 'https://example.org' }] }, 'alignments[0].targetName'],
      [{ alignments: [{ targetName: 'x', targetUrl: 'https://example.org', colour: 'red' }] }, 'alignments[0].colour'],
      [{ alignments: Array.from({ length: 21 }, () => alignment) }, 'alignments'],
      [{ resultDescriptions: [{ name: 'x', resultType: 'Grade' }] }, 'resultDescriptions[0].resultType'],
      [{ resultDescriptions: [{ id: 'grade', name: 'x', resultType: 'Result' }] }, 'resultDescriptions[0].id'],
      [{ resultDescriptions: [{ id: grade.id, name: 'x', resultType: 'Result' }, { id: grade.id, name: 'y', resultType: 'Result' }] }, 'resultDescriptions[1].id'],
      [{ resultDescriptions: [{ name: 'x', resultType: 'LetterGrade', allowedValues: ['A'], requiredValue: 'B' }] }, 'resultDescriptions[0].requiredValue'],
      [{ resultDescriptions: [{ name: 'x', resultType: 'LetterGrade', allowedValues: ['A', 'A'] }] }, 'resultDescriptions[0].allowedValues'],
    ];
    for (const [body, field] of bad) {
      const err = await rejection(() => c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Bad', ...body }) }));
      t.equal(err.code, 'VALIDATION_ERROR', field);
      t.equal(err.details.field, field, `${JSON.stringify(body).slice(0, 80)} names ${field}`);
    }
  });

  t.test('read and tenancy', async (t) => {
    const a = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Reader' }) });
    t.same((await c.GetBadge({ organization_id: org.id, badge_id: a.id.toUpperCase() })).id, a.id);
    t.equal((await rejection(c.GetBadge({ organization_id: other.id, badge_id: a.id }))).code, 'NOT_FOUND', "another organization's badge is not found");
    t.equal((await rejection(c.GetBadge({ organization_id: org.id, badge_id: 'nope' }))).code, 'NOT_FOUND');
    t.equal((await rejection(c.UpdateBadge({ organization_id: other.id, badge_id: a.id, badge: patchBody({ name: 'x' }) }))).code, 'NOT_FOUND');
    t.equal((await rejection(c.DeleteBadge({ organization_id: other.id, badge_id: a.id }))).code, 'NOT_FOUND');
    t.equal((await rejection(c.SetBadgeImage({ organization_id: other.id, badge_id: a.id, data: PNG, declared_content_type: 'image/png' }))).code, 'NOT_FOUND');
  });

  t.test('list: order, pagination, active filter, exact total, no clamping', async (t) => {
    const o = await h.createOrg();
    // Three badges at the same instant: the id breaks the tie, descending.
    h.clock.freeze(new Date('2030-01-01T00:00:00.000Z'));
    const same = [];
    for (const name of ['S1', 'S2', 'S3']) same.push(await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name }) }));
    h.clock.freeze(new Date('2030-01-02T00:00:00.000Z'));
    const newest = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'Newest', isActive: false }) });
    h.clock.reset();

    const all = await c.ListBadges({ organization_id: o.id, limit: 100, offset: 0 });
    t.equal(all.total, 4);
    const expected = [newest.id, ...same.map((b) => b.id).sort().reverse()];
    t.same(all.badges!.map((b) => b.id), expected, 'createdAt desc, then id desc');
    const page = await c.ListBadges({ organization_id: o.id, limit: 2, offset: 1 });
    t.same(page.badges!.map((b) => b.id), expected.slice(1, 3));
    t.equal(page.total, 4, 'total counts every match, not the page');
    t.equal(page.limit, 2);
    t.equal(page.offset, 1);
    const active = await c.ListBadges({ organization_id: o.id, limit: 50, offset: 0, active: true });
    t.equal(active.total, 3);
    const inactive = await c.ListBadges({ organization_id: o.id, limit: 50, offset: 0, active: false });
    t.same(inactive.badges!.map((b) => b.id), [newest.id]);
    for (const [limit, offset, field] of [[0, 0, 'limit'], [101, 0, 'limit'], [10, -1, 'offset']] as const) {
      const e = await rejection(c.ListBadges({ organization_id: o.id, limit, offset }));
      t.equal(e.code, 'VALIDATION_ERROR');
      t.equal(e.details.field, field);
    }
    t.equal((await c.ListBadges({ organization_id: other.id, limit: 50, offset: 0 })).badges!.every((b) => b.organization_id === other.id), true);
  });

  t.test('patch', async (t) => {
    const a = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Patchable', expiresInDays: 30, tags: ['x'] }) });
    const before = (await outboxEvents(h.db, 'issuance.badge.upserted')).length;
    h.clock.advance(1000);
    const p = await c.UpdateBadge({ organization_id: org.id, badge_id: a.id, badge: patchBody({ name: 'Patched', expiresInDays: null, tags: [] }) });
    t.equal(p.name, 'Patched');
    t.equal(p.slug, a.slug, 'renaming keeps the slug');
    t.equal(p.expires_in_days, undefined);
    t.same(p.tags, []);
    t.equal(p.created_at, a.created_at);
    t.not(p.updated_at, a.updated_at);
    const unchanged = await c.UpdateBadge({ organization_id: org.id, badge_id: a.id, badge: patchBody({}) });
    t.equal(unchanged.updated_at, p.updated_at, 'an empty patch changes nothing');
    t.equal((await outboxEvents(h.db, 'issuance.badge.upserted')).length, before + 1, 'one event for the one change');
    const slug = await c.UpdateBadge({ organization_id: org.id, badge_id: a.id, badge: patchBody({ slug: 'renamed' }) });
    t.equal(slug.public_url, `${BASE_URL}/o/${org.slug}/badges/renamed`, 'slug may change while no credential exists');
    for (const [body, field] of [
      ['{"name":null}', 'name'],
      ['{"id":"x"}', 'id'],
      ['{"nope":1}', 'nope'],
      ['{"tags":"a"}', 'tags'],
      ['{"slug":"team-player"}', undefined],
    ] as const) {
      const e = await rejection(() => c.UpdateBadge({ organization_id: org.id, badge_id: a.id, badge: patchBody(JSON.parse(body)) }));
      if (field) t.equal(e.details.field, field, body);
      else t.same([e.code, e.details.field], ['CONFLICT', 'slug'], 'slug taken');
    }
    h.clock.reset();
  });

  t.test('delete without credentials removes the badge', async (t) => {
    const a = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Doomed' }) });
    await c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: PNG, declared_content_type: 'image/png' });
    const r = await c.DeleteBadge({ organization_id: org.id, badge_id: a.id });
    t.equal(r.deleted, true);
    t.equal(r.badge, null);
    t.equal((await rejection(c.GetBadge({ organization_id: org.id, badge_id: a.id }))).code, 'NOT_FOUND');
    t.equal((await h.db('badge_images').where({ badge_id: a.id })).length, 0, 'its images go with it');
    const [ev] = (await outboxEvents(h.db, 'issuance.badge.deleted')).filter((e) => e.data.badgeId === a.id);
    t.same(ev!.data, { badgeId: a.id, organizationId: org.id, organizationSlug: org.slug, slug: a.slug });
  });

  t.test('images: sniffed type, content-hash URLs, old images kept, unsafe SVG refused', async (t) => {
    const a = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Pictured' }) });
    const png = await c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: PNG, declared_content_type: 'image/png' });
    t.match(png.image_url, new RegExp(`^${BASE_URL}/images/badges/${a.id}/[0-9a-f]{64}\\.png$`));
    const hash = png.image_url!.split('/').pop()!.split('.')[0]!;
    const served = await c.GetBadgeImage({ badge_id: a.id, content_hash: hash, extension: 'png', organization_id: '' });
    t.ok(Buffer.from(served.data).equals(PNG), 'the exact bytes come back');
    t.equal(served.content_type, 'image/png');

    const lied = await c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: JPEG, declared_content_type: 'image/png' });
    t.match(lied.image_url, /\.jpg$/, 'the bytes decide the type, not the declaration');
    const old = await c.GetBadgeImage({ badge_id: a.id, content_hash: hash, extension: 'png', organization_id: '' });
    t.ok(Buffer.from(old.data).equals(PNG), 'a replaced image stays available (issued credentials name it)');
    t.equal((await rejection(c.GetBadgeImage({ badge_id: a.id, content_hash: hash, extension: 'jpg', organization_id: '' }))).code, 'NOT_FOUND', 'wrong extension');
    t.equal((await rejection(c.GetBadgeImage({ badge_id: a.id, content_hash: hash, extension: 'png', organization_id: other.id }))).code, 'NOT_FOUND');

    const svg = await c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: SAFE_SVG, declared_content_type: 'image/svg+xml' });
    t.match(svg.image_url, /\.svg$/);
    const bad = await rejection(
      c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), declared_content_type: 'image/svg+xml' }),
    );
    t.equal(bad.code, 'VALIDATION_ERROR');
    t.equal(bad.details.field, 'image');
    t.match(bad.message, /script/);
    const gif = await rejection(c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: Buffer.from('GIF89a\x01\x00\x01\x00'), declared_content_type: 'image/png' }));
    t.equal(gif.details.field, 'image');
    const big = await rejection(c.SetBadgeImage({ organization_id: org.id, badge_id: a.id, data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), declared_content_type: 'image/png' }));
    t.equal(big.code, 'PAYLOAD_TOO_LARGE');
    t.equal((await c.GetBadge({ organization_id: org.id, badge_id: a.id })).image_url, svg.image_url, 'refused uploads change nothing');
    const imageEvents = (await outboxEvents(h.db, 'issuance.badge.upserted')).filter((e) => e.data.badge.id === a.id);
    t.equal(imageEvents.at(-1)!.data.badge.imageUrl, svg.image_url, 'image change announced');
  });
});

