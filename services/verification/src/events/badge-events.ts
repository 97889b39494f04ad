import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { badgeStore } from '../db/badge-store.js';
import { PayloadReader, requireVersion } from './payload.js';

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
    },
    new Date(event.createdAt),
  );
}
