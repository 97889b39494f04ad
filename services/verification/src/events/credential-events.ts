import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { credentialStore, type IssuedCredential } from '../db/credential-store.js';
import { parseCredentialRef } from '../domain/identifiers.js';
import type { ReadModelChange } from '../app/read-model-cache.js';
import { EventContractError, readEvent } from '@cred/event-contracts';

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

/** The read-model row an issue or renewal event writes, and the prior credential a renewal names. */
function issuedOf(event: DomainEvent<unknown>): { credential: IssuedCredential; eventAt: Date; supersedes: string | null } {
  const d = readEvent(event, 'credential.issued', 'credential.renewed');
  const supersedes = d.supersedesCredentialId;
  return {
    supersedes,
    eventAt: new Date(event.createdAt),
    credential: {
      uuid: d.credentialUuid,
      credentialId: d.credentialId,
      badgeId: d.badgeId,
      organizationId: d.organizationId,
      organizationSlug: d.organizationSlug,
      recipientEmail: d.recipientEmail,
      recipientName: d.recipientName,
      issuanceDate: new Date(d.issuanceDate),
      expirationDate: d.expirationDate === null ? null : new Date(d.expirationDate),
      isPublic: d.isPublic,
      supersedesCredentialId: supersedes,
      // The bytes we serve and hash: the signed object exactly as the producer serialized it
      // (JSON.parse/stringify keeps member order and values).
      ob3Json: JSON.stringify(d.ob3Credential),
    },
  };
}

async function onIssued(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const { credential, eventAt, supersedes } = issuedOf(event);
  await credentialStore.applyIssued(trx, credential, eventAt);
  // The prior credential learns of its renewal even when no revocation was needed (it had expired).
  if (supersedes !== null) await credentialStore.applySupersededBy(trx, supersedes, credential.uuid);
}

async function onRevoked(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d = readEvent(event, 'credential.revoked');
  await credentialStore.applyRevoked(trx, {
    uuid: d.credentialUuid,
    credentialId: d.credentialId,
    revokedAt: new Date(d.revokedAt),
    reason: d.revocationReason,
    supersededBy: d.supersededByCredentialId ?? null,
  });
}

async function onClaimed(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d = readEvent(event, 'credential.claimed');
  await credentialStore.applyClaimed(trx, { uuid: d.credentialUuid, credentialId: d.credentialId, claimedAt: new Date(d.claimedAt) });
}

async function onExpired(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d = readEvent(event, 'credential.expired');
  await credentialStore.applyExpired(trx, { uuid: d.credentialUuid, credentialId: d.credentialId, expiredAt: new Date(d.expiredAt) });
}

async function onVisibilityChanged(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d = readEvent(event, 'credential.visibility_changed');
  await credentialStore.applyVisibility(trx, { uuid: d.credentialUuid, isPublic: d.isPublic, at: new Date(event.createdAt) });
}

const HANDLERS: Record<string, (event: DomainEvent<unknown>, trx: Knex.Transaction) => Promise<void>> = {
  'credential.issued': onIssued,
  'credential.renewed': onIssued,
  'credential.revoked': onRevoked,
  'credential.claimed': onClaimed,
  'credential.expired': onExpired,
  'credential.visibility_changed': onVisibilityChanged,
};

/**
 * A consumer batch, with the effect of onCredentialEvent() on each event in order: each run of
 * consecutive first issues (no prior credential, distinct credentials) is written in one
 * statement, every other event on its own where it stands.
 */
export async function onCredentialEvents(events: ReadonlyArray<DomainEvent<unknown>>, trx: Knex.Transaction): Promise<void> {
  let run: Array<{ credential: IssuedCredential; eventAt: Date }> = [];
  const flush = async () => {
    await credentialStore.applyIssuedMany(trx, run);
    run = [];
  };
  for (const event of events) {
    const issued = event.type === 'credential.issued' ? issuedOf(event) : undefined;
    if (issued && issued.supersedes === null && !run.some((r) => r.credential.uuid === issued.credential.uuid)) {
      run.push(issued);
      continue;
    }
    await flush();
    await onCredentialEvent(event, trx);
  }
  await flush();
}

/** The credentials read model: one consumer for every credential.* type, so no type outruns its queue. */
export async function onCredentialEvent(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const handler = HANDLERS[event.type];
  if (!handler) throw new EventContractError(event.type, 'not a credential event this consumer handles');
  await handler(event, trx);
}
