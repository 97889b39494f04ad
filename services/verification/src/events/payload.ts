/**
 * Reading event payloads defensively. The producers are other services (and other engineers):
 * a payload that does not match the contract throws, the consumer retries a bounded number of
 * times and then parks it in the dead-letter queue instead of writing half a record.
 */
export class PayloadError extends Error {
  constructor(eventType: string, problem: string) {
    super(`${eventType}: ${problem}`);
    this.name = 'PayloadError';
  }
}

export class PayloadReader {
  constructor(
    private readonly eventType: string,
    private readonly value: Record<string, unknown>,
    private readonly path = 'data',
  ) {}

  static of(eventType: string, data: unknown, path = 'data'): PayloadReader {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new PayloadError(eventType, `${path} is not an object`);
    return new PayloadReader(eventType, data as Record<string, unknown>, path);
  }

  fail(field: string, problem: string): never {
    throw new PayloadError(this.eventType, `${this.path}.${field} ${problem}`);
  }

  object(field: string): PayloadReader {
    return PayloadReader.of(this.eventType, this.value[field], `${this.path}.${field}`);
  }

  raw(field: string): unknown {
    return this.value[field];
  }

  string(field: string): string {
    const v = this.value[field];
    if (typeof v !== 'string' || v.length === 0) this.fail(field, 'must be a non-empty string');
    return v;
  }

  /** A string that may be empty (descriptions). */
  text(field: string): string {
    const v = this.value[field];
    if (typeof v !== 'string') this.fail(field, 'must be a string');
    return v;
  }

  optionalString(field: string): string | null {
    const v = this.value[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') this.fail(field, 'must be a string or null');
    return v;
  }

  boolean(field: string): boolean {
    const v = this.value[field];
    if (typeof v !== 'boolean') this.fail(field, 'must be a boolean');
    return v;
  }

  optionalInteger(field: string): number | null {
    const v = this.value[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) this.fail(field, 'must be an integer or null');
    return v;
  }

  date(field: string): Date {
    const v = this.value[field];
    const d = typeof v === 'string' ? new Date(v) : undefined;
    if (!d || Number.isNaN(d.getTime())) this.fail(field, 'must be an ISO 8601 timestamp');
    return d;
  }

  optionalDate(field: string): Date | null {
    const v = this.value[field];
    if (v === undefined || v === null) return null;
    return this.date(field);
  }

  stringArray(field: string): string[] {
    const v = this.value[field];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) this.fail(field, 'must be an array of strings');
    return v as string[];
  }

  oneOf<T extends string>(field: string, allowed: readonly T[]): T {
    const v = this.value[field];
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) this.fail(field, `must be one of ${allowed.join(', ')}`);
    return v as T;
  }
}

/** Versions of a type this consumer understands; anything else is parked, not guessed at. */
export function requireVersion(event: { type: string; version: number }, supported: readonly number[]): void {
  if (!supported.includes(event.version)) throw new PayloadError(event.type, `unsupported version ${event.version}`);
}
