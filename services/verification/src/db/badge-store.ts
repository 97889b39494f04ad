import { upsertNewer, type Knex } from '@cred/db';
import type { Badge, BadgeAlignment, BadgeResultDescription } from '../domain/model.js';

interface Row {
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
  created_at: Date;
  updated_at: Date;
  public_url: string | null;
  achievement_url: string | null;
  achievement_type: string | null;
  alignments: BadgeAlignment[] | null;
  result_descriptions: BadgeResultDescription[] | null;
  event_at: Date;
}

function toDomain(r: Row): Badge {
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
    tags: r.tags,
    isActive: r.is_active,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publicUrl: r.public_url,
    achievementUrl: r.achievement_url,
    achievementType: r.achievement_type ?? null,
    alignments: r.alignments ?? [],
    resultDescriptions: r.result_descriptions ?? [],
  };
}

export const badgeStore = {
  /** Applies the snapshot unless a newer one is stored already. Returns whether it was applied. */
  async applySnapshot(trx: Knex.Transaction, b: Badge, eventAt: Date): Promise<boolean> {
    return upsertNewer<Row>(
      trx,
      'badges',
      {
        id: b.id,
        organization_id: b.organizationId,
        organization_slug: b.organizationSlug,
        slug: b.slug,
        name: b.name,
        description: b.description,
        criteria: b.criteria,
        image_url: b.imageUrl,
        expires_in_days: b.expiresInDays,
        // knex would send an array as a pg array; jsonb needs text.
        tags: JSON.stringify(b.tags) as unknown as string[],
        is_active: b.isActive,
        created_at: b.createdAt,
        updated_at: b.updatedAt,
        public_url: b.publicUrl,
        achievement_url: b.achievementUrl,
        achievement_type: b.achievementType,
        alignments: JSON.stringify(b.alignments) as unknown as BadgeAlignment[],
        result_descriptions: JSON.stringify(b.resultDescriptions) as unknown as BadgeResultDescription[],
        event_at: eventAt,
      },
      { key: 'id', order: ['event_at', 'updated_at'], replaceEqual: true },
    );
  },

  async findById(db: Knex, id: string): Promise<Badge | undefined> {
    const row = await db<Row>('badges').where({ id }).first();
    return row ? toDomain(row) : undefined;
  },

  /** The badge currently published at /achievements/{orgSlug}/{slug}. */
  async findBySlugs(db: Knex, organizationSlug: string, slug: string): Promise<Badge | undefined> {
    const row = await db<Row>('badges').where({ organization_slug: organizationSlug, slug }).orderBy('event_at', 'desc').first();
    return row ? toDomain(row) : undefined;
  },
};
