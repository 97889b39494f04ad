import { createHash } from 'node:crypto';
import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { BADGE_IMAGE_TYPES, badgeImageStore } from '../db/badge-image-store.js';
import { EventContractError, readEvent } from '@cred/event-contracts';

export const BADGE_IMAGE_EVENT_TYPES = ['issuance.badge.image_set'];

/** docs/contract.md "Requests and bodies": badge images are at most 2 MiB. */
export const MAX_BADGE_IMAGE_BYTES = 2 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * `issuance.badge.image_set` v1: `{badgeId, organizationId, contentType, contentHash, bytesBase64}`.
 * The bytes must match the hash (a corrupted or truncated payload is parked, not stored); the
 * newest event wins.
 */
export async function onBadgeImageSet(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d = readEvent(event, 'issuance.badge.image_set');
  const fail = (problem: string): never => {
    throw new EventContractError(event.type, problem);
  };
  const contentType = (BADGE_IMAGE_TYPES as readonly string[]).includes(d.contentType)
    ? (d.contentType as (typeof BADGE_IMAGE_TYPES)[number])
    : fail(`data.contentType must be one of ${BADGE_IMAGE_TYPES.join(', ')}`);
  const contentHash = d.contentHash.toLowerCase();
  const b64 = d.bytesBase64;
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) fail('data.bytesBase64 must be base64 of at most 2 MiB');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_BADGE_IMAGE_BYTES) fail('data.bytesBase64 must be base64 of at most 2 MiB');
  if (createHash('sha256').update(bytes).digest('hex') !== contentHash) fail('data.contentHash does not match the bytes');
  await badgeImageStore.apply(trx, { badgeId: d.badgeId, organizationId: d.organizationId, contentType, contentHash, bytes }, new Date(event.createdAt));
}
