import { randomBytes } from 'node:crypto';

/**
 * Audit entry ids that sort in the order this process made them (UUID version 7, RFC 9562,
 * with a counter in its 12 `rand_a` bits). The log is read newest first by `occurred_at` and
 * then by id, and one request often records several entries at the same millisecond (an
 * invitation accepted and the member it adds): with random ids their order in the log was a
 * coin toss; with these, entries of one service at the same instant come back in the order
 * they were written. Entries of different services at the same instant stay ordered only by id.
 *
 * The first 48 bits are the time in milliseconds (`now`, not the application clock, which
 * tests may stop). Within one millisecond the counter counts up from a random start below
 * 2048; if it passes 4095 the time part moves on by one millisecond, and a clock that steps
 * back keeps the last time part, so ids never go backwards within a process. The remaining
 * 62 bits are random.
 */
export function createAuditIdSource(now: () => number = Date.now): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    const ms = now();
    if (ms > lastMs) {
      lastMs = ms;
      counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
    } else if (++counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
    const b = randomBytes(16);
    b.writeUIntBE(lastMs, 0, 6);
    b[6] = 0x70 | (counter >> 8);
    b[7] = counter & 0xff;
    b[8] = 0x80 | (b[8]! & 0x3f);
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
}

/** The process's one source: every `recordAudit` of this process draws from it. */
export const newAuditEntryId = createAuditIdSource();
