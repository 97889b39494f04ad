import type { DomainEvent } from '@cred/events';
import { newEvent, type EventInput } from '@cred/event-contracts';
import type { Clock } from '@cred/runtime';
import type { BadgeView } from '../domain/badge.js';

const PRODUCER = 'issuance';

/** `issuance.badge.upserted` v1: the badge as it is now (create, patch, deactivate, image change). */
export function badgeUpserted(badge: BadgeView, clock: Clock): DomainEvent<EventInput<'issuance.badge.upserted'>> {
  return newEvent('issuance.badge.upserted', { badge }, { producer: PRODUCER, clock });
}

export type BadgeImageSetData = EventInput<'issuance.badge.image_set'>;

/**
 * `issuance.badge.image_set` v1: the image bytes themselves (at most 2 MiB), so the
 * verification service can bake PNGs without calling issuance.
 */
export function badgeImageSet(data: BadgeImageSetData, clock: Clock): DomainEvent<BadgeImageSetData> {
  return newEvent('issuance.badge.image_set', data, { producer: PRODUCER, clock });
}

export type BadgeDeletedData = EventInput<'issuance.badge.deleted'>;

/** `issuance.badge.deleted` v1: a badge without credentials was removed for good. */
export function badgeDeleted(data: BadgeDeletedData, clock: Clock): DomainEvent<BadgeDeletedData> {
  return newEvent('issuance.badge.deleted', data, { producer: PRODUCER, clock });
}

/** What every credential event carries (the webhook payload's fields plus the organization for routing). */
export type CredentialRef = Pick<CredentialIssuedData, 'credentialId' | 'credentialUuid' | 'badgeId' | 'organizationId' | 'recipientEmail'>;
/** The data of `credential.issued`, as defined once in @cred/event-contracts. */
export type CredentialIssuedData = EventInput<'credential.issued'>;

type CredentialEventType =
  | 'credential.issued'
  | 'credential.renewed'
  | 'credential.revoked'
  | 'credential.claimed'
  | 'credential.expired'
  | 'credential.visibility_changed';

const credentialEvent =
  <K extends CredentialEventType>(type: K) =>
  (data: EventInput<K>, clock: Clock): DomainEvent<EventInput<K>> =>
    newEvent(type, data, { producer: PRODUCER, clock });

/** `credential.issued` v1: a first issue (docs/events.md). */
export const credentialIssued = credentialEvent('credential.issued');
/** `credential.renewed` v1: an issue that supersedes the recipient's prior credential of the badge. */
export const credentialRenewed = credentialEvent('credential.renewed');
/** `credential.revoked` v1: by the issuer, or superseded by a renewal. */
export const credentialRevoked = credentialEvent('credential.revoked');
/** `credential.claimed` v1: pending -> valid. */
export const credentialClaimed = credentialEvent('credential.claimed');
/** `credential.expired` v1: once per credential, when its expiry is persisted. */
export const credentialExpired = credentialEvent('credential.expired');
/** `credential.visibility_changed` v1: the recipient made the credential public or private. */
export const credentialVisibilityChanged = credentialEvent('credential.visibility_changed');
