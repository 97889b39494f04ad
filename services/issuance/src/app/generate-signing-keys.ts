import type { Knex } from '@cred/db';
import type { PromiseClient } from '@cred/grpc';
import type { SigningServiceClient } from '@cred/proto';
import { writeOutbox } from '@cred/events';
import { newEvent } from '@cred/event-contracts';
import type { Clock } from '@cred/runtime';
import { signingKeyStore } from '../db/signing-key-store.js';
import { audit, auditActor } from './audit.js';

export interface GenerateSigningKeysDeps {
  db: Knex;
  schema: string;
  clock: Clock;
  signing: PromiseClient<SigningServiceClient>;
  wakeRelay: () => void;
}

export interface GenerateSigningKeysInput {
  organizationId: string;
  organizationSlug: string;
  requestedBy: string;
  requestId?: string;
}

/**
 * Asks the signing service for the organization's key pair (idempotent there), records it
 * here, and the first time announces `organization.signing_keys.generated` through the
 * outbox, in the same transaction as the record.
 */
export async function generateSigningKeys(deps: GenerateSigningKeysDeps, input: GenerateSigningKeysInput) {
  const response = await deps.signing.GenerateKey(
    { organization_id: input.organizationId, organization_slug: input.organizationSlug },
    input.requestId ? { requestId: input.requestId } : {},
  );
  const key = response.key;
  if (!key) throw new Error('signing service returned no key');
  const now = deps.clock.now();
  const firstTime = await deps.db.transaction(async (trx) => {
    const inserted = await signingKeyStore.upsert(
      trx,
      {
        organizationId: input.organizationId,
        organizationSlug: input.organizationSlug,
        currentKeyId: key.key_id,
        publicKeyMultibase: key.public_key_multibase,
        generatedAt: new Date(key.created_at),
      },
      now,
    );
    if (inserted) {
      await writeOutbox(
        trx,
        deps.schema,
        newEvent(
          'organization.signing_keys.generated',
          { organizationId: input.organizationId, organizationSlug: input.organizationSlug, keyId: key.key_id, requestedBy: input.requestedBy },
          { producer: 'issuance', clock: deps.clock },
        ),
      );
      await audit(trx, deps.schema, input.requestId ? { requestId: input.requestId } : {}, {
        organizationId: input.organizationId,
        occurredAt: now,
        actor: auditActor(input.requestedBy),
        action: 'signing_key.generated',
        targetType: 'signing_key',
        targetId: key.key_id,
        details: { publicKeyMultibase: key.public_key_multibase },
      });
    }
    return inserted;
  });
  if (firstTime) deps.wakeRelay();
  return { keyId: key.key_id, publicKeyMultibase: key.public_key_multibase, created: response.created || firstTime };
}
