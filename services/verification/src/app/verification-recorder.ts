import type { Knex } from '@cred/db';
import { Counter, type Clock, type Logger, type Registry } from '@cred/runtime';
import { verificationStatsStore, type VerificationCount } from '../db/verification-stats-store.js';
import type { VerificationChannel } from '../domain/model.js';

export interface VerificationEntry {
  credentialUuid: string;
  organizationId: string;
  badgeId: string;
  channel: VerificationChannel;
  outcome: string;
}

export interface VerificationRecorder {
  /** Never waits and never throws: the hot path only bumps a counter in memory. */
  record(entry: VerificationEntry): void;
  /** Writes what is buffered (also called on a timer and on stop). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const FLUSH_INTERVAL_MS = 1000;
/** Distinct counters held before a flush is forced; beyond twice this, new ones are dropped (and counted). */
const MAX_BUFFERED = 5000;

/** One counter per (day, credential, channel, outcome). */
const keyOf = (e: Pick<VerificationEntry, 'credentialUuid' | 'channel' | 'outcome'>, day: string): string =>
  `${day}|${e.credentialUuid}|${e.channel}|${e.outcome}`;

/**
 * Verification analytics (docs/contract.md: every verification is logged, nothing about the verifier).
 * Verifications are aggregated in memory per (day, credential, channel, outcome) and added to
 * `verification_daily` in one statement per second, so a burst of verifications costs a few
 * upserts, and a slow or unavailable database never slows a verification down. A failed write
 * keeps its counts for the next flush; the buffer is bounded, so an outage loses counts rather
 * than memory.
 */
export function createVerificationRecorder(deps: { db: Knex; clock: Clock; logger: Logger; metrics: Registry }): VerificationRecorder {
  let buffer = new Map<string, VerificationCount>();
  let flushing: Promise<void> | undefined;
  let stopped = false;
  const dropped = new Counter({
    name: 'verification_stats_dropped_total',
    help: 'Verification counts dropped because the analytics buffer was full',
    registers: [deps.metrics],
  });

  const add = (into: Map<string, VerificationCount>, c: VerificationCount, key = keyOf(c, c.day)): boolean => {
    const existing = into.get(key);
    if (existing) {
      existing.count += c.count;
      return true;
    }
    if (into.size >= MAX_BUFFERED * 2) return false;
    into.set(key, { ...c });
    return true;
  };

  const flush = (): Promise<void> => {
    if (flushing) return flushing.then(() => (buffer.size > 0 ? flush() : undefined));
    if (buffer.size === 0) return Promise.resolve();
    const batch = buffer;
    buffer = new Map();
    flushing = verificationStatsStore
      .increment(deps.db, [...batch.values()])
      .catch((err: unknown) => {
        deps.logger.warn({ err }, 'could not write verification counts; keeping them for the next flush');
        for (const c of batch.values()) if (!add(buffer, c)) dropped.inc(c.count);
      })
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  };

  // The UTC day of the last record: recomputed only when the clock leaves that day.
  let dayStart = 0;
  let dayEnd = -1;
  let dayText = '';
  const today = (): string => {
    const now = deps.clock.now().getTime();
    if (now < dayStart || now >= dayEnd) {
      dayStart = now - (now % 86_400_000);
      dayEnd = dayStart + 86_400_000;
      dayText = new Date(dayStart).toISOString().slice(0, 10);
    }
    return dayText;
  };

  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    record(entry) {
      if (stopped) return;
      const day = today();
      // The usual case, a counter that exists, allocates nothing but the key.
      const key = keyOf(entry, day);
      const existing = buffer.get(key);
      if (existing) existing.count += 1;
      else if (!add(buffer, { ...entry, day, count: 1 }, key)) dropped.inc();
      if (buffer.size >= MAX_BUFFERED && !flushing) void flush();
    },
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await flush();
    },
  };
}
