import { env } from './config.js';

/** Default ports of the platform on one machine; docker-compose and k8s use the same. */
export const DEFAULT_PORTS = {
  gateway: { http: 8080, ops: 9100 },
  accounts: { grpc: 50051, ops: 9101 },
  issuance: { grpc: 50052, ops: 9102 },
  signing: { grpc: 50053, ops: 9103 },
  verification: { grpc: 50054, ops: 9104, http: 8081 },
  notification: { grpc: 50055, ops: 9105 },
  billing: { grpc: 50056, ops: 9106 },
} as const;

export const LOCAL_DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/credentials',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  BASE_URL: 'http://localhost:8080',
  EVENTS_EXCHANGE: 'credentials.events',
} as const;

/** Variables every service reads. */
export const commonEnv = (ops: number) => ({
  LOG_LEVEL: env.logLevel(),
  OPS_PORT: env.port(ops),
  /** Test mode only: lets the harness move the application clock over the ops port. */
  TEST_CLOCK: env.bool(false),
});

/** Variables of a service that owns a PostgreSQL schema and talks to RabbitMQ. */
export const persistenceEnv = (schema: string) => ({
  DATABASE_URL: env.url(LOCAL_DEFAULTS.DATABASE_URL),
  DB_SCHEMA: env.string(schema),
  DB_POOL_MAX: env.int(10, 1, 100),
  AMQP_URL: env.url(LOCAL_DEFAULTS.AMQP_URL),
  EVENTS_EXCHANGE: env.string(LOCAL_DEFAULTS.EVENTS_EXCHANGE),
});

export const grpcServerEnv = (port: number) => ({
  GRPC_PORT: env.port(port),
  /**
   * The interface the gRPC server listens on: this machine only by default (`npm start`, tests);
   * 0.0.0.0 in a container, where other pods or containers call it (the Dockerfile sets it).
   */
  GRPC_HOST: env.string('127.0.0.1'),
});
