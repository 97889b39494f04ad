import type { Knex } from '@cred/db';
import type { Badge, BadgeFields } from '../domain/badge.js';
import type { BadgeAlignment, BadgeResultDescription } from '../domain/content.js';
import type { ImageKind } from '../domain/image.js';

export interface BadgeRow {
  id: string;
  organization_id: string;
  organization_slug: string;
  slug: string;
  name: string;
  description: string;
  criteria: string;
  image_url: string | null;
  expires_in_days: number | null;
  tags: string[];
  is_active: boolean;
  achievement_type: string | null;
  alignments: BadgeAlignment[] | null;
  result_descriptions: BadgeResultDescription[] | null;
  created_at: Date;
  updated_at: Date;
}

interface ImageRow {
  badge_id: string;
  content_hash: string;
  extension: string;
  content_type: string;
  data: Buffer;
  byte_size: number;
  created_at: Date;
}

export interface StoredImage {
  badgeId: string;
  contentHash: string;
  extension: ImageKind;
  contentType: string;
  data: Buffer;
}

export function toBadge(r: BadgeRow): Badge {
  return {
    id: r.id,
    organizationId: r.organization_id,
    organizationSlug: r.organization_slug,
    slug: r.slug,
    name: r.name,
    description: r.description,
    criteria: r.criteria,
    imageUrl: r.image_url,
    expiresInDays: r.expires_in_days,
    tags: r.tags ?? [],
    isActive: r.is_active,
    achievementType: r.achievement_type ?? null,
    alignments: r.alignments ?? [],
    resultDescriptions: r.result_descriptions ?? [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const COLUMNS: { [K in keyof BadgeFields]: keyof BadgeRow } = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  criteria: 'criteria',
  imageUrl: 'image_url',
  expiresInDays: 'expires_in_days',
  tags: 'tags',
  isActive: 'is_active',
  achievementType: 'achievement_type',
  alignments: 'alignments',
  resultDescriptions: 'result_descriptions',
};

/** jsonb columns get their JSON text: knex would send a JS array as a PostgreSQL array. */
const JSON_COLUMNS = new Set<string>(['alignments', 'result_descriptions']);

export type RowLock = 'none' | 'key share' | 'update';

/** The only SQL on badges and their images. Every lookup is scoped by organization. */
export const badgeStore = {
  async insert(trx: Knex.Transaction, b: Badge): Promise<void> {
    await trx<BadgeRow>('badges').insert({
      id: b.id,
      organization_id: b.organizationId,
      organization_slug: b.organizationSlug,
      slug: b.slug,
      name: b.name,
      description: b.description,
      criteria: b.criteria,
      image_url: b.imageUrl,
      expires_in_days: b.expiresInDays,
      tags: b.tags,
      is_active: b.isActive,
      achievement_type: b.achievementType,
      alignments: JSON.stringify(b.alignments) as unknown as BadgeAlignment[],
      result_descriptions: JSON.stringify(b.resultDescriptions) as unknown as BadgeResultDescription[],
      created_at: b.createdAt,
      updated_at: b.updatedAt,
    });
  },

  async find(db: Knex, organizationId: string, id: string, lock: RowLock = 'none'): Promise<Badge | undefined> {
    let q = db<BadgeRow>('badges').where({ id, organization_id: organizationId }).first();
    if (lock === 'key share') q = q.forKeyShare();
    if (lock === 'update') q = q.forUpdate();
    const r = await q;
    return r ? toBadge(r as BadgeRow) : undefined;
  },

  /** Slugs of the organization equal to `base` or of the form `base-N` (to derive a free one). */
  async slugsLike(db: Knex, organizationId: string, base: string): Promise<Set<string>> {
    const rows = await db<BadgeRow>('badges')
      .where({ organization_id: organizationId })
      .andWhere((q) => q.where('slug', base).orWhereRaw('slug ~ ?', [`^${base}-[0-9]+$`]))
      .select('slug');
    return new Set(rows.map((r) => r.slug));
  },

  async list(db: Knex, organizationId: string, page: { limit: number; offset: number; active?: boolean }): Promise<{ items: Badge[]; total: number }> {
    const base = () => {
      const q = db<BadgeRow>('badges').where({ organization_id: organizationId });
      return page.active === undefined ? q : q.andWhere({ is_active: page.active });
    };
    const [rows, count] = await Promise.all([
      base().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(page.limit).offset(page.offset),
      base().count<{ count: string | number }[]>({ count: '*' }),
    ]);
    return { items: (rows as BadgeRow[]).map(toBadge), total: Number(count[0]?.count ?? 0) };
  },

  async update(trx: Knex.Transaction, organizationId: string, id: string, fields: Partial<BadgeFields>, updatedAt: Date): Promise<Badge> {
    const row: Record<string, unknown> = { updated_at: updatedAt };
    for (const [key, value] of Object.entries(fields)) {
      const column = COLUMNS[key as keyof BadgeFields];
      if (column) row[column] = JSON_COLUMNS.has(column) ? JSON.stringify(value) : value;
    }
    const [r] = await trx<BadgeRow>('badges').where({ id, organization_id: organizationId }).update(row).returning('*');
    if (!r) throw new Error(`badge ${id} vanished during update`);
    return toBadge(r as BadgeRow);
  },

  async delete(trx: Knex.Transaction, organizationId: string, id: string): Promise<void> {
    await trx('badges').where({ id, organization_id: organizationId }).delete();
  },

  /** Stores an image once per content (the same upload twice is one row). */
  async insertImage(trx: Knex.Transaction, image: StoredImage, createdAt: Date): Promise<void> {
    await trx<ImageRow>('badge_images')
      .insert({
        badge_id: image.badgeId,
        content_hash: image.contentHash,
        extension: image.extension,
        content_type: image.contentType,
        data: image.data,
        byte_size: image.data.length,
        created_at: createdAt,
      })
      .onConflict(['badge_id', 'content_hash'])
      .ignore();
  },

  /** An image by its public name; `organizationId` narrows it when the caller has one. */
  async findImage(db: Knex, badgeId: string, contentHash: string, extension: string, organizationId?: string): Promise<StoredImage | undefined> {
    const q = db<ImageRow>('badge_images as i')
      .join('badges as b', 'b.id', 'i.badge_id')
      .where({ 'i.badge_id': badgeId, 'i.content_hash': contentHash, 'i.extension': extension })
      .first('i.badge_id', 'i.content_hash', 'i.extension', 'i.content_type', 'i.data');
    if (organizationId) q.andWhere('b.organization_id', organizationId);
    const r = (await q) as ImageRow | undefined;
    return r ? { badgeId: r.badge_id, contentHash: r.content_hash, extension: r.extension as ImageKind, contentType: r.content_type, data: r.data } : undefined;
  },
};
