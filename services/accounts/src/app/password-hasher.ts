import { AppError, Counter, type Registry } from '@cred/runtime';
import { deriveKey, hashPassword, verifyPassword, type Derive } from '../domain/passwords.js';

export interface PasswordHasherOptions {
  /** scrypt computations at once (each ~0.5 s of a core and 128 MiB). */
  concurrency?: number;
  /** Callers that may wait for a computation; one more is refused at once. */
  maxQueue?: number;
  /** Longest wait for a computation before the caller is refused. */
  maxWaitMs?: number;
  metrics?: Registry;
  /** Test seam: the computation itself. */
  derive?: Derive;
}

/** What a caller refused for load gets: 503 with a hint the gateway turns into Retry-After. */
export const RETRY_AFTER_SECONDS = 1;

function busy(): AppError {
  return new AppError('UNAVAILABLE', 'Too many sign-ins at the moment; retry shortly', { retryAfter: RETRY_AFTER_SECONDS });
}

/**
 * A bounded admission queue: `concurrency` run, up to `maxQueue` wait at most `maxWaitMs`, and
 * anyone beyond that is refused at once. Refusing fast is the point: an unbounded queue made
 * every caller wait (and time out) once arrivals outran the cores.
 */
class Lane {
  private running = 0;
  private readonly waiting: Array<{ admit: () => void }> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
    /** Undefined: no timeout (the stand-in lane, which must never refuse on its own). */
    private readonly maxWaitMs: number | undefined,
    private readonly onShed: () => void,
  ) {}

  /** Whether a caller arriving now would be let in or queued (not refused at once). */
  hasRoom(): boolean {
    return this.running < this.concurrency || this.waiting.length < this.maxQueue;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxQueue) {
        this.onShed();
        throw busy();
      }
      // Admitted by a finishing caller, who hands over its slot (running stays counted).
      await new Promise<void>((resolve, reject) => {
        const entry = {
          admit: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer =
          this.maxWaitMs === undefined
            ? undefined
            : setTimeout(() => {
                const i = this.waiting.indexOf(entry);
                if (i >= 0) this.waiting.splice(i, 1);
                this.onShed();
                reject(busy());
              }, this.maxWaitMs);
        this.waiting.push(entry);
      });
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    }
  }
}

const SAMPLES = 64;

/**
 * The one way accounts hashes or checks passwords (one per process, built in service.ts).
 *
 * Real work (sign-up, login of a known address, reset confirmation) goes through one bounded
 * lane; beyond it callers get a fast 503 UNAVAILABLE instead of all timing out together.
 *
 * A login for an address without an account must take as long as a wrong password, but must not
 * spend a scrypt computation: otherwise a flood of random addresses fills the lane and real
 * sign-ins are refused. So it goes through a lane of the same shape whose "work" is a sleep as
 * long as a real computation recently took (sampled from the last 64), and it is refused whenever
 * a real check arriving at the same moment would be. Answers follow the same rules with or without
 * an account, and so does timing as far as one process can make it; only CPU is spared.
 * What remains observable (docs/decisions.md): the real lane's contention is made only by known
 * addresses, so someone who loads it with their own accounts' logins, or a partial flood of
 * unknown addresses that queues in the stand-in lane, can shift one kind's timing against the other.
 */
export class PasswordHasher {
  private readonly real: Lane;
  private readonly stand: Lane;
  private readonly derive: Derive;
  private readonly durations: number[] = [];
  private next = 0;
  private readonly computations: Counter<string> | undefined;
  private readonly shed: Counter<string> | undefined;

  constructor(options: PasswordHasherOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    const maxQueue = options.maxQueue ?? 16;
    const maxWaitMs = options.maxWaitMs ?? 5000;
    this.computations = options.metrics
      ? new Counter({ name: 'accounts_password_computations_total', help: 'scrypt computations run', registers: [options.metrics] })
      : undefined;
    this.shed = options.metrics
      ? new Counter({ name: 'accounts_password_shed_total', help: 'Password checks refused for load (503)', registers: [options.metrics] })
      : undefined;
    this.real = new Lane(concurrency, maxQueue, maxWaitMs, () => this.shed?.inc());
    this.stand = new Lane(concurrency, maxQueue, undefined, () => undefined);
    const inner = options.derive ?? deriveKey;
    this.derive = async (...args) => {
      this.computations?.inc();
      const started = performance.now();
      const key = await inner(...args);
      this.record(performance.now() - started);
      return key;
    };
  }

  /** One computation at start, so the first unknown address already has a duration to copy. */
  async warmUp(): Promise<void> {
    await this.hash('warm-up password that nobody has');
  }

  hash(password: string): Promise<string> {
    return this.real.run(() => hashPassword(password, this.derive));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.real.run(() => verifyPassword(password, stored, this.derive));
  }

  /** The check a login for an unknown address goes through: always false, same timing and refusals. */
  async verifyNobody(): Promise<false> {
    if (!this.real.hasRoom()) {
      this.shed?.inc();
      throw busy();
    }
    const ms = this.sample();
    if (ms === undefined) {
      // No real computation yet (warm-up still running): spend one, as before.
      await this.real.run(() => verifyPassword('nobody', 'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA', this.derive));
      return false;
    }
    const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, ms));
    // The stand-in lane makes parallel attempts wait for each other as real ones do. It never
    // refuses on its own (no timeout; once full, further attempts only sleep): a refusal here,
    // where a known address would get its 401, would tell the two apart.
    if (this.stand.hasRoom()) await this.stand.run(sleep);
    else await sleep();
    return false;
  }

  private record(ms: number): void {
    if (this.durations.length < SAMPLES) this.durations.push(ms);
    else this.durations[this.next] = ms;
    this.next = (this.next + 1) % SAMPLES;
  }

  private sample(): number | undefined {
    if (this.durations.length === 0) return undefined;
    return this.durations[Math.floor(Math.random() * this.durations.length)];
  }
}
