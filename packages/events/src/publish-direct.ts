import type { BrokerConnection } from './connection.js';
import type { DomainEvent } from './envelope.js';
import { DEFAULT_EXCHANGE, declareExchange } from './topology.js';

/**
 * Publishes one event straight to the exchange with a confirm, bypassing the outbox.
 * For tests, scripts and replays only: production events go through writeOutbox + OutboxRelay,
 * otherwise a crash between the database commit and this call loses the event.
 */
export async function publishDirect(
  connection: BrokerConnection,
  event: DomainEvent<unknown>,
  exchange: string = DEFAULT_EXCHANGE,
): Promise<void> {
  const model = connection.current();
  if (!model) throw new Error('broker connection is not open');
  const ch = await model.createConfirmChannel();
  try {
    await declareExchange(ch, exchange);
    await new Promise<void>((resolve, reject) => {
      ch.publish(
        exchange,
        event.type,
        Buffer.from(JSON.stringify(event)),
        { persistent: true, messageId: event.id, type: event.type, contentType: 'application/json' },
        (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
  } finally {
    await ch.close().catch(() => undefined);
  }
}
