import { AppError } from '@cred/runtime';
import { signingKeyStore } from '../db/signing-key-store.js';
import { statusListStore } from '../db/status-list-store.js';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';
import { audit, auditActor } from './audit.js';
import type { AuditRecord } from '@cred/db/audit';
import type { Knex } from '@cred/db';
import { findAnswer } from '@cred/idempotency';
import { keyedOnce, keyedRequest, markReplay, type GivenKey, type Keyed } from './keyed-effects.js';

/** A key as the gateway shows it (ADR 0008). */
export interface SigningKeyView {
  keyId: string;
  sequence: number;
  publicKeyMultibase: string;
  createdAt: string;
  current: boolean;
  compromisedAt: string | null;
}

interface SigningPublicKey {
  key_id: string;
  sequence: number;
  public_key_multibase: string;
  created_at: string;
  current: boolean;
  compromised_at: string;
}

function toView(k: SigningPublicKey | null | undefined): SigningKeyView {
  if (!k) throw new Error('signing service returned no key');
  return {
    keyId: k.key_id,
    sequence: k.sequence,
    publicKeyMultibase: k.public_key_multibase,
    createdAt: k.created_at,
    current: k.current,
    compromisedAt: k.compromised_at || null,
  };
}

export interface SigningKeyChange {
  key: SigningKeyView;
  currentKey: SigningKeyView;
  rotated: boolean;
}

/**
 * After the organization's signing key changed: the key recorded here follows, and every
 * revocation list of the organization is re-signed with the current key (its revision is
 * moved in `recordKeyChange`, then `afterKeyChange` signs the stale lists before the answer; a
 * list whose re-signing fails is signed when next requested, as after a revocation).
 */
async function recordKeyChange(
  ctx: IssuanceContext,
  trx: Knex.Transaction,
  organizationId: string,
  organizationSlug: string,
  current: SigningKeyView,
  meta: CallMeta,
  entry: Pick<AuditRecord, 'action' | 'targetId' | 'details'>,
): Promise<void> {
  // Signing committed the key change already; this records it here, with the audit entry
  // (signing has no reader at the edge: only issuance may call it).
  await audit(trx, ctx.schema, meta, { ...entry, organizationId, occurredAt: ctx.clock.now(), actor: auditActor(meta.actor), targetType: 'signing_key' });
  await signingKeyStore.upsert(
    trx,
    { organizationId, organizationSlug, currentKeyId: current.keyId, publicKeyMultibase: current.publicKeyMultibase, generatedAt: new Date(current.createdAt) },
    ctx.clock.now(),
  );
  await statusListStore.bumpRevisions(trx, organizationId);
}

async function afterKeyChange(
  ctx: IssuanceContext,
  organizationId: string,
  organizationSlug: string,
  current: SigningKeyView,
  meta: CallMeta,
  entry: Pick<AuditRecord, 'action' | 'targetId' | 'details'>,
): Promise<void> {
  await ctx.db.transaction((trx) => recordKeyChange(ctx, trx, organizationId, organizationSlug, current, meta, entry));
  await ctx.statusLists.publishPending(organizationId, meta);
}

/**
 * A new current key; the earlier ones stay published (signing keeps them), so what they signed
 * still verifies.
 *
 * With an Idempotency-Key (docs/decisions.md "Idempotency-Key") the key is claimed in a
 * transaction held open across signing's RotateKey, and the change is recorded and stored as
 * the key's answer in that transaction: a duplicate in flight gets 409, a retry after the commit
 * the stored change (`idempotentReplay`), no second rotation. One window stays: signing
 * committed the new key and this transaction then failed (database or process lost before the
 * commit); the key is free again and a retry rotates once more (another key, the earlier one
 * still published, nothing lost).
 */
export async function rotateSigningKey(
  ctx: IssuanceContext,
  organizationId: string,
  organizationSlug: string,
  meta: CallMeta,
  idempotency?: GivenKey,
): Promise<Keyed<SigningKeyChange>> {
  const keyed = keyedRequest('signing-keys.rotate', organizationId, idempotency);
  const now = ctx.clock.now();
  if (keyed) {
    // A retry of a rotation that committed: its answer, without holding a transaction open.
    const stored = await findAnswer(ctx.db, keyed, now);
    if (stored !== undefined) return { ...(stored as SigningKeyChange), idempotentReplay: true };
  }
  const result = await ctx.db.transaction((trx) =>
    keyedOnce(
      trx,
      keyed,
      now,
      async (): Promise<SigningKeyChange> => {
        const r = await ctx.signing.RotateKey({ organization_id: organizationId, organization_slug: organizationSlug }, callOptions(meta));
        const key = toView(r.key);
        await recordKeyChange(ctx, trx, organizationId, organizationSlug, key, meta, {
          action: 'signing_key.rotated',
          targetId: key.keyId,
          details: { sequence: key.sequence, publicKeyMultibase: key.publicKeyMultibase },
        });
        return { key, currentKey: key, rotated: true };
      },
      (stored) => stored as SigningKeyChange,
    ),
  );
  if (!result.replayed) {
    await ctx.statusLists.publishPending(organizationId, meta);
    ctx.logger.info({ organizationId, keyId: result.answer.key.keyId }, 'signing key rotated');
  }
  return markReplay(result);
}

/** The key numbered `sequence` is compromised as of `compromisedAt`; a current key is replaced by signing first. */
export async function reportSigningKeyCompromised(
  ctx: IssuanceContext,
  input: { organizationId: string; organizationSlug: string; sequence: number; compromisedAt: string },
  meta: CallMeta,
): Promise<SigningKeyChange> {
  if (!input.compromisedAt || Number.isNaN(Date.parse(input.compromisedAt))) {
    throw AppError.validation('compromisedAt', 'compromisedAt must be an ISO 8601 timestamp');
  }
  const r = await ctx.signing.ReportKeyCompromised(
    { organization_id: input.organizationId, organization_slug: input.organizationSlug, sequence: input.sequence, compromised_at: input.compromisedAt },
    callOptions(meta),
  );
  const change = { key: toView(r.key), currentKey: toView(r.current_key), rotated: r.rotated };
  // Lists signed with the compromised key after the cutoff would no longer verify with us.
  await afterKeyChange(ctx, input.organizationId, input.organizationSlug, change.currentKey, meta, {
    action: 'signing_key.compromised',
    targetId: change.key.keyId,
    details: {
      sequence: change.key.sequence,
      compromisedAt: change.key.compromisedAt,
      rotated: change.rotated,
      currentKeyId: change.currentKey.keyId,
    },
  });
  ctx.logger.warn({ organizationId: input.organizationId, keyId: change.key.keyId, compromisedAt: change.key.compromisedAt }, 'signing key reported compromised');
  return change;
}

export async function listSigningKeys(ctx: IssuanceContext, organizationId: string, meta: CallMeta): Promise<SigningKeyView[]> {
  const r = await ctx.signing.ListPublicKeys({ organization_id: organizationId }, callOptions(meta));
  return (r.keys ?? []).map(toView);
}
