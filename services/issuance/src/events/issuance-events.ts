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

/** The fields every credential event carries (docs/contract.md's planned payload, plus the organization for routing). */
export interface CredentialRef {
  credentialId: string;
  credentialUuid: string;
  badgeId: string;
  organizationId: string;
  recipientEmail: string;
}

export interface CredentialIssuedData extends CredentialRef {
  organizationSlug: string;
  recipientName: string;
  issuanceDate: string;
  expirationDate: string | null;
  status: 'pending';
  isPublic: boolean;
  supersedesCredentialId: string | null;
  ob3Credential: Record<string, unknown>;
}

export interface CredentialRenewedData extends CredentialIssuedData {
  supersedesCredentialId: string;
  /** The prior credential's CRD- id and its status after the renewal. */
  supersedesCredentialShortId: string;
  priorStatus: 'expired' | 'revoked';
}

export interface CredentialRevokedData extends CredentialRef {
  revokedAt: string;
  revocationReason: string;
  supersededByCredentialId: string | null;
}

export interface CredentialClaimedData extends CredentialRef {
  claimedAt: string;
}

export interface CredentialExpiredData extends CredentialRef {
  expiredAt: string;
  expirationDate: string;
}

export interface CredentialVisibilityData extends CredentialRef {
  isPublic: boolean;
}

const credentialEvent =
  <T>(type: string) =>
  (data: T, clock: Clock): DomainEvent<T> =>
    createEvent({ type, version: 1, producer: PRODUCER, clock, data });

/** `credential.issued` v1: a first issue (docs/events.md). */
export const credentialIssued = credentialEvent<CredentialIssuedData>('credential.issued');
/** `credential.renewed` v1: an issue that supersedes the recipient's prior credential of the badge. */
export const credentialRenewed = credentialEvent<CredentialRenewedData>('credential.renewed');
/** `credential.revoked` v1: by the issuer, or superseded by a renewal. */
export const credentialRevoked = credentialEvent<CredentialRevokedData>('credential.revoked');
/** `credential.claimed` v1: pending -> valid. */
export const credentialClaimed = credentialEvent<CredentialClaimedData>('credential.claimed');
/** `credential.expired` v1: once per credential, when its expiry is persisted. */
export const credentialExpired = credentialEvent<CredentialExpiredData>('credential.expired');
/** `credential.visibility_changed` v1: the recipient made the credential public or private. */
export const credentialVisibilityChanged = credentialEvent<CredentialVisibilityData>('credential.visibility_changed');
