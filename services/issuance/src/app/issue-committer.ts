import type { DomainEvent } from '@cred/events';
import { writeOutbox } from '@cred/events';
import { recordAudit } from '@cred/db/audit';
import { Counter, Histogram, type Logger, type Registry } from '@cred/runtime';
import { credentialStore } from '../db/credential-store.js';
import { issueStore } from '../db/issue-store.js';
import { quotaStore } from '../db/quota-store.js';
import { newCredentialId, type Credential } from '../domain/credential.js';
import { credentialIssued } from '../events/issuance-events.js';
import type { IssuanceContext } from './context.js';
import { KeyedBatches } from './keyed-batches.js';
import { commitIssue, credentialOf, issueAuditRecord, type IssuedCredential, type IssueJob } from './issue-credential.js';

interface Pending {
  job: IssueJob;
  resolve(c: IssuedCredential): void;
  reject(err: unknown): void;
}

/** Why a batch was given up and its issues committed one by one (a metric label). */
type FallbackReason = 'error' | 'quota';

class BatchAbandoned extends Error {
  constructor(readonly reason: FallbackReason) {
    super(`batch abandoned: ${reason}`);
  }
}

/**
 * Group commit of first issues (ADR 0005, "Group commit"). The issues of one organization that
 * are signed in the same turn of the event loop (the answers of one signing call), or while
 * another commit of that organization runs, commit together (keyed-batches.ts), in one
 * transaction of a fixed number of statements whatever their number: the recipients' locks, the
 * rechecks, the credentials, their events and the quota count. Under low load every issue
 * commits alone, as before, and waits for nothing but the end of its turn.
 *
 * The rules are those of commitIssue(), which stays the reference: an issue whose recheck is
 * not "badge active, still no prior credential" leaves the batch and is committed on its own
 * after it (and gets that path's answer: 404, 400 or 409). Any failure of the batch transaction
 * (a short-id collision, two issues to one recipient in one batch, a quota that the batch as a
 * whole would exceed, a deadlock, a lost connection) rolls it back, and every issue in it is
 * then committed on its own, so each gets exactly the answer it would have had alone.
 */
export class IssueCommitter {
  private readonly batches: KeyedBatches<Pending>;
  private readonly batchSize?: Histogram;
  private readonly fallbacks?: Counter;

  constructor(
    private readonly ctx: IssuanceContext,
    private readonly o: { maxBatch: number; logger: Logger; metrics?: Registry },
  ) {
    this.batches = new KeyedBatches(o.maxBatch, (_orgId, batch) => this.commit(batch));
    if (o.metrics) {
      this.batchSize = new Histogram({
        name: 'issuance_commit_batch_size',
        help: 'Issues committed per transaction by the group commit',
        buckets: [1, 2, 4, 8, 16, 32, 64],
        registers: [o.metrics],
      });
      this.fallbacks = new Counter({
        name: 'issuance_commit_batch_fallbacks_total',
        help: 'Group-commit batches rolled back and committed one issue at a time, by reason',
        labelNames: ['reason'],
        registers: [o.metrics],
      });
    }
  }

  submit(job: IssueJob): Promise<IssuedCredential> {
    return new Promise((resolve, reject) => this.batches.add(job.orgId, { job, resolve, reject }));
  }

  private async commit(batch: Pending[]): Promise<void> {
    this.batchSize?.observe(batch.length);
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await commitIssue(this.ctx, only.job).then(only.resolve, only.reject);
      return;
    }
    let alone: Pending[];
    try {
      const { committed, left } = await this.commitTogether(batch);
      this.ctx.wakeRelay();
      for (const [p, credential] of committed) p.resolve(credential);
      alone = left;
    } catch (err) {
      const reason: FallbackReason = err instanceof BatchAbandoned ? err.reason : 'error';
      this.fallbacks?.inc({ reason });
      if (reason === 'error')
        this.o.logger.debug({ err, size: batch.length }, 'group commit rolled back; committing its issues one by one');
      alone = batch;
    }
    // Outside the queue: the next batch does not wait for them.
    for (const p of alone) void commitIssue(this.ctx, p.job).then(p.resolve, p.reject);
  }

  /** One transaction for the batch; returns what it committed and the issues left for commitIssue(). */
  private async commitTogether(batch: Pending[]): Promise<{ committed: Array<[Pending, Credential]>; left: Pending[] }> {
    const ctx = this.ctx;
    const first = batch[0]!.job;
    return ctx.db.transaction(async (trx) => {
      const recipients = batch.map((p) => ({ badgeId: p.job.badge.id, recipientEmail: p.job.input.recipientEmail }));
      await credentialStore.lockRecipients(trx, recipients);
      const current = await issueStore.recheckMany(trx, first.orgId, recipients);
      const together: Pending[] = [];
      const left: Pending[] = [];
      batch.forEach((p, i) => {
        const c = current[i];
        if (c && c.isActive && c.prior === null && p.job.expectedPriorId === null) together.push(p);
        else left.push(p);
      });
      if (together.length === 0) return { committed: [], left };

      const credentials = together.map((p) => credentialOf(ctx, p.job, newCredentialId()));
      await credentialStore.insertMany(
        trx,
        credentials.map((c, i) => ({ ...c, issuedBy: together[i]!.job.issuedBy, statusEntry: together[i]!.job.statusEntry })),
      );
      const events: DomainEvent<unknown>[] = credentials.map((c, i) =>
        credentialIssued(
          {
            credentialId: c.credentialId,
            credentialUuid: c.id,
            badgeId: c.badgeId,
            organizationId: c.organizationId,
            organizationSlug: together[i]!.job.org.slug,
            recipientEmail: c.recipientEmail,
            recipientName: c.recipientName,
            issuanceDate: c.issuanceDate.toISOString(),
            expirationDate: c.expirationDate ? c.expirationDate.toISOString() : null,
            status: 'pending',
            isPublic: true,
            supersedesCredentialId: null,
            ob3Credential: c.ob3,
          },
          ctx.clock,
        ),
      );
      await writeOutbox(trx, ctx.schema, events);
      await recordAudit(trx, ctx.schema, credentials.map((c, i) => issueAuditRecord(ctx, together[i]!.job, c, { kind: 'first' })));
      // Last before the commit, as in commitIssue(): the counter row is locked until the commit.
      // Every job of a batch has the same organization and, but for a batch that spans the turn
      // of a month, the same month and limit; such a batch is committed one by one.
      if (together.some((p) => p.job.month !== first.month || p.job.limit !== first.limit)) throw new BatchAbandoned('quota');
      const quota = await quotaStore.countMany(trx, {
        organizationId: first.orgId,
        month: first.month,
        recipients: credentials.map((c) => ({ recipientEmail: c.recipientEmail, credentialId: c.id })),
        limit: first.limit,
        at: ctx.clock.now(),
      });
      if (quota.kind === 'over_limit') throw new BatchAbandoned('quota');
      return { committed: together.map((p, i) => [p, credentials[i]!] as [Pending, Credential]), left };
    });
  }
}
