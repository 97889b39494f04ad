import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { issuerKeyStore } from '../db/issuer-key-store.js';

interface KeyCreated {
  organizationId: string;
  organizationSlug: string;
  keyId: string;
  sequence: number;
  publicKeyMultibase: string;
  createdAt: string;
}

/** `signing.key.created` -> the public key joins the issuer's did.json. */
export async function onSigningKeyCreated(event: DomainEvent<KeyCreated>, trx: Knex.Transaction): Promise<void> {
  const d = event.data;
  await issuerKeyStore.upsert(trx, {
    keyId: d.keyId,
    organizationId: d.organizationId,
    organizationSlug: d.organizationSlug,
    sequence: d.sequence,
    publicKeyMultibase: d.publicKeyMultibase,
    createdAt: new Date(d.createdAt),
    revokedAt: null,
    compromisedAt: null,
  });
}

interface KeyCompromised extends KeyCreated {
  compromisedAt: string;
}

/**
 * `signing.key.compromised` -> the key stays in did.json (what it signed before still needs it),
 * and our verifier fails its proofs made at or after `compromisedAt` (ADR 0008).
 */
export async function onSigningKeyCompromised(event: DomainEvent<KeyCompromised>, trx: Knex.Transaction): Promise<void> {
  const d = event.data;
  await issuerKeyStore.upsert(trx, {
    keyId: d.keyId,
    organizationId: d.organizationId,
    organizationSlug: d.organizationSlug,
    sequence: d.sequence,
    publicKeyMultibase: d.publicKeyMultibase,
    createdAt: new Date(d.createdAt),
    revokedAt: null,
    compromisedAt: new Date(d.compromisedAt),
  });
}

export const SIGNING_KEY_EVENT_TYPES = ['signing.key.created', 'signing.key.compromised'];

export async function onSigningKeyEvent(event: DomainEvent<KeyCreated | KeyCompromised>, trx: Knex.Transaction): Promise<void> {
  if (event.type === 'signing.key.compromised') await onSigningKeyCompromised(event as DomainEvent<KeyCompromised>, trx);
  else if (event.type === 'signing.key.created') await onSigningKeyCreated(event as DomainEvent<KeyCreated>, trx);
}
