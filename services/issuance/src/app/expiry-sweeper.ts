import { writeOutbox } from '@cred/events';
import { purgeExpired } from '@cred/idempotency';
import { Counter, DrainingWorker, type Logger, type Registry } from '@cred/runtime';
import { credentialStore } from '../db/credential-store.js';
import { credentialExpired } from '../events/issuance-events.js';
import type { IssuanceContext } from './context.js';

const BATCH = 200;

/**
 * Persists expiry: every `intervalMs`, credentials still pending or valid whose
 * expirationDate has passed on the application clock become `expired`, each with one
 * `credential.expired` in the same transaction (the status change from active is what makes
 * it exactly once; SKIP LOCKED lets replicas sweep side by side). Reads never wait for it:
 * the API computes expiry from the clock anyway.
 */
export class ExpirySweeper extends DrainingWorker {
  private readonly expired: Counter | undefined;

  constructor(
    private readonly ctx: Pick<IssuanceContext, 'db' | 'schema' | 'clock' | 'wakeRelay'>,
    private readonly o: { intervalMs: number; logger: Logger; metrics?: Registry },
  ) {
    super({ name: 'expiry sweep', logger: o.logger, intervalMs: o.intervalMs, ...(o.metrics ? { metrics: o.metrics } : {}) });
    this.expired = o.metrics
      ? new Counter({
          name: 'issuance_credentials_expired_total',
          help: 'Credentials whose expiry the sweeper persisted',
          registers: [o.metrics],
        })
      : undefined;
  }

  protected drainAll(): Promise<number> {
    return this.sweep();
  }

  /** One sweep to completion; returns how many credentials it expired. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.ctx.clock.now();
      const n = await this.ctx.db.transaction(async (trx) => {
        const due = await credentialStore.lockDueForExpiry(trx, now, BATCH);
        for (const c of due) {
          if (!c.expirationDate || !(await credentialStore.markExpired(trx, c.id, now))) continue;
          const expirationDate = c.expirationDate.toISOString();
          await writeOutbox(
            trx,
            this.ctx.schema,
            credentialExpired(
              {
                credentialId: c.credentialId,
                credentialUuid: c.id,
                badgeId: c.badgeId,
                organizationId: c.organizationId,
                recipientEmail: c.recipientEmail,
                expiredAt: expirationDate,
                expirationDate,
              },
              this.ctx.clock,
            ),
          );
        }
        return due.length;
      });
      total += n;
      if (n > 0) this.ctx.wakeRelay();
      if (n < BATCH || this.stopping) break;
    }
    // Idempotency-Key records past their 24 hours no longer bind anything (@cred/idempotency).
    const now = this.ctx.clock.now();
    while ((await purgeExpired(this.ctx.db, now, BATCH)) === BATCH && !this.stopping);
    this.expired?.inc(total);
    if (total > 0) this.o.logger.info({ expired: total }, 'credentials expired');
    return total;
  }
}
