import { AppError, Counter, Gauge, type Registry } from '@cred/runtime';
import { deriveKey, hashPassword, verifyPassword, type Derive } from '../domain/passwords.js';

export interface PasswordHasherOptions {
  /** scrypt computations at once (each ~0.5 s of a core and 128 MiB). */
  concurrency?: number;
  /** Callers that may wait for a computation; one more is refused at once. */
  maxQueue?: number;
  /** Longest wait for a computation before the caller is refused. */
  maxWaitMs?: number;
  /** Places in the lane (running or waiting) one account may hold at once; one more gets 429. */
  placesPerAccount?: number;
  /** The same for one client address (several people may share one, behind a NAT). */
  placesPerAddress?: number;
  metrics?: Registry;
  /** Test seam: the computation itself. */
  derive?: Derive;
}

/** What a caller refused for load gets: 503 with a hint the gateway turns into Retry-After. */
export const RETRY_AFTER_SECONDS = 1;

function busy(): AppError {
  return new AppError('UNAVAILABLE', 'Too many sign-ins at the moment; retry shortly', { retryAfter: RETRY_AFTER_SECONDS });
}

/** What a caller gets whose account or address already holds its share of the lane: 429, retry shortly. */
function overShare(): AppError {
  return new AppError('RATE_LIMITED', 'Too many sign-ins for this account or address at once; retry shortly', {
    retryAfter: RETRY_AFTER_SECONDS,
  });
}

/**
 * Whose password work a call is: the account (the normalised e-mail) and the client address the
 * gateway saw. Either may be missing (an internal caller); a missing one limits nothing.
 */
export interface PasswordCaller {
  account?: string | undefined;
  address?: string | undefined;
}

function callerKeys(caller: PasswordCaller): string[] {
  const keys: string[] = [];
  if (caller.account) keys.push(`account:${caller.account}`);
  if (caller.address) keys.push(`address:${caller.address}`);
  return keys;
}

interface Waiter {
  keys: string[];
  admit: () => void;
}

/**
 * A bounded admission queue: `concurrency` run, up to `maxQueue` wait at most `maxWaitMs`, and
 * anyone beyond that is refused at once. Refusing fast is the point: an unbounded queue made
 * every caller wait (and time out) once arrivals outran the cores.
 *
 * No account or address runs on every slot at once: each runs at most `concurrency - 1` (at least
 * one), so a slot is always left for someone else; its further calls wait even beside a free slot.
 * A freed slot goes to the waiter whose account and address have the fewest computations running
 * (ties: the one waiting longest), not simply the oldest: a burst of one account's logins queued
 * ahead of another person's does not make that person wait for all of them.
 */
class Lane {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Computations running per caller key. */
  private readonly runningBy = new Map<string, number>();
  private readonly perKeyRunning: number;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
    /** Undefined: no timeout (the stand-in lane, which must never refuse on its own). */
    private readonly maxWaitMs: number | undefined,
    private readonly onShed: () => void,
  ) {
    this.perKeyRunning = Math.max(1, concurrency - 1);
  }

  /** Callers waiting for a computation now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Whether a caller arriving now would be let in or queued (not refused at once). */
  hasRoom(): boolean {
    return this.running < this.concurrency || this.waiting.length < this.maxQueue;
  }

  async run<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency && this.mayRun(keys)) {
      this.running++;
      this.count(keys, 1);
    } else {
      if (this.waiting.length >= this.maxQueue) {
        this.onShed();
        throw busy();
      }
      // Admitted by a finishing caller, who hands over its slot (running stays counted) and counts
      // this caller's keys as running at once, before anyone else is admitted.
      await new Promise<void>((resolve, reject) => {
        const entry: Waiter = {
          keys,
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
                // Still held back by its own account's or address's computations: its own excess
                // (429), not the service's load (503).
                if (!this.mayRun(keys)) {
                  reject(overShare());
                  return;
                }
                this.onShed();
                reject(busy());
              }, this.maxWaitMs);
        this.waiting.push(entry);
      });
    }
    try {
      return await fn();
    } finally {
      this.count(keys, -1);
      const next = this.takeNext();
      if (next) {
        this.count(next.keys, 1);
        next.admit();
      } else this.running--;
    }
  }

  private count(keys: string[], by: number): void {
    for (const k of keys) {
      const n = (this.runningBy.get(k) ?? 0) + by;
      if (n > 0) this.runningBy.set(k, n);
      else this.runningBy.delete(k);
    }
  }

  /** Whether none of the caller's keys already runs its most. */
  private mayRun(keys: string[]): boolean {
    return keys.every((k) => (this.runningBy.get(k) ?? 0) < this.perKeyRunning);
  }

  /** The waiter a freed slot goes to: allowed to run, fewest computations of its keys running. */
  private takeNext(): Waiter | undefined {
    let best = -1;
    let bestLoad = Infinity;
    for (let i = 0; i < this.waiting.length; i++) {
      if (!this.mayRun(this.waiting[i]!.keys)) continue;
      const load = this.waiting[i]!.keys.reduce((sum, k) => sum + (this.runningBy.get(k) ?? 0), 0);
      if (load < bestLoad) {
        best = i;
        bestLoad = load;
        if (load === 0) break;
      }
    }
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }
}

const SAMPLES = 64;

/**
 * The one way accounts hashes or checks passwords (one per process, built in service.ts).
 *
 * Real work (sign-up, login of a known address, reset confirmation) goes through one bounded
 * lane; beyond it callers get a fast 503 UNAVAILABLE instead of all timing out together.
 *
 * The lane is shared fairly (docs/decisions.md, "Fair sign-in admission"): one account holds at
 * most `placesPerAccount` of its places (running or waiting) and one client address at most
 * `placesPerAddress`, counted over both lanes below; a caller beyond its share gets 429
 * RATE_LIMITED with the retry hint at once, so a flood of one account or from one address cannot
 * fill the lane and turn everyone else away. A freed slot goes to the waiter whose keys have the
 * fewest computations running.
 *
 * A login for an address without an account must take as long as a wrong password, but must not
 * spend a scrypt computation: otherwise a flood of random addresses fills the lane and real
 * sign-ins are refused. So it goes through a lane of the same shape whose "work" is a sleep as
 * long as a real computation recently took (sampled from the last 64), and it is refused whenever
 * a real check arriving at the same moment would be (the shares included). Answers follow the
 * same rules with or without an account, and so does timing as far as one process can make it;
 * only CPU is spared.
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
  private readonly overShare: Counter<string> | undefined;
  /** Places (running or waiting, either lane) held per caller key. */
  private readonly places = new Map<string, number>();
  private readonly placesPerAccount: number;
  private readonly placesPerAddress: number;

  constructor(options: PasswordHasherOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    const maxQueue = options.maxQueue ?? 16;
    const maxWaitMs = options.maxWaitMs ?? 5000;
    this.placesPerAccount = options.placesPerAccount ?? 3;
    this.placesPerAddress = options.placesPerAddress ?? 4;
    this.computations = options.metrics
      ? new Counter({ name: 'accounts_password_computations_total', help: 'scrypt computations run', registers: [options.metrics] })
      : undefined;
    this.shed = options.metrics
      ? new Counter({ name: 'accounts_password_shed_total', help: 'Password checks refused for load (503)', registers: [options.metrics] })
      : undefined;
    this.overShare = options.metrics
      ? new Counter({
          name: 'accounts_password_over_share_total',
          help: 'Password checks refused because their account or address held its share of the lane (429)',
          registers: [options.metrics],
        })
      : undefined;
    this.real = new Lane(concurrency, maxQueue, maxWaitMs, () => this.shed?.inc());
    this.stand = new Lane(concurrency, maxQueue, undefined, () => undefined);
    if (options.metrics) {
      const real = this.real;
      new Gauge({
        name: 'accounts_password_waiting',
        help: 'Password checks waiting for a computation',
        registers: [options.metrics],
        collect() {
          this.set(real.queued);
        },
      });
    }
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

  hash(password: string, caller: PasswordCaller = {}): Promise<string> {
    return this.inRealLane(caller, () => hashPassword(password, this.derive));
  }

  verify(password: string, stored: string, caller: PasswordCaller = {}): Promise<boolean> {
    return this.inRealLane(caller, () => verifyPassword(password, stored, this.derive));
  }

  /** The check a login for an unknown address goes through: always false, same timing and refusals. */
  async verifyNobody(caller: PasswordCaller = {}): Promise<false> {
    if (!this.real.hasRoom()) {
      this.shed?.inc();
      throw busy();
    }
    const keys = callerKeys(caller);
    const release = this.claim(keys);
    try {
      const ms = this.sample();
      if (ms === undefined) {
        // No real computation yet (warm-up still running): spend one, as before.
        await this.real.run(keys, () => verifyPassword('nobody', 'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA', this.derive));
        return false;
      }
      const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, ms));
      // The stand-in lane makes parallel attempts wait for each other as real ones do. It never
      // refuses on its own (no timeout; once full, further attempts only sleep): a refusal here,
      // where a known address would get its 401, would tell the two apart.
      if (this.stand.hasRoom()) await this.stand.run(keys, sleep);
      else await sleep();
      return false;
    } finally {
      release();
    }
  }

  /** Real work for `caller`: refused for load (503) first, then for the caller's share (429). */
  private async inRealLane<T>(caller: PasswordCaller, fn: () => Promise<T>): Promise<T> {
    if (!this.real.hasRoom()) {
      this.shed?.inc();
      throw busy();
    }
    const keys = callerKeys(caller);
    const release = this.claim(keys);
    try {
      return await this.real.run(keys, fn);
    } finally {
      release();
    }
  }

  /** Takes one place for each key, or refuses with 429 if one of them already holds its share. */
  private claim(keys: string[]): () => void {
    for (const k of keys) {
      const share = k.startsWith('account:') ? this.placesPerAccount : this.placesPerAddress;
      if ((this.places.get(k) ?? 0) >= share) {
        this.overShare?.inc();
        throw overShare();
      }
    }
    for (const k of keys) this.places.set(k, (this.places.get(k) ?? 0) + 1);
    return () => {
      for (const k of keys) {
        const n = (this.places.get(k) ?? 0) - 1;
        if (n > 0) this.places.set(k, n);
        else this.places.delete(k);
      }
    };
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
