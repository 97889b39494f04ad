// The chaos suite's client load: issues (API key, Idempotency-Key, retried with the same key until
// a definitive answer), renewals, revocations, claims (links read from the mail catcher), small
// bulk uploads and public verification, at a fixed rate. Every acknowledged effect is recorded
// here, client-side, for the reconciliation; requests that never got a definitive answer before
// their deadline are recorded as unknown (they may or may not have taken effect).
import { randomUUID } from 'node:crypto';
import type { MailCatcher } from '../../scripts/mail-catcher.js';

export interface LoadOptions {
  baseUrl: string;
  apiKey: string;
  /** A badge that expires (so a second issue to a recipient is a renewal). */
  badgeId: string;
  mail: MailCatcher;
  ratePerSecond: number;
  /** One bulk upload of `bulkRows` rows every this many ms. */
  bulkEveryMs: number;
  bulkRows: number;
  /** A logical request gives up (unknown) after this long without a definitive answer. */
  requestDeadlineMs: number;
  /** At most this many logical requests in flight; ticks beyond are skipped (and counted). */
  maxInFlight: number;
  runId: string;
}

export interface IssueRecord {
  idempotencyKey: string;
  email: string;
  kind: 'issue' | 'renew';
  outcome: 'acknowledged' | 'refused' | 'unknown';
  status?: number;
  error?: string;
  id?: string;
  credentialId?: string;
  supersedes?: string | null;
  attempts: number;
  at: number;
  /** The answers of the attempts, in order (status or 'error'), for the report of unknown ones. */
  trail?: string[];
}

export interface SimpleRecord {
  target: string;
  outcome: 'acknowledged' | 'refused' | 'unknown';
  /** The acknowledgement may be of an earlier attempt whose answer was lost (a 409 after a retry). */
  ambiguous?: boolean;
  status?: number;
  error?: string;
  attempts: number;
}

export interface BulkRecord {
  idempotencyKey: string;
  emails: string[];
  outcome: 'acknowledged' | 'refused' | 'unknown';
  jobId?: string;
  status?: number;
  error?: string;
  attempts: number;
}

export interface LoadRecord {
  issues: IssueRecord[];
  revokes: SimpleRecord[];
  claims: SimpleRecord[];
  verifies: { status: number | 'error'; at: number }[];
  bulks: BulkRecord[];
  skippedTicks: number;
  /** Answers by class over every attempt (retries included). */
  attemptClasses: Record<string, number>;
  startedAt: number;
  stoppedAt: number;
}

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Load {
  readonly record: LoadRecord = {
    issues: [],
    revokes: [],
    claims: [],
    verifies: [],
    bulks: [],
    skippedTicks: 0,
    attemptClasses: {},
    startedAt: 0,
    stoppedAt: 0,
  };
  private inFlight = new Set<Promise<void>>();
  private running = false;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private bulkTimer: NodeJS.Timeout | undefined;
  /** Acknowledged, still active as far as the client knows: candidates for renew, revoke, claim. */
  private active: IssueRecord[] = [];
  private claimed = new Set<string>();

  constructor(private readonly o: LoadOptions) {}

  start(): void {
    this.running = true;
    this.record.startedAt = Date.now();
    const interval = 1000 / this.o.ratePerSecond;
    this.timer = setInterval(() => this.tick(), interval);
    this.bulkTimer = setInterval(() => this.track(this.bulk()), this.o.bulkEveryMs);
    this.track(this.bulk());
  }

  /** Stops new requests and waits for those in flight to end (answered or past their deadline). */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    clearInterval(this.bulkTimer);
    this.record.stoppedAt = Date.now();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  get pending(): number {
    return this.inFlight.size;
  }

  private track(p: Promise<void>): void {
    const q = p.catch(() => undefined).finally(() => this.inFlight.delete(q));
    this.inFlight.add(q);
  }

  private tick(): void {
    if (!this.running) return;
    if (this.inFlight.size >= this.o.maxInFlight) {
      this.record.skippedTicks++;
      return;
    }
    const r = Math.random();
    const pick = () => this.active[Math.floor(Math.random() * this.active.length)];
    if (r < 0.55 || this.active.length < 5) this.track(this.issue(this.newEmail(), 'issue'));
    else if (r < 0.65) this.track(this.issue(pick()!.email, 'renew'));
    else if (r < 0.75) this.track(this.revoke(pick()!));
    else if (r < 0.87) this.track(this.claim());
    else this.track(this.verify(pick()!));
  }

  private newEmail(): string {
    return `r${++this.seq}-${this.o.runId}@example.com`;
  }

  private classify(status: number | 'error'): void {
    const k = status === 'error' ? 'network error/timeout' : `${Math.floor(status / 100)}xx`;
    this.record.attemptClasses[k] = (this.record.attemptClasses[k] ?? 0) + 1;
  }

  private async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, auth = true): Promise<Answer> {
    const h: Record<string, string> = { ...headers };
    if (auth) h.authorization = `Bearer ${this.o.apiKey}`;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      const res = await fetch(`${this.o.baseUrl}${path}`, { method, headers: h, body: payload, signal: AbortSignal.timeout(20000) });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      this.classify(res.status);
      return { status: res.status, body: parsed, headers: res.headers };
    } catch (err) {
      this.classify('error');
      throw err;
    }
  }

  /**
   * Sends until a definitive answer: anything but a network error, a 5xx, a 429 or an in-flight
   * 409 (Retry-After). Returns the answer, or undefined past the deadline, and the attempts made.
   */
  private async definitive(
    call: () => Promise<Answer>,
    trail?: string[],
  ): Promise<{ answer?: Answer; attempts: number; lastError?: string; retried: boolean }> {
    const deadline = Date.now() + this.o.requestDeadlineMs;
    const started = Date.now();
    let attempts = 0;
    let lastError: string | undefined;
    let delay = 250;
    while (Date.now() < deadline) {
      attempts++;
      try {
        const a = await call();
        trail?.push(`+${((Date.now() - started) / 1000).toFixed(0)}s ${a.status}`);
        const transient = a.status >= 500 || a.status === 429 || (a.status === 409 && a.headers.get('retry-after') !== null);
        if (!transient) return { answer: a, attempts, retried: attempts > 1 };
        lastError = `${a.status} ${a.body?.error ?? ''}`;
        const after = Number(a.headers.get('retry-after'));
        if (Number.isFinite(after) && after > 0) delay = Math.max(delay, after * 1000);
      } catch (err) {
        lastError = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        trail?.push(`+${((Date.now() - started) / 1000).toFixed(0)}s ${err instanceof Error ? err.name : 'error'}`);
      }
      await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
      delay = Math.min(delay * 2, 4000);
    }
    return { attempts, lastError, retried: attempts > 1 };
  }

  private async issue(email: string, kind: 'issue' | 'renew'): Promise<void> {
    const rec: IssueRecord = {
      idempotencyKey: `chaos-${randomUUID()}`,
      email,
      kind,
      outcome: 'unknown',
      attempts: 0,
      at: Date.now(),
      trail: [],
    };
    this.record.issues.push(rec);
    const body = { badgeId: this.o.badgeId, recipient: { name: 'Chaos Recipient', email } };
    const r = await this.definitive(
      () => this.send('POST', '/api/v1/credentials', body, { 'idempotency-key': rec.idempotencyKey }),
      rec.trail,
    );
    rec.attempts = r.attempts;
    if (!r.answer) {
      rec.error = r.lastError;
      return;
    }
    rec.status = r.answer.status;
    if (r.answer.status === 201) {
      delete rec.trail;
      rec.outcome = 'acknowledged';
      rec.id = String(r.answer.body.id);
      rec.credentialId = String(r.answer.body.credentialId);
      rec.supersedes = r.answer.body.supersedesCredentialId ?? null;
      if (kind === 'renew') this.active = this.active.filter((a) => a.email !== email);
      this.active.push(rec);
    } else {
      rec.outcome = 'refused';
      rec.error = `${r.answer.status} ${r.answer.body?.error ?? ''} ${r.answer.body?.message ?? ''}`;
    }
  }

  private async revoke(target: IssueRecord): Promise<void> {
    this.active = this.active.filter((a) => a !== target);
    const rec: SimpleRecord = { target: target.id!, outcome: 'unknown', attempts: 0 };
    this.record.revokes.push(rec);
    const r = await this.definitive(() => this.send('DELETE', `/api/v1/credentials/${target.id}`, { reason: 'chaos suite' }));
    rec.attempts = r.attempts;
    if (!r.answer) {
      rec.error = r.lastError;
      return;
    }
    rec.status = r.answer.status;
    if (r.answer.status === 200) rec.outcome = 'acknowledged';
    else if (r.answer.status === 409 && r.retried) {
      // Already revoked: by an earlier attempt whose answer was lost, or by a renewal.
      rec.outcome = 'acknowledged';
      rec.ambiguous = true;
    } else {
      rec.outcome = 'refused';
      rec.error = `${r.answer.status} ${r.answer.body?.error ?? ''} ${r.answer.body?.message ?? ''}`;
    }
  }

  /** Claim tokens by credential id, from the e-mails caught so far (read once per claim). */
  private claimTokens(): Map<string, string> {
    const tokens = new Map<string, string>();
    for (const m of this.o.mail.messages()) {
      const found = /\/claim\/(CRD-[A-Za-z0-9]+)\?token=([A-Za-z0-9_-]+)/.exec(m.text);
      if (found) tokens.set(found[1]!, found[2]!);
    }
    return tokens;
  }

  private async claim(): Promise<void> {
    // An acknowledged credential, still active and not yet claimed, whose e-mail has arrived.
    const tokens = this.claimTokens();
    const candidates = this.active.filter((a) => !this.claimed.has(a.credentialId!) && tokens.has(a.credentialId!));
    const c = candidates[Math.floor(Math.random() * candidates.length)];
    if (!c) return;
    const token = tokens.get(c.credentialId!)!;
    this.claimed.add(c.credentialId!);
    const rec: SimpleRecord = { target: c.credentialId!, outcome: 'unknown', attempts: 0 };
    this.record.claims.push(rec);
    const r = await this.definitive(() => this.send('POST', `/api/credentials/${c.credentialId}/claim`, { token }, {}, false));
    rec.attempts = r.attempts;
    if (!r.answer) {
      rec.error = r.lastError;
      return;
    }
    rec.status = r.answer.status;
    if (r.answer.status === 200) rec.outcome = 'acknowledged';
    else if (r.answer.status === 409 && r.retried && /already been claimed/.test(String(r.answer.body?.message))) {
      // An earlier attempt claimed it and its answer was lost (a revoked credential that was
      // claimed answers the same; one never claimed answers "revoked").
      rec.outcome = 'acknowledged';
      rec.ambiguous = true;
    } else {
      rec.outcome = 'refused';
      rec.error = `${r.answer.status} ${r.answer.body?.error ?? ''} ${r.answer.body?.message ?? ''}`;
    }
  }

  private async verify(target: IssueRecord): Promise<void> {
    try {
      const a = await this.send('GET', `/api/verify/${target.credentialId}`, undefined, {}, false);
      this.record.verifies.push({ status: a.status, at: Date.now() });
    } catch {
      this.record.verifies.push({ status: 'error', at: Date.now() });
    }
  }

  private async bulk(): Promise<void> {
    if (!this.running) return;
    const emails = Array.from({ length: this.o.bulkRows }, () => this.newEmail());
    const rec: BulkRecord = { idempotencyKey: `chaos-bulk-${randomUUID()}`, emails, outcome: 'unknown', attempts: 0 };
    this.record.bulks.push(rec);
    const csv = `name,email\n${emails.map((e) => `Bulk Recipient,${e}`).join('\n')}\n`;
    const r = await this.definitive(() => {
      const form = new FormData();
      form.set('badgeId', this.o.badgeId);
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'chaos.csv');
      return this.send('POST', '/api/v1/bulk-issuances', form, { 'idempotency-key': rec.idempotencyKey });
    });
    rec.attempts = r.attempts;
    if (!r.answer) {
      rec.error = r.lastError;
      return;
    }
    rec.status = r.answer.status;
    if (r.answer.status === 202) {
      rec.outcome = 'acknowledged';
      rec.jobId = String(r.answer.body.id);
    } else {
      rec.outcome = 'refused';
      rec.error = `${r.answer.status} ${r.answer.body?.error ?? ''} ${r.answer.body?.message ?? ''}`;
    }
  }
}
