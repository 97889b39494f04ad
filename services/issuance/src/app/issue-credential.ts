import { randomBytes } from 'node:crypto';
import { writeOutbox, type DomainEvent } from '@cred/events';
import { isUniqueViolation, type Knex } from '@cred/db';
import { recordAudit, type AuditRecord } from '@cred/db/audit';
import { buildAchievementCredential, didWebForOrg, type AchievementCredentialInput, type AchievementInput } from '@cred/ob3';
import { claimKey, storeAnswer, type IdempotencyRequest } from '@cred/idempotency';
import { AppError, newUuid } from '@cred/runtime';
import { credentialStore, isCredentialIdCollision } from '../db/credential-store.js';
import { issueStore } from '../db/issue-store.js';
import { quotaStore } from '../db/quota-store.js';
import { badgeAchievementUrl, type Badge } from '../domain/badge.js';
import { checkResultsAgainstBadge, type IssueContent } from '../domain/content.js';
import {
  expirationFor,
  issuanceInstant,
  issuerProfileUrl,
  newCredentialId,
  validateIssueInput,
  type Credential,
  type IssueInput,
} from '../domain/credential.js';
import { ACTIVE_NON_EXPIRING_MESSAGE, decideIssue, SUPERSEDED_REASON, type IssueDecision, type PriorCredential } from '../domain/lifecycle.js';
import { quotaExceeded, quotaLimitFor, quotaMonth } from '../domain/quota.js';
import type { StatusEntry } from '../domain/status-list.js';
import { checkUuid } from '../domain/text.js';
import {
  credentialExpired,
  credentialIssued,
  credentialRenewed,
  credentialRevoked,
  type CredentialIssuedData,
} from '../events/issuance-events.js';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';
import { auditActor } from './audit.js';
import { issueIdempotency, issueReplay, replayedIssue, type IssuedCredential } from './issue-idempotency.js';
import type { OrganizationInfo } from './organizations.js';

const MAX_ID_ATTEMPTS = 5;

const badgeNotFound = () => AppError.notFound('Badge not found');
const badgeInactive = () => AppError.validation('badgeId', 'The badge is deactivated; no new credentials can be issued from it');

function activeNonExpiring(prior: PriorCredential): AppError {
  return AppError.conflict(ACTIVE_NON_EXPIRING_MESSAGE, {
    existingCredentialId: prior.id,
    existingCredentialShortId: prior.credentialId,
  });
}

function concurrentIssue(): AppError {
  return AppError.conflict(
    'Another credential of this badge was issued to the recipient at the same time; nothing was issued, retry to renew it',
  );
}

export interface IssueRequest {
  badgeId: unknown;
  recipientName: unknown;
  recipientEmail: unknown;
  /** The optional content object {evidence?, narrative?, results?} (domain/content.ts). */
  content?: unknown;
  /** Audit trail: "api_key:<id>", "user:<id>", "bulk:<job>:<row>". */
  issuedBy?: string;
  /**
   * The caller's Idempotency-Key, scoped and fingerprinted by it (the gateway: API key or
   * member, route, body). Within 24 hours the same key and fingerprint answer the credential
   * the first call answered (`idempotentReplay`); another fingerprint 422; the key still in
   * flight 409 (./issue-idempotency.ts, @cred/idempotency).
   */
  idempotency?: { key: string; fingerprint: string };
}

export type { IssuedCredential } from './issue-idempotency.js';

/**
 * Issues a badge to a recipient per the transitions in docs/contract.md "Credential lifecycle" (domain/lifecycle.ts): a first
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
export async function issueCredential(
  ctx: IssuanceContext,
  organizationId: string,
  request: IssueRequest,
  meta: CallMeta,
): Promise<IssuedCredential> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const input: IssueInput = validateIssueInput(request);
  const month = quotaMonth(ctx.clock.now());
  const idempotency = request.idempotency?.key ? issueIdempotency(orgId, request.idempotency) : undefined;
  if (idempotency) {
    // A retry of an issue that committed (its caller never saw the answer): the same answer, no signing.
    const replay = await issueReplay(ctx.db, idempotency, ctx.clock.now());
    if (replay) return replay;
  }

  let checked: Awaited<ReturnType<typeof checkIssue>>;
  try {
    checked = await checkIssue(ctx, orgId, input, month, meta);
  } catch (err) {
    // A key's first request may have committed since the look above (a concurrent duplicate):
    // its answer wins over a refusal that its own credential caused (e.g. "already holds one").
    const replay = idempotency && err instanceof AppError ? await issueReplay(ctx.db, idempotency, ctx.clock.now()) : undefined;
    if (replay) return replay;
    throw err;
  }
  const { facts, org, badge, planned, limit } = checked;

  const id = newUuid();
  const issuedAt = issuanceInstant(ctx.clock.now());
  const expiresAt = expirationFor(issuedAt, badge.expiresInDays);
  // The entry is part of what is signed, so it is taken first; one the issue ends up not using stays clear for good.
  const statusEntry = await ctx.statusLists.allocate(orgId, org.slug);
  const unsigned = buildAchievementCredential({
    id,
    issuer: { did: didWebForOrg(ctx.baseUrl, org.slug), name: org.name, url: issuerProfileUrl(ctx.baseUrl, org.slug) },
    achievement: achievementOf(ctx.baseUrl, badge),
    recipient: {
      email: input.recipientEmail,
      salt: randomBytes(16).toString('hex'),
      // The organization's choice (accounts, off by default): the name in plain text beside the hashed e-mail.
      ...(org.recipientNameInCredentials ? { name: input.recipientName } : {}),
    },
    validFrom: issuedAt,
    validUntil: expiresAt,
    status: { statusListCredential: ctx.statusLists.url(org.slug, statusEntry.listNumber), statusListIndex: statusEntry.index },
    ...credentialContentOf(input.content),
  });
  const unsignedJson = JSON.stringify(unsigned);
  const signedJson = ctx.signer
    ? await ctx.signer.sign(orgId, unsignedJson, issuedAt.toISOString(), meta.requestId)
    : (
        await ctx.signing.SignCredential(
          { organization_id: orgId, unsigned_credential_json: unsignedJson, created: issuedAt.toISOString() },
          callOptions(meta),
        )
      ).signed_credential_json;
  const ob3 = JSON.parse(signedJson) as Record<string, unknown>;

  const job: IssueJob = {
    orgId,
    org,
    badge,
    input,
    month,
    limit,
    expectedPriorId: facts.prior?.id ?? null,
    planned,
    id,
    issuedAt,
    expiresAt,
    ob3,
    statusEntry,
    issuedBy: request.issuedBy ?? null,
    auditActor: auditActor(request.issuedBy, meta.actor),
    ...(meta.requestId ? { requestId: meta.requestId } : {}),
    ...(idempotency ? { idempotency } : {}),
  };
  // First issues without an idempotency key commit together with the others in flight (group
  // commit, issue-committer.ts); everything else, and any batch that fails, commits one by one.
  if (ctx.committer && planned.kind === 'first' && !idempotency) return ctx.committer.submit(job);
  return commitIssue(ctx, job);
}

/** An issue that is signed and ready to be written: what its transaction needs. */
export interface IssueJob {
  orgId: string;
  org: OrganizationInfo;
  badge: Badge;
  input: IssueInput;
  month: string;
  limit: number;
  /** The prior credential the decision was made on (null: a first issue). */
  expectedPriorId: string | null;
  planned: Exclude<IssueDecision, { kind: 'conflict' }>;
  id: string;
  issuedAt: Date;
  expiresAt: Date | null;
  ob3: Record<string, unknown>;
  /** The credential's entry in its organization's revocation list (in `ob3` as credentialStatus). */
  statusEntry: StatusEntry;
  issuedBy: string | null;
  /** Who the audit log names (issuedBy when it is a user or API key; `system` for bulk rows). */
  auditActor: string;
  requestId?: string;
  idempotency?: IdempotencyRequest;
}

/** The credential row of a job, under a short id of its own. */
export function credentialOf(ctx: IssuanceContext, job: IssueJob, credentialId: string): Credential {
  return {
    id: job.id,
    credentialId,
    organizationId: job.orgId,
    badgeId: job.badge.id,
    badgeName: job.badge.name,
    recipientName: job.input.recipientName,
    recipientEmail: job.input.recipientEmail,
    status: 'pending',
    issuanceDate: job.issuedAt,
    expirationDate: job.expiresAt,
    claimedAt: null,
    revokedAt: null,
    revocationReason: null,
    isPublic: true,
    supersedesCredentialId: job.planned.kind === 'renew' ? job.planned.prior.id : null,
    supersededByCredentialId: null,
    ob3: job.ob3,
    createdAt: ctx.clock.now(),
  };
}

/**
 * Writes one issue in its own transaction: the recipient locked, every precondition checked
 * again, the prior credential's change, the credential, its events and the quota count.
 */
export async function commitIssue(ctx: IssuanceContext, job: IssueJob): Promise<IssuedCredential> {
  const { orgId, org, badge, input, month, limit, idempotency, id } = job;
  for (let attempt = 1; ; attempt++) {
    const credential = credentialOf(ctx, job, newCredentialId());
    try {
      const earlier = await ctx.db.transaction(async (trx) => {
        if (idempotency) {
          // First: the key is held to the commit (another request with it: 409), or it answers.
          const stored = await claimKey(trx, idempotency, ctx.clock.now());
          if (stored !== undefined) return stored;
        }
        await credentialStore.lockRecipient(trx, badge.id, input.recipientEmail);
        const current = await issueStore.recheck(trx, orgId, badge.id, input.recipientEmail);
        if (!current) throw badgeNotFound();
        if (!current.isActive) throw badgeInactive();
        if ((current.prior?.id ?? null) !== job.expectedPriorId) throw concurrentIssue();
        const decision = decideIssue(current.prior, ctx.clock.now());
        if (decision.kind === 'conflict') throw activeNonExpiring(decision.prior);

        await storeIssue(ctx, trx, { credential, decision, org, issuedBy: job.issuedBy, statusEntry: job.statusEntry });
        await recordAudit(trx, ctx.schema, issueAuditRecord(ctx, job, credential, decision));
        // The answer a retry with the key gets, committed with the issue or not at all.
        if (idempotency) await storeAnswer(trx, idempotency, credential, ctx.clock.now());

        // Last before the commit: the organization's quota counter row is locked from here to the
        // commit, and every issue of the organization queues on it (ADR 0005). Exhausted: the
        // rollback undoes the writes above.
        const quota = await quotaStore.count(trx, {
          organizationId: orgId,
          month,
          recipientEmail: input.recipientEmail,
          credentialId: id,
          limit,
          at: ctx.clock.now(),
        });
        if (quota.kind === 'exhausted') throw quotaExceeded(org.plan, limit, quota.used, ctx.clock.now());
        return undefined;
      });
      // Another request with this key committed while this one was signing: its answer.
      if (earlier !== undefined) return replayedIssue(earlier);
    } catch (err) {
      // 60 random bits make a clash rare; a new short id needs no new signature (it is not in the payload).
      if (isCredentialIdCollision(err) && attempt < MAX_ID_ATTEMPTS) continue;
      if (isActiveCredentialClash(err)) throw concurrentIssue();
      throw err;
    }
    ctx.wakeRelay();
    // A renewal that revoked its prior: the prior's list shows it before the answer goes out.
    if (job.planned.kind === 'renew') await ctx.statusLists.publishPending(orgId, {});
    return credential;
  }
}

/** The issue's audit entry, written in its transaction: credential.issued, or credential.renewed naming the prior. */
export function issueAuditRecord(
  ctx: IssuanceContext,
  job: IssueJob,
  credential: Credential,
  decision: Exclude<IssueDecision, { kind: 'conflict' }>,
): AuditRecord {
  const bulk = job.issuedBy?.startsWith('bulk:') ? job.issuedBy.split(':')[1] : undefined;
  return {
    organizationId: credential.organizationId,
    occurredAt: ctx.clock.now(),
    actor: job.auditActor,
    action: decision.kind === 'renew' ? 'credential.renewed' : 'credential.issued',
    targetType: 'credential',
    targetId: credential.id,
    details: {
      credentialId: credential.credentialId,
      badgeId: credential.badgeId,
      badgeName: credential.badgeName,
      ...(decision.kind === 'renew'
        ? { supersedesCredentialId: decision.prior.id, priorStatus: decision.priorStatus, priorRevoked: decision.priorAction === 'revoke' }
        : {}),
      ...(bulk ? { bulkIssuanceId: bulk } : {}),
    },
    requestId: job.requestId,
  };
}

/** The unique index on active credentials refused a second active credential. */
function isActiveCredentialClash(err: unknown): boolean {
  return isUniqueViolation(err, 'credentials_one_active_idx');
}

/**
 * The writes of one issue, in the caller's transaction: the prior credential's change first
 * (so the unique index on active credentials never sees two), the new credential, the links,
 * and the events in the order they happened.
 */
export async function storeIssue(
  ctx: IssuanceContext,
  trx: Knex.Transaction,
  o: {
    credential: Credential;
    decision: Exclude<IssueDecision, { kind: 'conflict' }>;
    org: OrganizationInfo;
    issuedBy: string | null;
    statusEntry: StatusEntry;
  },
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
      credentialRevoked(
        {
          ...ref(decision.prior),
          revokedAt: now.toISOString(),
          revocationReason: SUPERSEDED_REASON,
          supersededByCredentialId: credential.id,
        },
        ctx.clock,
      ),
    );
  } else if (
    decision.kind === 'renew' &&
    decision.priorAction === 'markExpired' &&
    (await credentialStore.markExpired(trx, decision.prior.id, now))
  ) {
    const expirationDate = (decision.prior.expirationDate ?? now).toISOString();
    events.push(credentialExpired({ ...ref(decision.prior), expiredAt: expirationDate, expirationDate }, ctx.clock));
  }
  await credentialStore.insert(trx, { ...credential, issuedBy: o.issuedBy, statusEntry: o.statusEntry });
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
        {
          ...issued,
          supersedesCredentialId: decision.prior.id,
          supersedesCredentialShortId: decision.prior.credentialId,
          priorStatus: decision.priorStatus,
        },
        ctx.clock,
      ),
    );
  } else {
    events.push(credentialIssued(issued, ctx.clock));
  }
  await writeOutbox(trx, ctx.schema, events);
}

function achievementOf(baseUrl: string, badge: Badge): AchievementInput {
  return {
    url: badgeAchievementUrl(baseUrl, badge.organizationSlug, badge.slug),
    name: badge.name,
    description: badge.description,
    criteriaNarrative: badge.criteria,
    imageUrl: badge.imageUrl,
    tags: badge.tags,
    achievementType: badge.achievementType,
    alignments: badge.alignments,
    resultDescriptions: badge.resultDescriptions,
  };
}

/** An issue's content as the credential builder takes it. */
function credentialContentOf(content: IssueContent): Pick<AchievementCredentialInput, 'evidence' | 'narrative' | 'results'> {
  return { evidence: content.evidence, narrative: content.narrative, results: content.results };
}

/** What an issue is checked against before signing (refusals: 404, 403, 409, quota). */
async function checkIssue(ctx: IssuanceContext, orgId: string, input: IssueInput, month: string, meta: CallMeta) {
  // One statement for the badge, the key, the prior credential and the quota (shared with the
  // organization's other issues in flight: facts-batcher.ts); the organization from a short cache.
  const [facts, cachedOrg] = await Promise.all([
    ctx.facts
      ? ctx.facts.facts(orgId, input.badgeId, input.recipientEmail, month)
      : issueStore.facts(ctx.db, orgId, input.badgeId, input.recipientEmail, month),
    ctx.organizations.get(ctx, orgId, meta),
  ]);
  if (!facts) throw badgeNotFound();
  const badge = facts.badge;
  if (!badge.isActive) throw badgeInactive();
  checkResultsAgainstBadge(input.content, badge.resultDescriptions);
  if (!facts.hasSigningKey) throw AppError.forbidden('Signing keys have not been generated for this organization');
  const overQuota = (o: { plan: string }) => !facts.recipientCounted && facts.quotaUsed >= quotaLimitFor(ctx.quotaLimits, o.plan);
  // A refusal is never made on the cached copy: approval and plan changes count at once.
  const org = cachedOrg.status !== 'approved' || overQuota(cachedOrg) ? await ctx.organizations.refresh(ctx, orgId, meta) : cachedOrg;
  if (org.status !== 'approved') throw AppError.forbidden('The organization is not approved');
  const planned = decideIssue(facts.prior, ctx.clock.now());
  if (planned.kind === 'conflict') throw activeNonExpiring(planned.prior);
  const limit = quotaLimitFor(ctx.quotaLimits, org.plan);
  if (!facts.recipientCounted && facts.quotaUsed >= limit) throw quotaExceeded(org.plan, limit, facts.quotaUsed, ctx.clock.now());

  return { facts, org, badge, planned, limit };
}
