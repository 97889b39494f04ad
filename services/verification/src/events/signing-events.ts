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
  });
}
