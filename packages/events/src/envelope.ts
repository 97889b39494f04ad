import { newEventId, systemClock, type Clock } from '@cred/runtime';

/**
 * A domain event as it travels through the outbox and RabbitMQ. The type doubles as the
 * routing key on the topic exchange (`credential.issued`, `bulk_issuance.completed`).
 */
export interface DomainEvent<T = unknown> {
  /** `evt_<hex>`; also the AMQP messageId and the inbox key. */
  id: string;
  type: string;
  /** Schema version of `data` for this type; bump on incompatible changes. */
  version: number;
  /** ISO-8601 instant from the application clock. */
  createdAt: string;
  /** The service that wrote the event (`issuance`). */
  producer: string;
  data: T;
}

export interface NewEvent<T> {
  type: string;
  producer: string;
  data: T;
  version?: number;
  /** Tests may fix the id; production code lets it be generated. */
  id?: string;
  clock?: Clock;
}

export function createEvent<T>(input: NewEvent<T>): DomainEvent<T> {
  return {
    id: input.id ?? newEventId(),
    type: input.type,
    version: input.version ?? 1,
    createdAt: (input.clock ?? systemClock).now().toISOString(),
    producer: input.producer,
    data: input.data,
  };
}

export type ParseResult = { ok: true; event: DomainEvent<unknown> } | { ok: false; error: string };

const TYPE_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

/**
 * Validates the envelope only; `data` is the handler's business. Anything failing here is
 * poison that no retry can fix, so consumers dead-letter it at once.
 */
export function parseEvent(content: Buffer | string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(typeof content === 'string' ? content : content.toString('utf8'));
  } catch {
    return { ok: false, error: 'body is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'body is not a JSON object' };
  }
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || !v.id.startsWith('evt_') || v.id.length < 5) return { ok: false, error: 'missing or invalid id' };
  if (typeof v.type !== 'string' || !TYPE_PATTERN.test(v.type)) return { ok: false, error: 'missing or invalid type' };
  if (typeof v.version !== 'number' || !Number.isInteger(v.version) || v.version < 1) {
    return { ok: false, error: 'missing or invalid version' };
  }
  if (typeof v.createdAt !== 'string' || Number.isNaN(Date.parse(v.createdAt))) {
    return { ok: false, error: 'missing or invalid createdAt' };
  }
  if (typeof v.producer !== 'string' || v.producer.length === 0) return { ok: false, error: 'missing producer' };
  if (!('data' in v)) return { ok: false, error: 'missing data' };
  return {
    ok: true,
    event: { id: v.id, type: v.type, version: v.version, createdAt: v.createdAt, producer: v.producer, data: v.data },
  };
}
