import { createEvent, type DomainEvent } from '@cred/events';
import type { Clock } from '@cred/runtime';
import type { BadgeView } from '../domain/badge.js';

const PRODUCER = 'issuance';

/** `issuance.badge.upserted` v1: the badge as it is now (create, patch, deactivate, image change). */
export function badgeUpserted(badge: BadgeView, clock: Clock): DomainEvent<{ badge: BadgeView }> {
  return createEvent({ type: 'issuance.badge.upserted', version: 1, producer: PRODUCER, clock, data: { badge } });
}

export interface BadgeImageSetData {
  badgeId: string;
  organizationId: string;
  contentType: string;
  contentHash: string;
  bytesBase64: string;
}

/**
 * `issuance.badge.image_set` v1: the image bytes themselves (at most 2 MiB), so the
 * verification service can bake PNGs without calling issuance.
 */
export function badgeImageSet(data: BadgeImageSetData, clock: Clock): DomainEvent<BadgeImageSetData> {
  return createEvent({ type: 'issuance.badge.image_set', version: 1, producer: PRODUCER, clock, data });
}

export interface BadgeDeletedData {
  badgeId: string;
  organizationId: string;
  organizationSlug: string;
  slug: string;
}

/** `issuance.badge.deleted` v1: a badge without credentials was removed for good. */
export function badgeDeleted(data: BadgeDeletedData, clock: Clock): DomainEvent<BadgeDeletedData> {
  return createEvent({ type: 'issuance.badge.deleted', version: 1, producer: PRODUCER, clock, data });
}

export interface CredentialIssuedData {
  credentialId: string;
  credentialUuid: string;
  badgeId: string;
  organizationId: string;
  organizationSlug: string;
  recipientEmail: string;
  recipientName: string;
  issuanceDate: string;
  expirationDate: string | null;
  status: 'pending';
  isPublic: true;
  supersedesCredentialId: null;
  ob3Credential: Record<string, unknown>;
}

/** `credential.issued` v1 (docs/events.md). */
export function credentialIssued(data: CredentialIssuedData, clock: Clock): DomainEvent<CredentialIssuedData> {
  return createEvent({ type: 'credential.issued', version: 1, producer: PRODUCER, clock, data });
}
