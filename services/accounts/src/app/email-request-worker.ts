import type { Knex } from '@cred/db';
import { DrainingWorker, type Logger } from '@cred/runtime';
import { emailRequestStore, type EmailRequest } from '../db/email-request-store.js';

export interface EmailRequestWorkerOptions {
  db: Knex;
  logger: Logger;
  /** Acts on one request inside the transaction that removes it (AuthService.fulfilEmailRequest). */
  fulfil(trx: Knex.Transaction, request: EmailRequest): Promise<void>;
  /** A pass also runs this often, for requests left by a replica that stopped mid-way. */
  pollIntervalMs?: number;
}

/**
 * Acts on `account_email_requests` after the request was answered. Each request is taken,
 * acted on (token + outbox event for an account) and deleted in one transaction, so a crash
 * leaves it queued rather than lost or done twice. Woken on every insert; polls as a fallback.
 */
export class EmailRequestWorker extends DrainingWorker {
  constructor(private readonly o: EmailRequestWorkerOptions) {
    super({ name: 'e-mail request pass', logger: o.logger, intervalMs: o.pollIntervalMs ?? 5000 });
  }

  protected drainAll(): Promise<number> {
    return this.drain();
  }

  /** Acts on every queued request; returns how many. */
  async drain(): Promise<number> {
    let done = 0;
    while (!this.stopping) {
      const took = await this.o.db.transaction(async (trx) => {
        const request = await emailRequestStore.takeOldest(trx);
        if (request) await this.o.fulfil(trx, request);
        return request !== undefined;
      });
      if (!took) break;
      done++;
    }
    return done;
  }
}
