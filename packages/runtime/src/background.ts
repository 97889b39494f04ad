import type { Logger } from './logger.js';
import { Counter, type Registry } from './metrics.js';

/**
 * The platform's one backoff formula: `firstMs` after the first failure, doubling after each
 * further one, never more than `capMs`. `attempt` counts failures so far (1 = the first).
 */
export function doublingDelay(attempt: number, firstMs: number, capMs = Number.POSITIVE_INFINITY): number {
  return Math.min(firstMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30), capMs);
}

export interface BackgroundLoopOptions {
  /** For log lines: what the loop does ("expiry sweep"). */
  name: string;
  logger: Logger;
  /**
   * One pass over the work. Resolves true when more work may be waiting (the next pass starts
   * at once), false when the work ran dry (the loop sleeps until woken or `intervalMs` passes).
   * `isStopping()` turns true once stop() was called: a long pass should end at its next step.
   */
  pass(isStopping: () => boolean): Promise<boolean>;
  /** The idle wait between passes: the fallback poll for work nobody woke the loop for. */
  intervalMs: number;
  /** After a failed pass, the wait doubles from this (capped at `intervalMs` × 8 at least). */
  failureDelayMs?: number;
  /**
   * Where `background_passes_total{loop, outcome}` is counted (outcome `ok` or `failed`): an
   * operator's alert on failing passes, and a test's signal that a pass ran to its end.
   */
  metrics?: Registry;
}

/** The pass counter of a registry (several loops of one service share it). */
function passCounter(registry: Registry): Counter<string> {
  const name = 'background_passes_total';
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<string>;
  return new Counter({ name, help: 'Background loop passes that ended, by loop and outcome', labelNames: ['loop', 'outcome'], registers: [registry] });
}

/**
 * A background loop: runs `pass` until the work runs dry, then sleeps until `wake()` or the poll
 * interval. Wakes that arrive during a pass are kept (one more pass follows), a failed pass is
 * logged and retried after a doubling delay, and `stop()` resolves once the pass in flight has
 * finished; no pass starts after it. The pieces of work themselves take their leases (FOR UPDATE
 * SKIP LOCKED, lease columns) in the pass, so replicas run the same loop side by side.
 */
export class BackgroundLoop {
  private running = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private wokenDuringPass = false;
  private failures = 0;
  private readonly passes: Counter<string> | undefined;

  constructor(private readonly o: BackgroundLoopOptions) {
    this.passes = o.metrics ? passCounter(o.metrics) : undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.wake();
  }

  /** Runs a pass now (or right after the one in flight). */
  wake(): void {
    if (!this.running) return;
    if (this.inFlight) {
      this.wokenDuringPass = true;
      return;
    }
    this.clearTimer();
    this.inFlight = this.runPasses().finally(() => {
      this.inFlight = undefined;
      this.afterPasses();
    });
  }

  /** Stops the loop: no new pass; resolves when the pass in flight has finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    this.clearTimer();
    await this.inFlight;
  }

  private async runPasses(): Promise<void> {
    try {
      let more = true;
      while (more && !this.stopping) {
        this.wokenDuringPass = false;
        more = await this.o.pass(() => this.stopping);
        this.passes?.inc({ loop: this.o.name, outcome: 'ok' });
      }
      this.failures = 0;
    } catch (err) {
      this.passes?.inc({ loop: this.o.name, outcome: 'failed' });
      this.failures++;
      this.o.logger.error({ err: err instanceof Error ? err.message : String(err), failures: this.failures }, `${this.o.name} failed; retrying`);
    }
  }

  private afterPasses(): void {
    if (!this.running) return;
    if (this.failures > 0) {
      const first = this.o.failureDelayMs ?? Math.min(this.o.intervalMs, 1000);
      this.sleep(doublingDelay(this.failures, first, Math.max(this.o.intervalMs * 8, first)));
      return;
    }
    if (this.wokenDuringPass) {
      this.wokenDuringPass = false;
      this.wake();
      return;
    }
    this.sleep(this.o.intervalMs);
  }

  private sleep(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, ms);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * A worker whose pass takes all the work there is (a queue drained, a sweep run to its end) and
 * then sleeps on a BackgroundLoop until woken or `intervalMs` passes. A subclass writes
 * `drainAll()`, which ends at its next step once `stopping` turned true; stop() resolves when
 * the pass in flight has finished.
 */
export abstract class DrainingWorker {
  private readonly loop: BackgroundLoop;
  /** True from stop() until the next start(). */
  protected stopping = false;

  constructor(o: { name: string; logger: Logger; intervalMs: number; metrics?: Registry }) {
    // drainAll() leaves nothing due, so a pass never asks for another before a wake or the poll.
    this.loop = new BackgroundLoop({
      ...o,
      pass: async () => {
        await this.drainAll();
        return false;
      },
    });
  }

  /** Does all the work due now. */
  protected abstract drainAll(): Promise<unknown>;

  start(): void {
    this.stopping = false;
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
  }

  /** Runs a pass now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }
}
