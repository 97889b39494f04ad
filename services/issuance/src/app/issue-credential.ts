import { randomBytes } from 'node:crypto';
import { writeOutbox, type DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { buildAchievementCredential, didWebForOrg } from '@cred/ob3';
import { AppError, newUuid } from '@cred/runtime';
import { credentialStore, isCredentialIdCollision } from '../db/credential-store.js';
import { issueStore } from '../db/issue-store.js';
import { quotaStore } from '../db/quota-store.js';
import { badgeAchievementUrl, type Badge } from '../domain/badge.js';
import {
  expirationFor,
  issuanceInstant,
  issuerProfileUrl,
  newCredentialId,
  validateIssueInput,
  type Credential,
  type IssueInput,
} from '../domain/credential.js';
import { decideIssue, SUPERSEDED_REASON, type IssueDecision, type PriorCredential } from '../domain/lifecycle.js';
import { quotaExceeded, quotaLimitFor, quotaMonth } from '../domain/quota.js';
import { checkUuid } from '../domain/text.js';
import { credentialExpired, credentialIssued, credentialRenewed, credentialRevoked, type CredentialIssuedData } from '../events/issuance-events.js';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';
import type { OrganizationInfo } from './organizations.js';

const MAX_ID_ATTEMPTS = 5;

const badgeNotFound = () => AppError.notFound('Badge not found');
const badgeInactive = () => AppError.validation('badgeId', 'The badge is deactivated; no new credentials can be issued from it');

function activeNonExpiring(prior: PriorCredential): AppError {
  return AppError.conflict('The recipient already has an active, non-expiring credential of this badge; revoke it before issuing again', {
    existingCredentialId: prior.id,
    existingCredentialShortId: prior.credentialId,
  });
}

function concurrentIssue(): AppError {
  return AppError.conflict('Another credential of this badge was issued to the recipient at the same time; nothing was issued, retry to renew it');
}

export interface IssueRequest {
  badgeId: unknown;
  recipientName: unknown;
  recipientEmail: unknown;
  /** Audit trail: "api_key:<id>", "user:<id>", "bulk:<job>:<row>". */
  issuedBy?: string;
}

/**
 * Issues a badge to a recipient per SPEC.md's transitions table (domain/lifecycle.ts): a first
 * issue, or a renewal that supersedes the recipient's prior credential of the badge (revoking
 * an active time-bound one, persisting an expiry the clock implies), or 409 for an active
 * non-expiring one. Counts the recipient against the monthly quota.
 *
 * Signing happens outside the transaction (a network call must not hold a connection and
 * locks). Inside it the recipient is locked and every precondition is checked again; if the
 * recipient's prior credential changed meanwhile (a concurrent issue won), this one fails with
 * 409 rather than superseding a credential its caller never saw. The unique index on active
 * credentials backs this up: two active credentials of one badge and recipient cannot exist.
 */
export async function issueCredential(ctx: IssuanceContext, organizationId: string, request: IssueRequest, meta: CallMeta): Promise<Credential> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const input: IssueInput = validateIssueInput(request);
  const month = quotaMonth(ctx.clock.now());

  // One round trip for the badge, the key, the prior credential and the quota; the organization from a short cache.
  const [facts, org] = await Promise.all([
    issueStore.facts(ctx.db, orgId, input.badgeId, input.recipientEmail, month),
    ctx.organizations.get(ctx, orgId, meta),
  ]);
  if (!facts) throw badgeNotFound();
  const badge = facts.badge;
  if (!badge.isActive) throw badgeInactive();
  if (!facts.hasSigningKey) throw AppError.forbidden('Signing keys have not been generated for this organization');
  if (org.status !== 'approved') throw AppError.forbidden('The organization is not approved');
  const planned = decideIssue(facts.prior, ctx.clock.now());
  if (planned.kind === 'conflict') throw activeNonExpiring(planned.prior);
  const limit = quotaLimitFor(ctx.quotaLimits, org.plan);
  if (!facts.recipientCounted && facts.quotaUsed >= limit) throw quotaExceeded(org.plan, limit, facts.quotaUsed, ctx.clock.now());

  const id = newUuid();
  const issuedAt = issuanceInstant(ctx.clock.now());
  const expiresAt = expirationFor(issuedAt, badge.expiresInDays);
  const unsigned = buildAchievementCredential({
    id,
    issuer: { did: didWebForOrg(ctx.baseUrl, org.slug), name: org.name, url: issuerProfileUrl(ctx.baseUrl, org.slug) },
    achievement: achievementOf(ctx.baseUrl, badge),
    recipient: { email: input.recipientEmail, salt: randomBytes(16).toString('hex') },
    validFrom: issuedAt,
    validUntil: expiresAt,
  });
  const signed = await ctx.signing.SignCredential(
    { organization_id: orgId, unsigned_credential_json: JSON.stringify(unsigned), created: issuedAt.toISOString() },
    callOptions(meta),
  );
  const ob3 = JSON.parse(signed.signed_credential_json) as Record<string, unknown>;

  for (let attempt = 1; ; attempt++) {
    const credential: Credential = {
      id,
      credentialId: newCredentialId(),
      organizationId: orgId,
      badgeId: badge.id,
      badgeName: badge.name,
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      status: 'pending',
      issuanceDate: issuedAt,
      expirationDate: expiresAt,
      claimedAt: null,
      revokedAt: null,
      revocationReason: null,
      isPublic: true,
      supersedesCredentialId: planned.kind === 'renew' ? planned.prior.id : null,
      supersededByCredentialId: null,
      ob3,
      createdAt: ctx.clock.now(),
    };
    try {
      await ctx.db.transaction(async (trx) => {
        await credentialStore.lockRecipient(trx, badge.id, input.recipientEmail);
        const current = await issueStore.recheck(trx, orgId, badge.id, input.recipientEmail);
        if (!current) throw badgeNotFound();
        if (!current.isActive) throw badgeInactive();
        if ((current.prior?.id ?? null) !== (facts.prior?.id ?? null)) throw concurrentIssue();
        const decision = decideIssue(current.prior, ctx.clock.now());
        if (decision.kind === 'conflict') throw activeNonExpiring(decision.prior);

        await storeIssue(ctx, trx, { credential, decision, org, issuedBy: request.issuedBy ?? null });

        // Last before the commit: the organization's quota counter row is locked from here to the
        // commit, and every issue of the organization queues on it (ADR 0005). Exhausted: the
        // rollback undoes the writes above.
        const quota = await quotaStore.count(trx, { organizationId: orgId, month, recipientEmail: input.recipientEmail, credentialId: id, limit, at: ctx.clock.now() });
        if (quota.kind === 'exhausted') throw quotaExceeded(org.plan, limit, quota.used, ctx.clock.now());
      });
    } catch (err) {
      // 60 random bits make a clash rare; a new short id needs no new signature (it is not in the payload).
      if (isCredentialIdCollision(err) && attempt < MAX_ID_ATTEMPTS) continue;
      if (isActiveCredentialClash(err)) throw concurrentIssue();
      throw err;
    }
    ctx.wakeRelay();
    return credential;
  }
}

/** The unique index on active credentials refused a second active credential. */
function isActiveCredentialClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'credentials_one_active_idx';
}

/**
 * The writes of one issue, in the caller's transaction: the prior credential's change first
 * (so the unique index on active credentials never sees two), the new credential, the links,
 * and the events in the order they happened.
 */
async function storeIssue(
  ctx: IssuanceContext,
  trx: Knex.Transaction,
  o: { credential: Credential; decision: Exclude<IssueDecision, { kind: 'conflict' }>; org: OrganizationInfo; issuedBy: string | null },
): Promise<void> {
  const { credential, decision, org } = o;
  const now = ctx.clock.now();
  const ref = (c: PriorCredential) => ({
    credentialId: c.credentialId,
    credentialUuid: c.id,
    badgeId: credential.badgeId,
    organizationId: credential.organizationId,
    recipientEmail: credential.recipientEmail,
  });
  const events: DomainEvent<unknown>[] = [];
  if (decision.kind === 'renew' && decision.priorAction === 'revoke') {
    await credentialStore.revoke(trx, decision.prior.id, { at: now, reason: SUPERSEDED_REASON, by: o.issuedBy });
    events.push(
      credentialRevoked({ ...ref(decision.prior), revokedAt: now.toISOString(), revocationReason: SUPERSEDED_REASON, supersededByCredentialId: credential.id }, ctx.clock),
    );
  } else if (decision.kind === 'renew' && decision.priorAction === 'markExpired' && (await credentialStore.markExpired(trx, decision.prior.id, now))) {
    const expirationDate = (decision.prior.expirationDate ?? now).toISOString();
    events.push(credentialExpired({ ...ref(decision.prior), expiredAt: expirationDate, expirationDate }, ctx.clock));
  }
  await credentialStore.insert(trx, { ...credential, issuedBy: o.issuedBy });
  const issued: CredentialIssuedData = {
    credentialId: credential.credentialId,
    credentialUuid: credential.id,
    badgeId: credential.badgeId,
    organizationId: credential.organizationId,
    organizationSlug: org.slug,
    recipientEmail: credential.recipientEmail,
    recipientName: credential.recipientName,
    issuanceDate: credential.issuanceDate.toISOString(),
    expirationDate: credential.expirationDate ? credential.expirationDate.toISOString() : null,
    status: 'pending',
    isPublic: true,
    supersedesCredentialId: null,
    ob3Credential: credential.ob3,
  };
  if (decision.kind === 'renew') {
    await credentialStore.setSupersededBy(trx, decision.prior.id, credential.id);
    events.push(
      credentialRenewed(
        { ...issued, supersedesCredentialId: decision.prior.id, supersedesCredentialShortId: decision.prior.credentialId, priorStatus: decision.priorStatus },
        ctx.clock,
      ),
    );
  } else {
    events.push(credentialIssued(issued, ctx.clock));
  }
  await writeOutbox(trx, ctx.schema, events);
}

function achievementOf(baseUrl: string, badge: Badge) {
  return {
    url: badgeAchievementUrl(baseUrl, badge.organizationSlug, badge.slug),
    name: badge.name,
    description: badge.description,
    criteriaNarrative: badge.criteria,
    imageUrl: badge.imageUrl,
    tags: badge.tags,
  };
}
