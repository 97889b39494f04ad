import { z } from 'zod';
import { createEvent, type DomainEvent } from '@cred/events';
import type { Clock } from '@cred/runtime';
import { EVENT_CATALOG } from './catalog.js';

export { EVENT_CATALOG } from './catalog.js';
export { describeCatalog, type CatalogEntry } from './describe.js';

export type EventType = keyof typeof EVENT_CATALOG;
/** The data of an event type as consumers read it (UUIDs lower-cased, names trimmed). */
export type EventData<T extends EventType> = z.output<(typeof EVENT_CATALOG)[T]['data']>;
/** The data of an event type as producers write it. */
export type EventInput<T extends EventType> = z.input<(typeof EVENT_CATALOG)[T]['data']>;

/**
 * An event whose data breaks its contract, or a version this code does not know. No retry can
 * fix it: consumers dead-letter it; producers fail the transaction that would have written it.
 */
export class EventContractError extends Error {
  constructor(
    readonly eventType: string,
    problem: string,
  ) {
    super(`${eventType}: ${problem}`);
    this.name = 'EventContractError';
  }
}

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CATALOG, type);
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = ['data', ...issue.path.map(String)].join('.');
  return `${path} ${issue.message}`;
}

/**
 * A new event of a catalogued type, its data checked against the contract (a producer bug
 * surfaces in the producer's transaction, never in a consumer's dead-letter queue). The data is
 * written as given, not as parsed, so nothing the producer meant is rewritten on the way out.
 */
export function newEvent<T extends EventType>(
  type: T,
  data: EventInput<T>,
  options: { producer: string; clock?: Clock; id?: string },
): DomainEvent<EventInput<T>> {
  const contract = EVENT_CATALOG[type];
  const checked = contract.data.safeParse(data);
  if (!checked.success) throw new EventContractError(type, problemOf(checked.error));
  return createEvent({ type, version: contract.version, producer: options.producer, clock: options.clock, id: options.id, data });
}

/**
 * The data of a received event, read through its contract. `types` lists what the caller
 * handles: an event of another type, another version or with data that breaks the contract
 * throws EventContractError.
 */
export function readEvent<T extends EventType>(event: DomainEvent<unknown>, ...types: T[]): EventData<T> {
  if (!(types as string[]).includes(event.type) || !isEventType(event.type)) {
    throw new EventContractError(event.type, 'not a type this consumer handles');
  }
  const contract = EVENT_CATALOG[event.type as T];
  if (event.version !== contract.version) throw new EventContractError(event.type, `unsupported version ${event.version}`);
  const parsed = contract.data.safeParse(event.data);
  if (!parsed.success) throw new EventContractError(event.type, problemOf(parsed.error));
  return parsed.data as EventData<T>;
}
