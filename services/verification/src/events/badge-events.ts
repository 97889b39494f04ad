import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { readEvent } from '@cred/event-contracts';
import { badgeStore } from '../db/badge-store.js';

export const BADGE_EVENT_TYPES = ['issuance.badge.upserted'];

/**
 * `issuance.badge.upserted` v1: the badge template as it is now (newest event wins). The Open
 * Badges content fields came later as optional fields of v1: absent means none.
 */
export async function onBadgeUpserted(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const { badge: b } = readEvent(event, 'issuance.badge.upserted');
  await badgeStore.applySnapshot(
    trx,
    {
      id: b.id,
      organizationId: b.organizationId,
      organizationSlug: b.organizationSlug,
      slug: b.slug,
      name: b.name,
      description: b.description,
      criteria: b.criteria,
      imageUrl: b.imageUrl,
      expiresInDays: b.expiresInDays,
      tags: b.tags,
      isActive: b.isActive,
      createdAt: new Date(b.createdAt),
      updatedAt: new Date(b.updatedAt ?? b.createdAt),
      publicUrl: b.publicUrl ?? null,
      achievementUrl: b.achievementUrl ?? null,
      achievementType: b.achievementType ?? null,
      alignments: (b.alignments ?? []).map((a) => ({
        targetName: a.targetName,
        targetUrl: a.targetUrl,
        targetFramework: a.targetFramework ?? null,
        targetCode: a.targetCode ?? null,
      })),
      resultDescriptions: (b.resultDescriptions ?? []).map((r) => ({
        id: r.id,
        name: r.name,
        resultType: r.resultType,
        allowedValues: r.allowedValues ?? [],
        requiredValue: r.requiredValue ?? null,
        valueMin: r.valueMin ?? null,
        valueMax: r.valueMax ?? null,
      })),
    },
    new Date(event.createdAt),
  );
}
