import { isUniqueViolation } from '@cred/db';
import { writeOutbox } from '@cred/events';
import { AppError, newUuid } from '@cred/runtime';
import { badgeStore } from '../db/badge-store.js';
import { credentialStore } from '../db/credential-store.js';
import {
  badgeView,
  nextFreeSlug,
  slugify,
  trimBase,
  validateBadgeCreate,
  validateBadgePatch,
  type Badge,
  type BadgeBody,
} from '../domain/badge.js';
import { checkImage, IMAGE_CONTENT_TYPES, type ImageKind } from '../domain/image.js';
import { checkPage } from '../domain/page.js';
import { checkUuid } from '../domain/text.js';
import { badgeDeleted, badgeImageSet, badgeUpserted } from '../events/issuance-events.js';
import type { CallMeta, IssuanceContext } from './context.js';
import { audit, auditActor } from './audit.js';
import { requireActorPermission } from './actor-permission.js';
import { keyedOnce, keyedRequest, markReplay, type GivenKey, type Keyed } from './keyed-effects.js';

const SLUG_CONSTRAINT = 'badges_organization_id_slug_unique';
const slugTaken = (slug: string) => AppError.conflict(`The slug "${slug}" is already used by another badge of this organization`, { field: 'slug' });

async function findOrThrow(db: IssuanceContext['db'], organizationId: string, badgeId: string, lock: 'none' | 'update' = 'none'): Promise<Badge> {
  const badge = await badgeStore.find(db, organizationId, checkUuid(badgeId, 'badgeId', true), lock);
  if (!badge) throw AppError.notFound('Badge not found');
  return badge;
}

/** A badge as an Idempotency-Key record stores it (JSON: dates as ISO strings). */
function revivedBadge(stored: unknown): Badge {
  const b = stored as Badge & { createdAt: string; updatedAt: string };
  return { ...b, createdAt: new Date(b.createdAt), updatedAt: new Date(b.updatedAt) };
}

/**
 * Creates a badge template; the slug is derived from the name (made unique) unless given.
 * With an Idempotency-Key (docs/decisions.md "Idempotency-Key") the key is claimed first in the
 * creating transaction and the badge stored as its answer there: a retry gets that badge back
 * (`idempotentReplay`) and creates nothing.
 */
export async function createBadge(
  ctx: IssuanceContext,
  organizationId: string,
  body: BadgeBody,
  meta: CallMeta,
  idempotency?: GivenKey,
): Promise<Keyed<Badge>> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const keyed = keyedRequest('badges.create', orgId, idempotency);
  await requireActorPermission(ctx, orgId, meta.actor, 'badges.manage', meta);
  const input = validateBadgeCreate(body);
  const org = await ctx.organizations.get(ctx, orgId, meta);
  const base = input.slug ?? slugify(input.name);
  // A derived slug races other creates for the same name: take the next free one and retry.
  for (let attempt = 0; ; attempt++) {
    const slug = input.slug ?? nextFreeSlug(base, await badgeStore.slugsLike(ctx.db, orgId, base));
    const now = ctx.clock.now();
    const badge: Badge = { ...input, slug, id: newUuid(), organizationId: orgId, organizationSlug: org.slug, createdAt: now, updatedAt: now };
    try {
      const result = await ctx.db.transaction((trx) =>
        keyedOnce(
          trx,
          keyed,
          now,
          async () => {
            await badgeStore.insert(trx, badge);
            await writeOutbox(trx, ctx.schema, badgeUpserted(badgeView(badge, ctx.baseUrl), ctx.clock));
            await audit(trx, ctx.schema, meta, {
              organizationId: orgId,
              occurredAt: now,
              actor: auditActor(meta.actor),
              action: 'badge.created',
              targetType: 'badge',
              targetId: badge.id,
              details: { name: badge.name, slug: badge.slug },
            });
            return badge;
          },
          revivedBadge,
        ),
      );
      if (!result.replayed) ctx.wakeRelay();
      return markReplay(result);
    } catch (err) {
      if (!isUniqueViolation(err, SLUG_CONSTRAINT)) throw err;
      if (input.slug !== undefined || attempt >= 5) throw slugTaken(slug);
    }
  }
}

export async function getBadge(ctx: IssuanceContext, organizationId: string, badgeId: string): Promise<Badge> {
  return findOrThrow(ctx.db, checkUuid(organizationId, 'organization_id', true), badgeId);
}

export async function listBadges(ctx: IssuanceContext, organizationId: string, query: { limit: number; offset: number; active?: boolean }) {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const page = checkPage(query.limit, query.offset);
  const { items, total } = await badgeStore.list(ctx.db, orgId, { ...page, ...(query.active === undefined ? {} : { active: query.active }) });
  return { items, total, ...page };
}

/** Changes the given fields. The slug is frozen once credentials exist: it is part of their signed achievement id. */
export async function updateBadge(ctx: IssuanceContext, organizationId: string, badgeId: string, body: BadgeBody, meta: CallMeta = {}): Promise<Badge> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const id = checkUuid(badgeId, 'badgeId', true);
  await requireActorPermission(ctx, orgId, meta.actor, 'badges.manage', meta);
  const patch = validateBadgePatch(body);
  try {
    const updated = await ctx.db.transaction(async (trx) => {
      const badge = await findOrThrow(trx, orgId, id, 'update');
      if (Object.keys(patch).length === 0) return undefined;
      if (patch.slug !== undefined && patch.slug !== badge.slug && (await credentialStore.badgeHasCredentials(trx, id))) {
        throw AppError.conflict('The slug cannot change once credentials have been issued from the badge (it is part of their achievement URL)', { field: 'slug' });
      }
      const next = await badgeStore.update(trx, orgId, id, patch, ctx.clock.now());
      await writeOutbox(trx, ctx.schema, badgeUpserted(badgeView(next, ctx.baseUrl), ctx.clock));
      await audit(trx, ctx.schema, meta, {
        organizationId: orgId,
        occurredAt: ctx.clock.now(),
        actor: auditActor(meta.actor),
        action: 'badge.updated',
        targetType: 'badge',
        targetId: id,
        // The names of the fields changed, not their values (a description can be long).
        details: { name: next.name, fields: Object.keys(patch).sort() },
      });
      return next;
    });
    if (!updated) return await findOrThrow(ctx.db, orgId, id);
    ctx.wakeRelay();
    return updated;
  } catch (err) {
    if (isUniqueViolation(err, SLUG_CONSTRAINT)) throw slugTaken(patch.slug ?? '');
    throw err;
  }
}

/** Deletes a badge without credentials; one with credentials is deactivated instead (docs/contract.md "Authentication and access"). */
export async function deleteBadge(ctx: IssuanceContext, organizationId: string, badgeId: string, meta: CallMeta = {}): Promise<{ deleted: true } | { deleted: false; badge: Badge }> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const id = checkUuid(badgeId, 'badgeId', true);
  await requireActorPermission(ctx, orgId, meta.actor, 'badges.manage', meta);
  const result = await ctx.db.transaction(async (trx) => {
    // FOR UPDATE waits for issues in flight (they hold KEY SHARE), so their credentials are counted.
    const badge = await findOrThrow(trx, orgId, id, 'update');
    if (await credentialStore.badgeHasCredentials(trx, id)) {
      if (!badge.isActive) return { deleted: false as const, badge, changed: false };
      const next = await badgeStore.update(trx, orgId, id, { isActive: false }, ctx.clock.now());
      await writeOutbox(trx, ctx.schema, badgeUpserted(badgeView(next, ctx.baseUrl), ctx.clock));
      await audit(trx, ctx.schema, meta, {
        organizationId: orgId,
        occurredAt: ctx.clock.now(),
        actor: auditActor(meta.actor),
        action: 'badge.deactivated',
        targetType: 'badge',
        targetId: id,
        details: { name: badge.name, reason: 'delete requested; the badge has credentials' },
      });
      return { deleted: false as const, badge: next, changed: true };
    }
    await badgeStore.delete(trx, orgId, id);
    await audit(trx, ctx.schema, meta, {
      organizationId: orgId,
      occurredAt: ctx.clock.now(),
      actor: auditActor(meta.actor),
      action: 'badge.deleted',
      targetType: 'badge',
      targetId: id,
      details: { name: badge.name, slug: badge.slug },
    });
    await writeOutbox(trx, ctx.schema, badgeDeleted({ badgeId: id, organizationId: orgId, organizationSlug: badge.organizationSlug, slug: badge.slug }, ctx.clock));
    return { deleted: true as const, changed: true };
  });
  if (result.changed) ctx.wakeRelay();
  return result.deleted ? { deleted: true } : { deleted: false, badge: result.badge };
}

export function badgeImageUrl(baseUrl: string, badgeId: string, contentHash: string, kind: ImageKind): string {
  return `${trimBase(baseUrl)}/images/badges/${badgeId}/${contentHash}.${kind}`;
}

/**
 * Stores an uploaded image and points the badge at it. The bytes decide the type; the
 * declared type is only logged when it disagrees. With an Idempotency-Key the answer is kept
 * with the change, as for createBadge.
 */
export async function setBadgeImage(
  ctx: IssuanceContext,
  organizationId: string,
  badgeId: string,
  data: Buffer,
  declaredContentType: string,
  meta: CallMeta = {},
  idempotency?: GivenKey,
): Promise<Keyed<Badge>> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const id = checkUuid(badgeId, 'badgeId', true);
  const keyed = keyedRequest('badges.image', orgId, idempotency);
  await requireActorPermission(ctx, orgId, meta.actor, 'badges.manage', meta);
  const image = checkImage(data);
  if (declaredContentType && declaredContentType.split(';')[0]?.trim().toLowerCase() !== image.contentType) {
    ctx.logger.debug({ badgeId: id, sniffed: image.contentType }, 'declared image type differs from the bytes; using the bytes');
  }
  const now = ctx.clock.now();
  const result = await ctx.db.transaction((trx) =>
    keyedOnce(
      trx,
      keyed,
      now,
      async () => {
        await findOrThrow(trx, orgId, id, 'update');
        await badgeStore.insertImage(trx, { badgeId: id, contentHash: image.contentHash, extension: image.kind, contentType: image.contentType, data: image.data }, now);
        const next = await badgeStore.update(trx, orgId, id, { imageUrl: badgeImageUrl(ctx.baseUrl, id, image.contentHash, image.kind) }, now);
        await writeOutbox(trx, ctx.schema, [
          badgeImageSet(
            { badgeId: id, organizationId: orgId, contentType: image.contentType, contentHash: image.contentHash, bytesBase64: image.data.toString('base64') },
            ctx.clock,
          ),
          badgeUpserted(badgeView(next, ctx.baseUrl), ctx.clock),
        ]);
        await audit(trx, ctx.schema, meta, {
          organizationId: orgId,
          occurredAt: now,
          actor: auditActor(meta.actor),
          action: 'badge.image_changed',
          targetType: 'badge',
          targetId: id,
          details: { name: next.name, contentType: image.contentType, bytes: image.data.length },
        });
        return next;
      },
      revivedBadge,
    ),
  );
  if (!result.replayed) ctx.wakeRelay();
  return markReplay(result);
}

const HASH_RE = /^[0-9a-f]{64}$/;

/** The public image behind an image URL; anything malformed names nothing (NOT_FOUND). */
export async function getBadgeImage(ctx: IssuanceContext, q: { badgeId: string; contentHash: string; extension: string; organizationId?: string }) {
  const badgeId = checkUuid(q.badgeId, 'badgeId', true);
  if (!HASH_RE.test(q.contentHash) || !Object.hasOwn(IMAGE_CONTENT_TYPES, q.extension)) throw AppError.notFound('Image not found');
  const orgId = q.organizationId ? checkUuid(q.organizationId, 'organization_id', true) : undefined;
  const image = await badgeStore.findImage(ctx.db, badgeId, q.contentHash, q.extension, orgId);
  if (!image) throw AppError.notFound('Image not found');
  return image;
}
