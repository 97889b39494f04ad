import type { Knex } from '@cred/db';
import { DrainingWorker, type Clock, type Logger, type Registry } from '@cred/runtime';
import { CLAIM_TOKEN_TTL_MS, newClaimToken } from '../domain/claim-token.js';
import { renderEmail, type Templates } from '../domain/email-templates.js';
import { HeaderInjectionError, mailbox, maskEmail } from '../domain/mail-headers.js';
import { nextEmailAttempt } from '../domain/retry-schedule.js';
import { emailSendStore, type EmailSend } from '../db/email-send-store.js';
import { EmailSendError, type Mailer } from './mailer.js';

/**
 * How long an accepted send may wait for others to share its `sent` update while messages are
 * still with the mailer (markSent); it bounds the window for a duplicate.
 */
export const SENT_LINGER_MS = 100;

export interface EmailWorkerOptions {
  /** Counts the worker's passes (`background_passes_total`). */
  metrics?: Registry;
  db: Knex;
  schema: string;
  mailer: Mailer;
  templates: Templates;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  /**
   * Hands the hashes of new claim tokens to issuance (RegisterClaimTokens) and resolves once
   * they are stored there; e-mails carrying those tokens are sent only after that.
   */
  registerClaimTokens(tokens: ClaimTokenHash[]): Promise<void>;
  pollIntervalMs?: number;
  concurrency?: number;
  leaseMs?: number;
}

/** What issuance stores for a claim link: never the token itself. */
export interface ClaimTokenHash {
  credentialUuid: string;
  credentialId: string;
  organizationId: string;
  tokenHash: string;
  expiresAt: string;
  sourceEventId: string;
}

/**
 * Sends the e-mails recorded in `email_sends`. Rows are committed as `pending` by the event
 * consumers before anything is sent; this worker leases due rows (FOR UPDATE SKIP LOCKED, so
 * replicas share the work), sends each once and marks it `sent` or `failed`, or schedules a
 * retry for a transient failure. A `sent` row is never leased again.
 *
 * The one window for a duplicate is between the SMTP server accepting the message and the
 * row update (at most SENT_LINGER_MS and one update: markSent): a crash there leaves the row
 * pending and its lease lapses, so it is sent again.
 * A database that fails the update (PostgreSQL restarting) does not reopen the window: the send
 * is not a failure, and the update is retried for up to half the lease (recordSent). SMTP has no
 * idempotency key; the stable Message-ID lets mail clients collapse the copy.
 */
export class EmailWorker extends DrainingWorker {
  private readonly concurrency: number;
  private readonly leaseMs: number;
  /** Sends accepted by the SMTP server and waiting for the next `sent` update (markSent). */
  private sentQueue: Array<{ id: string; resolve(): void; reject(err: unknown): void }> = [];
  private markingSent = false;
  /** Messages handed to the mailer and not yet accepted or refused. */
  private sending = 0;
  /** Starts the queued `sent` update at the latest SENT_LINGER_MS after its first send was queued. */
  private sentTimer: NodeJS.Timeout | undefined;

  constructor(private readonly o: EmailWorkerOptions) {
    super({ name: 'e-mail worker pass', logger: o.logger, intervalMs: o.pollIntervalMs ?? 1000, ...(o.metrics ? { metrics: o.metrics } : {}) });
    this.concurrency = o.concurrency ?? 32;
    this.leaseMs = o.leaseMs ?? 120_000;
  }

  protected drainAll(): Promise<number> {
    return this.drain();
  }

  /** Sends everything due now; returns how many sends were attempted. */
  async drain(): Promise<number> {
    let total = 0;
    while (!this.stopping) {
      const batch = await emailSendStore.claimDue(this.o.db, this.o.clock.now(), this.leaseMs, this.concurrency);
      if (batch.length === 0) break;
      // The claim tokens of the whole batch in one transaction (one round trip instead of three per e-mail).
      const tokens = this.issueClaimTokens(
        batch.filter((s) => s.payload && (s.kind === 'credential_issued' || s.kind === 'credential_renewed')),
      );
      tokens.catch(() => undefined); // each send reports the failure itself
      const sent = (await Promise.all(batch.map((s) => this.process(s, tokens)))).filter(Boolean).length;
      // One line per pass at info; each e-mail's at debug (failures are logged one by one).
      if (sent > 0) this.o.logger.info({ sent, leased: batch.length }, 'e-mails sent');
      total += batch.length;
    }
    return total;
  }

  /** Sends one leased e-mail and records the outcome; true once it is recorded as sent. */
  private async process(send: EmailSend, claimTokens: Promise<Map<string, Record<string, string>>>): Promise<boolean> {
    // The e-mail's own logger only when a line is written (most sends write none at info).
    let logger: Logger | undefined;
    const log = () => (logger ??= this.o.logger.child({ emailSendId: send.id, eventId: send.eventId, kind: send.kind }));
    let accepted = false;
    try {
      // Rows recorded before a template gained a variable render it empty.
      const vars = { priorStatusNote: '', ...(send.payload ?? {}) };
      if (!send.payload) throw new EmailSendError('nothing to send (payload missing)', true);
      if (send.kind === 'credential_issued' || send.kind === 'credential_renewed') {
        const claim = (await claimTokens).get(send.id);
        if (!claim) throw new EmailSendError('no claim token issued', false);
        Object.assign(vars, claim);
      }
      const template = this.o.templates[send.kind];
      const rendered = renderEmail(template, vars);
      const to = mailbox(send.recipientName, send.recipientEmail);
      this.sending++;
      try {
        await this.o.mailer.send({ to, ...rendered, messageId: `<${send.id}@notification.credentials>` });
      } finally {
        // The pass's last message settled (a refusal too): the accepted ones need not wait.
        if (--this.sending === 0) this.scheduleSentUpdate();
      }
      accepted = true;
      await this.recordSent(send, log);
      if (this.o.logger.isLevelEnabled('debug')) log().debug({ to: maskEmail(send.recipientEmail), attempt: send.attempts }, 'e-mail sent');
      return true;
    } catch (err) {
      // Once the SMTP server has the message, nothing that fails afterwards is a failed send:
      // scheduling it again would send it twice.
      if (accepted) log().error({ err }, 'e-mail sent, but not recorded as sent: it will be sent again once its lease lapses');
      else await this.onFailure(send, err, log());
      return false;
    }
  }

  /**
   * Marks the row sent after the SMTP server accepted the message. The update is retried while
   * the database is away (a restart, a failover) for up to half the lease, so that no other pass
   * (of this or another replica) can have taken the row meanwhile; after that the row stays
   * pending and is sent again when its lease lapses.
   */
  private async recordSent(send: EmailSend, log: () => Logger): Promise<void> {
    const deadline = performance.now() + this.leaseMs / 2;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.markSent(send.id);
        if (attempt > 1) log().info({ attempts: attempt }, 'e-mail recorded as sent after the database came back');
        return;
      } catch (err) {
        const wait = Math.min(2000, 100 * 2 ** Math.min(attempt, 5));
        if (performance.now() + wait > deadline) throw err;
        if (attempt === 1)
          log().warn({ err: err instanceof Error ? err.message : String(err) }, 'e-mail sent; recording it failed, retrying');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /**
   * Records a send as `sent`, together with the others accepted close to it: the update starts
   * once no message is left with the mailer (the pass's last send settled: nothing else will be
   * accepted soon), and at the latest SENT_LINGER_MS after the first send it records was
   * accepted. The four pooled SMTP connections accept the messages of a pass in different turns
   * of the event loop; recorded per turn, about three sends shared an update (issue 15). Sends
   * accepted while an update runs are recorded by the next one. The window for a duplicate
   * (accepted, then the process dies before the update) is at most the linger and one update.
   * A failed update fails every send of it, and each retries on its own (recordSent).
   */
  private markSent(id: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.sentQueue.push({ id, resolve, reject });
      this.scheduleSentUpdate();
    });
  }

  /** Starts the queued update now if no message is with the mailer, else by the linger at the latest. */
  private scheduleSentUpdate(): void {
    if (this.markingSent || this.sentQueue.length === 0) return;
    if (this.sending > 0) {
      this.sentTimer ??= setTimeout(() => {
        this.sentTimer = undefined;
        this.startSentUpdate();
      }, SENT_LINGER_MS);
      return;
    }
    // After this turn: the sends the connections accepted in it join the update.
    this.startSentUpdate(true);
  }

  private startSentUpdate(afterTurn = false): void {
    if (this.markingSent || this.sentQueue.length === 0) return;
    if (this.sentTimer) clearTimeout(this.sentTimer);
    this.sentTimer = undefined;
    this.markingSent = true;
    if (afterTurn) setImmediate(() => void this.markQueued());
    else void this.markQueued();
  }

  /** Runs the queued `sent` updates until none is left (markingSent is set by startSentUpdate()). */
  private async markQueued(): Promise<void> {
    try {
      while (this.sentQueue.length > 0) {
        const batch = this.sentQueue;
        this.sentQueue = [];
        try {
          await emailSendStore.markSent(
            this.o.db,
            batch.map((s) => s.id),
            this.o.clock.now(),
          );
          for (const s of batch) s.resolve();
        } catch (err) {
          for (const s of batch) s.reject(err);
        }
      }
    } finally {
      // No await between the empty queue and this line: a later markSent() starts a new pass.
      this.markingSent = false;
    }
  }

  /**
   * A fresh single-use token per attempt. Its SHA-256 is stored by issuance (a synchronous call)
   * BEFORE the e-mail carrying the token leaves, so the link works the moment the e-mail can be
   * read, and a claim never arrives for an unknown hash; the token itself exists only in the
   * e-mail. One call for all the sends of a batch; the template variables by send id. If the
   * call fails, every send of the batch fails with it and is retried (a new token next time).
   */
  private async issueClaimTokens(sends: EmailSend[]): Promise<Map<string, Record<string, string>>> {
    const out = new Map<string, Record<string, string>>();
    if (sends.length === 0) return out;
    const now = this.o.clock.now();
    const expiresAt = new Date(now.getTime() + CLAIM_TOKEN_TTL_MS);
    const base = this.o.baseUrl.replace(/\/$/, '');
    const hashes = sends.map((send) => {
      const { token, tokenHash } = newClaimToken();
      const p = send.payload ?? {};
      out.set(send.id, {
        claimUrl: `${base}/claim/${encodeURIComponent(p.credentialId ?? '')}?token=${token}`,
        claimExpiresAt: expiresAt.toISOString().slice(0, 10),
      });
      return {
        credentialUuid: p.credentialUuid ?? '',
        credentialId: p.credentialId ?? '',
        organizationId: send.organizationId ?? '',
        tokenHash,
        expiresAt: expiresAt.toISOString(),
        sourceEventId: send.eventId,
      };
    });
    try {
      await this.o.registerClaimTokens(hashes);
    } catch (err) {
      throw new EmailSendError(`claim tokens not registered: ${err instanceof Error ? err.message.slice(0, 120) : 'unknown error'}`, false);
    }
    return out;
  }

  private async onFailure(send: EmailSend, err: unknown, log: Logger): Promise<void> {
    const now = this.o.clock.now();
    const failure =
      err instanceof EmailSendError
        ? err
        : err instanceof HeaderInjectionError
          ? new EmailSendError(err.message, true)
          : new EmailSendError(err instanceof Error ? err.message.slice(0, 200) : 'send failed', false);
    try {
      const next = failure.permanent ? null : nextEmailAttempt(now, send.attempts);
      if (next) {
        await emailSendStore.scheduleRetry(this.o.db, send.id, now, next, failure.message);
        log.warn({ error: failure.message, attempt: send.attempts, retryAt: next.toISOString() }, 'e-mail not sent; will retry');
      } else {
        await emailSendStore.markFailed(this.o.db, send.id, now, failure.message);
        log.error({ error: failure.message, attempt: send.attempts, permanent: failure.permanent }, 'e-mail failed');
      }
    } catch (dbErr) {
      // The lease lapses and the row is tried again.
      log.error({ err: dbErr }, 'could not record the e-mail outcome');
    }
  }
}
