import { rowCodec, upsertNewer, type Knex, type RowOf } from '@cred/db';
import type { Badge } from '../domain/model.js';

/** The read model's columns are the badge's fields (packages/db rows.ts), plus the event's time. */
const columns = rowCodec<Badge>()(
  [
    'id',
    'organizationId',
    'organizationSlug',
    'slug',
    'name',
    'description',
    'criteria',
    'imageUrl',
    'expiresInDays',
    'tags',
    'isActive',
    'createdAt',
    'updatedAt',
    'publicUrl',
    'achievementUrl',
    'achievementType',
    'alignments',
    'resultDescriptions',
  ],
  { json: ['tags', 'alignments', 'resultDescriptions'] },
);
type Row = RowOf<Badge> & { event_at: Date };

/** Rows written before OB 3.0 content (issue 14) hold null there. */
function toDomain(r: Row): Badge {
  const b = columns.fromRow(r);
  return {
    ...b,
    achievementType: b.achievementType ?? null,
    alignments: b.alignments ?? [],
    resultDescriptions: b.resultDescriptions ?? [],
  };
}

export const badgeStore = {
  /** Applies the snapshot unless a newer one is stored already. Returns whether it was applied. */
  async applySnapshot(trx: Knex.Transaction, b: Badge, eventAt: Date): Promise<boolean> {
    return upsertNewer<Row>(
      trx,
      'badges',
      { ...columns.toRow(b), event_at: eventAt },
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
