import type { Knex } from '@cred/db';
import { Histogram, type Registry } from '@cred/runtime';
import { issueStore, type IssueFacts } from '../db/issue-store.js';
import { KeyedBatches } from './keyed-batches.js';

interface Pending {
  organizationId: string;
  month: string;
  badgeId: string;
  recipientEmail: string;
  resolve(facts: IssueFacts | undefined): void;
  reject(err: unknown): void;
}

/**
 * The pre-signing reads of issues (issueStore.facts) batched per organization and month, as
 * signing calls and commits are (ADR 0005, "Group commit"; keyed-batches.ts): the issues that
 * arrive in one turn of the event loop, or while a read runs, read together in one statement
 * (issueStore.factsMany); an issue alone in its turn reads alone. What a batch reads is what
 * each would have read alone a moment later; the commit checks it again under the recipient's
 * lock in any case. A batch statement that fails fails each of its issues with that error.
 */
export class FactsBatcher {
  private readonly batches: KeyedBatches<Pending>;
  private readonly batchSize?: Histogram;

  constructor(
    private readonly db: Knex,
    o: { maxBatch: number; metrics?: Registry },
  ) {
    this.batches = new KeyedBatches(o.maxBatch, (_key, batch) => this.read(batch));
    if (o.metrics) {
      this.batchSize = new Histogram({
        name: 'issuance_facts_batch_size',
        help: 'Issues whose pre-signing read (badge, key, prior credential, quota) shared one statement',
        buckets: [1, 2, 4, 8, 16, 32, 64],
        registers: [o.metrics],
      });
    }
  }

  /** issueStore.facts(), read together with the other issues of the organization in flight. */
  facts(organizationId: string, badgeId: string, recipientEmail: string, month: string): Promise<IssueFacts | undefined> {
    return new Promise((resolve, reject) =>
      this.batches.add(`${organizationId} ${month}`, { organizationId, month, badgeId, recipientEmail, resolve, reject }),
    );
  }

  /** One batch: every item has the same organization and month (the key). */
  private async read(batch: Pending[]): Promise<void> {
    this.batchSize?.observe(batch.length);
    const { organizationId, month } = batch[0]!;
    try {
      if (batch.length === 1) {
        const [only] = batch as [Pending];
        only.resolve(await issueStore.facts(this.db, organizationId, only.badgeId, only.recipientEmail, month));
        return;
      }
      const facts = await issueStore.factsMany(this.db, organizationId, month, batch);
      batch.forEach((p, i) => p.resolve(facts[i]));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
