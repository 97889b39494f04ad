import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { badgeStore } from '../db/badge-store.js';
import type { BadgeAlignment, BadgeResultDescription } from '../domain/model.js';
import { PayloadReader, requireVersion } from './payload.js';

/** Items of an optional array of objects (absent in events from before issue 14: empty). */
function items(eventType: string, b: PayloadReader, field: string): PayloadReader[] {
  const v = b.raw(field);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) b.fail(field, 'must be an array');
  return (v as unknown[]).map((item, i) => PayloadReader.of(eventType, item, `data.badge.${field}[${i}]`));
}

export const BADGE_EVENT_TYPES = ['issuance.badge.upserted'];

/** `issuance.badge.upserted` v1: the badge template as it is now (newest event wins). */
export async function onBadgeUpserted(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  requireVersion(event, [1]);
  const b = PayloadReader.of(event.type, event.data).object('badge');
  await badgeStore.applySnapshot(
    trx,
    {
      id: b.string('id'),
      organizationId: b.string('organizationId'),
      organizationSlug: b.string('organizationSlug'),
      slug: b.string('slug'),
      name: b.string('name'),
      description: b.text('description'),
      criteria: b.text('criteria'),
      imageUrl: b.optionalString('imageUrl'),
      expiresInDays: b.optionalInteger('expiresInDays'),
      tags: b.stringArray('tags'),
      isActive: b.boolean('isActive'),
      createdAt: b.date('createdAt'),
      updatedAt: b.optionalDate('updatedAt') ?? b.date('createdAt'),
      publicUrl: b.optionalString('publicUrl'),
      achievementUrl: b.optionalString('achievementUrl'),
      achievementType: b.optionalString('achievementType'),
      alignments: items(event.type, b, 'alignments').map(
        (a): BadgeAlignment => ({
          targetName: a.string('targetName'),
          targetUrl: a.string('targetUrl'),
          targetFramework: a.optionalString('targetFramework'),
          targetCode: a.optionalString('targetCode'),
        }),
      ),
      resultDescriptions: items(event.type, b, 'resultDescriptions').map(
        (d): BadgeResultDescription => ({
          id: d.string('id'),
          name: d.string('name'),
          resultType: d.string('resultType'),
          allowedValues: d.stringArray('allowedValues'),
          requiredValue: d.optionalString('requiredValue'),
          valueMin: d.optionalString('valueMin'),
          valueMax: d.optionalString('valueMax'),
        }),
      ),
    },
    new Date(event.createdAt),
  );
}
