import type { Knex } from '@cred/db';
import type { Logger } from '@cred/runtime';
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
export class EmailRequestWorker {
  private running = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private again = false;
  private readonly pollMs: number;

  constructor(private readonly o: EmailRequestWorkerOptions) {
    this.pollMs = o.pollIntervalMs ?? 5000;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.loop;
  }

  wake(): void {
    if (!this.running) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.loop = this.drain()
      .then(() => undefined)
      .catch((err: unknown) => this.o.logger.error({ err }, 'e-mail request pass failed'))
      .finally(() => {
        this.loop = undefined;
        if (!this.running) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.pollMs);
        this.timer.unref();
      });
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
