import { createHash, timingSafeEqual } from 'node:crypto';
import { writeOutbox } from '@cred/events';
import type { Knex } from '@cred/db';
import { AppError } from '@cred/runtime';
import { claimTokenStore } from '../db/claim-token-store.js';
import { credentialStore, type RecipientCredential } from '../db/credential-store.js';
import { quotaStore } from '../db/quota-store.js';
import { checkEmail, checkRecipientPrefix, CREDENTIAL_ID_RE, type Credential, type CredentialStatus } from '../domain/credential.js';
import { claimability } from '../domain/lifecycle.js';
import { checkPage } from '../domain/page.js';
import { quotaLimitFor, quotaMonth, quotaResetsAt } from '../domain/quota.js';
import { checkText, checkUuid, UUID_RE } from '../domain/text.js';
import { credentialClaimed, credentialRevoked, credentialVisibilityChanged, type CredentialRef } from '../events/issuance-events.js';
import type { CallMeta, IssuanceContext } from './context.js';
import { audit, auditActor } from './audit.js';

const STATUSES: readonly CredentialStatus[] = ['pending', 'valid', 'expired', 'revoked'];
const notFound = () => AppError.notFound('Credential not found');

/** Outside /api/v1 a path takes the CRD- id or the UUID (docs/contract.md "Requests and bodies"). Anything else is 404. */
export function parseCredentialRef(value: string): { kind: 'uuid' | 'credentialId'; value: string } {
  if (UUID_RE.test(value)) return { kind: 'uuid', value: value.toLowerCase() };
  if (CREDENTIAL_ID_RE.test(value)) return { kind: 'credentialId', value };
  throw notFound();
}

function refOf(c: Credential): CredentialRef {
  return { credentialId: c.credentialId, credentialUuid: c.id, badgeId: c.badgeId, organizationId: c.organizationId, recipientEmail: c.recipientEmail };
}

/** Runs a lifecycle change on one locked credential; publishes its events after commit. */
async function change<T>(ctx: IssuanceContext, id: string, fn: (trx: Knex.Transaction, current: Credential) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (trx) => {
    const current = await credentialStore.lock(trx, id);
    if (!current) throw notFound();
    return fn(trx, current);
  });
  ctx.wakeRelay();
  return result;
}

export interface ListQuery {
  limit: number;
  offset: number;
  badgeId?: string | undefined;
  status?: string | undefined;
  /** A case-insensitive prefix of the recipient e-mail. */
  recipient?: string | undefined;
}

/** GET /api/v1/credentials: newest first, status as of the application clock, exact total. */
export async function listCredentials(ctx: IssuanceContext, organizationId: string, q: ListQuery): Promise<{ items: Credential[]; total: number; limit: number; offset: number }> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const page = checkPage(q.limit, q.offset);
  const badgeId = q.badgeId === undefined ? undefined : checkUuid(q.badgeId, 'badgeId');
  let status: CredentialStatus | undefined;
  if (q.status !== undefined) {
    if (!STATUSES.includes(q.status as CredentialStatus)) throw AppError.validation('status', `status must be one of ${STATUSES.join(', ')}`);
    status = q.status as CredentialStatus;
  }
  const recipientPrefix = q.recipient === undefined ? undefined : checkRecipientPrefix(q.recipient, 'recipient');
  const r = await credentialStore.list(ctx.db, {
    organizationId: orgId,
    ...page,
    ...(badgeId === undefined ? {} : { badgeId }),
    ...(status === undefined ? {} : { status }),
    ...(recipientPrefix === undefined ? {} : { recipientPrefix }),
    now: ctx.clock.now(),
  });
  return { ...r, ...page };
}

/**
 * DELETE /api/organizations/{orgId}/credentials/{credentialId}: revoked for good (docs/contract.md "Credential lifecycle").
 * Revoking a revoked credential is 409 and changes nothing. An expired credential can still be
 * revoked (the issuer withdraws it; revocation wins over expiry everywhere).
 */
export async function revokeCredential(
  ctx: IssuanceContext,
  organizationId: string,
  credentialRef: string,
  reasonInput: unknown,
  revokedBy: string,
  meta: CallMeta = {},
): Promise<Credential> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const ref = parseCredentialRef(credentialRef);
  if (reasonInput === undefined || reasonInput === null || reasonInput === '') throw AppError.validation('reason', 'reason is required');
  const reason = checkText(reasonInput, 'reason', { min: 1, max: 500 });
  const found = await credentialStore.findByRef(ctx.db, ref, orgId);
  if (!found) throw notFound();
  const revoked = await change(ctx, found.id, async (trx, current) => {
    if (current.status === 'revoked') {
      throw AppError.conflict('The credential is already revoked', { revokedAt: current.revokedAt?.toISOString() ?? null, revocationReason: current.revocationReason });
    }
    const at = ctx.clock.now();
    await credentialStore.revoke(trx, current.id, { at, reason, by: revokedBy });
    await audit(trx, ctx.schema, meta, {
      organizationId: orgId,
      occurredAt: at,
      actor: auditActor(revokedBy, meta.actor),
      action: 'credential.revoked',
      targetType: 'credential',
      targetId: current.id,
      details: { credentialId: current.credentialId, badgeId: current.badgeId, reason },
    });
    await writeOutbox(
      trx,
      ctx.schema,
      credentialRevoked({ ...refOf(current), revokedAt: at.toISOString(), revocationReason: reason, supersededByCredentialId: current.supersededByCredentialId }, ctx.clock),
    );
    return { ...current, status: 'revoked', revokedAt: at, revocationReason: reason } satisfies Credential;
  });
  // The credential's status list is re-signed before the answer: once the caller reads 200,
  // the list issuance serves says revoked (ADR 0007).
  await ctx.statusLists.publishPending(orgId, meta);
  return revoked;
}

export interface RecipientSession {
  userId: string;
  email: string;
  emailVerified: boolean;
}

/**
 * GET /api/me/credentials: every credential issued to the address, in any organization,
 * private ones included, newest first. The gateway has checked that the address is the
 * signed-in user's and verified (accounts' current record, not the session's claim).
 */
export async function listRecipientCredentials(
  ctx: IssuanceContext,
  email: string,
  q: { limit: number; offset: number },
): Promise<{ items: RecipientCredential[]; total: number; limit: number; offset: number }> {
  const address = checkEmail(email, 'email');
  const page = checkPage(q.limit, q.offset);
  const r = await credentialStore.listForRecipient(ctx.db, { email: address, ...page });
  return { ...r, ...page };
}

/** The signed-in recipient owns the credential: a verified address equal to the recipient's. */
function ownsCredential(session: RecipientSession | undefined, c: Credential): boolean {
  return session !== undefined && session.emailVerified && session.email.trim().toLowerCase() === c.recipientEmail;
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_RE = /^[A-Za-z0-9_-]{20,128}$/;
const invalidToken = () => AppError.forbidden('The claim token is not valid for this credential, or it has expired');

/**
 * POST /api/credentials/{credentialId}/claim (docs/contract.md "Recipients and privacy"): pending -> valid with
 * the e-mail's single-use token, or with the recipient's verified session. Every token of the
 * credential is spent in the same transaction as the change and `credential.claimed`.
 *
 * Who the caller is comes first: only the recipient (a token sent for this credential, spent or
 * expired included, or the recipient's verified session) learns its state (claimed, revoked,
 * expired: 409). Anyone else gets the same 403 whatever the state, so a credential id alone tells
 * nothing about a private credential.
 */
export async function claimCredential(ctx: IssuanceContext, credentialRef: string, o: { token?: string | undefined; session?: RecipientSession | undefined }): Promise<Credential> {
  const ref = parseCredentialRef(credentialRef);
  if (o.token === undefined && o.session === undefined) throw AppError.validation('token', 'token is required unless you are signed in as the recipient');
  if (o.token !== undefined && !TOKEN_RE.test(o.token)) throw invalidToken();
  const found = await credentialStore.findByRef(ctx.db, ref);
  if (!found) throw notFound();
  return change(ctx, found.id, async (trx, current) => {
    const now = ctx.clock.now();
    let usable: boolean;
    if (o.token !== undefined) {
      const presented = Buffer.from(hashClaimToken(o.token), 'hex');
      const match = (await claimTokenStore.of(trx, current.id, now)).find((stored) => {
        const b = Buffer.from(stored.hash, 'hex');
        return b.length === presented.length && timingSafeEqual(b, presented);
      });
      if (!match) throw invalidToken();
      usable = match.usable;
    } else {
      if (!ownsCredential(o.session, current)) {
        throw AppError.forbidden('Only the recipient can claim this credential: sign in with the verified e-mail address it was issued to, or use the link in the e-mail');
      }
      usable = true;
    }
    const state = claimability(current, now);
    if (state === 'already_claimed') throw AppError.conflict('The credential has already been claimed', { claimedAt: current.claimedAt?.toISOString() ?? null });
    if (state === 'revoked') throw AppError.conflict('The credential is revoked and cannot be claimed');
    if (state === 'expired') throw AppError.conflict('The credential has expired and cannot be claimed');
    if (!usable) throw invalidToken();
    const userId = ownsCredential(o.session, current) ? (o.session?.userId ?? null) : null;
    await credentialStore.markClaimed(trx, current.id, { at: now, userId });
    await claimTokenStore.spendAll(trx, current.id, now);
    await writeOutbox(trx, ctx.schema, credentialClaimed({ ...refOf(current), claimedAt: now.toISOString() }, ctx.clock));
    return { ...current, status: 'valid', claimedAt: now };
  });
}

/** PATCH /api/credentials/{credentialId} {isPublic}: the owning recipient only (docs/contract.md "Recipients and privacy"). */
export async function setCredentialVisibility(ctx: IssuanceContext, credentialRef: string, isPublic: unknown, session: RecipientSession | undefined): Promise<Credential> {
  const ref = parseCredentialRef(credentialRef);
  if (typeof isPublic !== 'boolean') throw AppError.validation('isPublic', 'isPublic must be a boolean');
  const found = await credentialStore.findByRef(ctx.db, ref);
  // Someone who is not the recipient learns nothing about the credential's existence beyond its public page.
  if (!found) throw notFound();
  if (!ownsCredential(session, found)) throw AppError.forbidden('Only the recipient, signed in with the verified e-mail address the credential was issued to, can change its visibility');
  return change(ctx, found.id, async (trx, current) => {
    if (current.isPublic === isPublic) return current;
    await credentialStore.setVisibility(trx, current.id, isPublic);
    await writeOutbox(trx, ctx.schema, credentialVisibilityChanged({ ...refOf(current), isPublic }, ctx.clock));
    return { ...current, isPublic };
  });
}

/** The organization's recipient quota for the current UTC month. */
export async function getQuota(ctx: IssuanceContext, organizationId: string, meta: CallMeta) {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const now = ctx.clock.now();
  const month = quotaMonth(now);
  const [org, used] = await Promise.all([ctx.organizations.get(ctx, orgId, meta), quotaStore.used(ctx.db, orgId, month)]);
  return { plan: org.plan, limit: quotaLimitFor(ctx.quotaLimits, org.plan), used, month, resetsAt: quotaResetsAt(now) };
}
