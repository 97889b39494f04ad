import { createHash } from 'node:crypto';
import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { BADGE_IMAGE_TYPES, badgeImageStore } from '../db/badge-image-store.js';
import { PayloadReader, requireVersion } from './payload.js';

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
  requireVersion(event, [1]);
  const d = PayloadReader.of(event.type, event.data);
  const contentType = d.oneOf('contentType', BADGE_IMAGE_TYPES);
  const contentHash = d.string('contentHash').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(contentHash)) d.fail('contentHash', 'must be a sha256 hex digest');
  const b64 = d.string('bytesBase64');
  if (b64.length > Math.ceil(MAX_BADGE_IMAGE_BYTES / 3) * 4 || b64.length % 4 !== 0 || !BASE64.test(b64)) {
    d.fail('bytesBase64', 'must be base64 of at most 2 MiB');
  }
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) d.fail('bytesBase64', 'must not be empty');
  if (createHash('sha256').update(bytes).digest('hex') !== contentHash) d.fail('contentHash', 'does not match the bytes');
  await badgeImageStore.apply(
    trx,
    { badgeId: d.string('badgeId'), organizationId: d.string('organizationId'), contentType, contentHash, bytes },
    new Date(event.createdAt),
  );
}
