import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { credentialStore } from '../db/credential-store.js';
import { parseCredentialRef } from '../domain/identifiers.js';
import type { ReadModelChange } from '../app/read-model-cache.js';
import { PayloadError, PayloadReader, requireVersion } from './payload.js';

export const CREDENTIAL_EVENT_TYPES = [
  'credential.issued',
  'credential.renewed',
  'credential.revoked',
  'credential.claimed',
  'credential.expired',
  'credential.visibility_changed',
];

/**
 * What a credential event changes in the micro-caches of the read model (read-model-cache.ts):
 * the credential itself, by UUID; a renewal also changes its prior, named by `CRD-` id in the
 * payload, so it forgets everything (renewals are rare next to verifications).
 */
export function credentialChange(event: DomainEvent<unknown>): ReadModelChange {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  const uuid = typeof data.credentialUuid === 'string' ? parseCredentialRef(data.credentialUuid) : null;
  if (uuid?.kind !== 'uuid' || (typeof data.supersedesCredentialId === 'string' && data.supersedesCredentialId !== '')) return { all: true };
  return { uuids: [uuid.value] };
}

/** Credential events after which our revocation lists may have changed (a bit set). */
export const STATUS_LIST_EVENT_TYPES: ReadonlySet<string> = new Set(['credential.revoked', 'credential.renewed']);

/** A credential reference in a payload as a UUID: UUIDs as they are, CRD- ids looked up (null if unknown). */
async function toUuid(trx: Knex.Transaction, value: string | null): Promise<string | null> {
  if (value === null) return null;
  const ref = parseCredentialRef(value);
  if (!ref) return null;
  if (ref.kind === 'uuid') return ref.value;
  return (await credentialStore.uuidForCredentialId(trx, ref.value)) ?? null;
}

function credentialUuid(d: PayloadReader): string {
  const ref = parseCredentialRef(d.string('credentialUuid'));
  if (ref?.kind !== 'uuid') d.fail('credentialUuid', 'must be a UUID');
  return ref.value;
}

function optionalCredentialId(d: PayloadReader): string | null {
  const raw = d.optionalString('credentialId');
  if (raw === null) return null;
  const ref = parseCredentialRef(raw);
  if (ref?.kind !== 'credentialId') d.fail('credentialId', 'must be a CRD- id');
  return ref.value;
}

async function onIssued(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d: PayloadReader = PayloadReader.of(event.type, event.data);
  const uuid = credentialUuid(d);
  const credentialId = optionalCredentialId(d);
  if (credentialId === null) d.fail('credentialId', 'is required');
  const ob3 = d.raw('ob3Credential');
  if (typeof ob3 !== 'object' || ob3 === null || Array.isArray(ob3)) d.fail('ob3Credential', 'must be an object');
  const supersedes = await toUuid(trx, d.optionalString('supersedesCredentialId'));
  await credentialStore.applyIssued(
    trx,
    {
      uuid,
      credentialId,
      badgeId: d.string('badgeId'),
      organizationId: d.string('organizationId'),
      organizationSlug: d.string('organizationSlug'),
      recipientEmail: d.string('recipientEmail'),
      recipientName: d.string('recipientName'),
      issuanceDate: d.date('issuanceDate'),
      expirationDate: d.optionalDate('expirationDate'),
      isPublic: d.raw('isPublic') === undefined ? true : d.boolean('isPublic'),
      supersedesCredentialId: supersedes,
      // The bytes we serve and hash: the signed object exactly as the producer serialized it
      // (JSON.parse/stringify keeps member order and values).
      ob3Json: JSON.stringify(ob3),
    },
    new Date(event.createdAt),
  );
  // The prior credential learns of its renewal even when no revocation was needed (it had expired).
  if (supersedes !== null) await credentialStore.applySupersededBy(trx, supersedes, uuid);
}

async function onRevoked(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d: PayloadReader = PayloadReader.of(event.type, event.data);
  await credentialStore.applyRevoked(trx, {
    uuid: credentialUuid(d),
    credentialId: optionalCredentialId(d),
    revokedAt: d.optionalDate('revokedAt') ?? new Date(event.createdAt),
    reason: d.optionalString('revocationReason'),
    supersededBy: await toUuid(trx, d.optionalString('supersededByCredentialId')),
  });
}

async function onClaimed(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d: PayloadReader = PayloadReader.of(event.type, event.data);
  await credentialStore.applyClaimed(trx, {
    uuid: credentialUuid(d),
    credentialId: optionalCredentialId(d),
    claimedAt: d.optionalDate('claimedAt') ?? new Date(event.createdAt),
  });
}

async function onExpired(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d: PayloadReader = PayloadReader.of(event.type, event.data);
  await credentialStore.applyExpired(trx, {
    uuid: credentialUuid(d),
    credentialId: optionalCredentialId(d),
    expiredAt: d.optionalDate('expiredAt') ?? d.optionalDate('expirationDate') ?? new Date(event.createdAt),
  });
}

async function onVisibilityChanged(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d: PayloadReader = PayloadReader.of(event.type, event.data);
  await credentialStore.applyVisibility(trx, { uuid: credentialUuid(d), isPublic: d.boolean('isPublic'), at: new Date(event.createdAt) });
}

const HANDLERS: Record<string, (event: DomainEvent<unknown>, trx: Knex.Transaction) => Promise<void>> = {
  'credential.issued': onIssued,
  'credential.renewed': onIssued,
  'credential.revoked': onRevoked,
  'credential.claimed': onClaimed,
  'credential.expired': onExpired,
  'credential.visibility_changed': onVisibilityChanged,
};

/** The credentials read model: one consumer for every credential.* type, so no type outruns its queue. */
export async function onCredentialEvent(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const handler = HANDLERS[event.type];
  if (!handler) throw new PayloadError(event.type, 'not a credential event this consumer handles');
  requireVersion(event, [1]);
  await handler(event, trx);
}
