import { upsertNewer, type Knex } from '@cred/db';

export const BADGE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type BadgeImageType = (typeof BADGE_IMAGE_TYPES)[number];

export interface BadgeImage {
  badgeId: string;
  organizationId: string;
  contentType: BadgeImageType;
  /** sha256 hex of `bytes`. */
  contentHash: string;
  bytes: Buffer;
}

interface Row {
  badge_id: string;
  organization_id: string;
  content_type: string;
  content_hash: string;
  bytes: Buffer;
  event_at: Date;
}

export const badgeImageStore = {
  /** Stores the image unless a newer event already set one. Returns whether it was applied. */
  async apply(trx: Knex.Transaction, image: BadgeImage, eventAt: Date): Promise<boolean> {
    return upsertNewer<Row>(
      trx,
      'badge_images',
      {
        badge_id: image.badgeId,
        organization_id: image.organizationId,
        content_type: image.contentType,
        content_hash: image.contentHash,
        bytes: image.bytes,
        event_at: eventAt,
      },
      { key: 'badge_id', order: ['event_at'], replaceEqual: true },
    );
  },

  /** Only the hash: cheap enough for every request (the bytes are read on a cache miss). */
  async findHash(db: Knex, badgeId: string): Promise<{ contentHash: string; contentType: BadgeImageType } | undefined> {
    const row = await db<Row>('badge_images').select('content_hash', 'content_type').where({ badge_id: badgeId }).first();
    return row ? { contentHash: row.content_hash, contentType: row.content_type as BadgeImageType } : undefined;
  },

  async find(db: Knex, badgeId: string): Promise<BadgeImage | undefined> {
    const row = await db<Row>('badge_images').where({ badge_id: badgeId }).first();
    return row
      ? {
          badgeId: row.badge_id,
          organizationId: row.organization_id,
          contentType: row.content_type as BadgeImageType,
          contentHash: row.content_hash,
          bytes: row.bytes,
        }
      : undefined;
  },
};
