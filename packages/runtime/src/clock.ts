/**
 * The one application clock (docs/contract.md "Time"). Everything time-dependent reads it,
 * never Date.now() directly and never the database's now(), so tests can move time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock offset from the system clock; tests move it with advance() or set(). */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
