import { AppError } from '@cred/runtime';
import { signingKeyStore } from '../db/signing-key-store.js';
import { statusListStore } from '../db/status-list-store.js';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';
import { audit, auditActor } from './audit.js';
import type { AuditRecord } from '@cred/db/audit';

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
 * moved, then the stale lists are signed before the answer; a list whose re-signing fails is
 * signed when next requested, as after a revocation).
 */
async function afterKeyChange(
  ctx: IssuanceContext,
  organizationId: string,
  organizationSlug: string,
  current: SigningKeyView,
  meta: CallMeta,
  entry: Pick<AuditRecord, 'action' | 'targetId' | 'details'>,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    // Signing committed the key change already; this records it here, with the audit entry
    // (signing has no reader at the edge: only issuance may call it).
    await audit(trx, ctx.schema, meta, { ...entry, organizationId, occurredAt: ctx.clock.now(), actor: auditActor(meta.actor), targetType: 'signing_key' });
    await signingKeyStore.upsert(
      trx,
      { organizationId, organizationSlug, currentKeyId: current.keyId, publicKeyMultibase: current.publicKeyMultibase, generatedAt: new Date(current.createdAt) },
      ctx.clock.now(),
    );
    await statusListStore.bumpRevisions(trx, organizationId);
  });
  await ctx.statusLists.publishPending(organizationId, meta);
}

/** A new current key; the earlier ones stay published (signing keeps them), so what they signed still verifies. */
export async function rotateSigningKey(ctx: IssuanceContext, organizationId: string, organizationSlug: string, meta: CallMeta): Promise<SigningKeyChange> {
  const r = await ctx.signing.RotateKey({ organization_id: organizationId, organization_slug: organizationSlug }, callOptions(meta));
  const key = toView(r.key);
  await afterKeyChange(ctx, organizationId, organizationSlug, key, meta, {
    action: 'signing_key.rotated',
    targetId: key.keyId,
    details: { sequence: key.sequence, publicKeyMultibase: key.publicKeyMultibase },
  });
  ctx.logger.info({ organizationId, keyId: key.keyId }, 'signing key rotated');
  return { key, currentKey: key, rotated: true };
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
