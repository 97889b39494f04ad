import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { readEvent } from '@cred/event-contracts';
import { issuerKeyStore } from '../db/issuer-key-store.js';

export const SIGNING_KEY_EVENT_TYPES = ['signing.key.created', 'signing.key.compromised'];

/**
 * `signing.key.created` -> the public key joins the issuer's did.json.
 * `signing.key.compromised` (it carries the key too, so it may arrive first) -> the key stays in
 * did.json (what it signed before still needs it), and our verifier fails its proofs made at or
 * after `compromisedAt` (ADR 0008).
 */
export async function onSigningKeyEvent(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const d = readEvent(event, 'signing.key.created', 'signing.key.compromised');
  await issuerKeyStore.upsert(trx, {
    keyId: d.keyId,
    organizationId: d.organizationId,
    organizationSlug: d.organizationSlug,
    sequence: d.sequence,
    publicKeyMultibase: d.publicKeyMultibase,
    createdAt: new Date(d.createdAt),
    revokedAt: null,
    compromisedAt: 'compromisedAt' in d ? new Date(d.compromisedAt) : null,
  });
}
