export { createEvent, parseEvent, type DomainEvent, type NewEvent, type ParseResult } from './envelope.js';
export {
  DEFAULT_EXCHANGE,
  consumerTopology,
  deadLetterExchangeName,
  declareExchange,
  declareConsumerTopology,
  type ConsumerTopology,
  type QueueSettings,
} from './topology.js';
export { createBrokerConnection, type BrokerConnection, type BrokerConnectionOptions, type SetupFn } from './connection.js';
export { eventsMigration } from './outbox-migration.js';
export { writeOutbox, pruneOutbox } from './outbox.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';
export { startConsumer, priorAttempts, type Consumer, type ConsumerOptions, type EventHandler, type BatchEventHandler } from './consumer.js';
export { publishDirect } from './publish-direct.js';
