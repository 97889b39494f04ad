import type { Clock, Logger, Service } from '@cred/runtime';
import { ServiceHost, consume, openBroker } from '@cred/service-kit';
import type { VerificationConfig } from './config.js';
import { onSigningKeyCreated } from './events/signing-events.js';
import { startPublicServer } from './http/public-server.js';

export interface VerificationOverrides {
  logger?: Logger;
  clock?: Clock;
}

export interface VerificationService extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
  httpPort(): number;
}

/**
 * Verification: the public read side. Its own read model (issuer keys now; credentials in the
 * verification issue) is fed by events, so it keeps answering when issuance or signing is down.
 */
export function createVerificationService(config: VerificationConfig, overrides: VerificationOverrides = {}): VerificationService {
  const host = new ServiceHost('verification', config, overrides);
  let grpcPort = 0;
  let httpPort = 0;
  return {
    name: 'verification',
    host,
    grpcPort: () => grpcPort,
    httpPort: () => httpPort,
    async start() {
      await host.startOps();
      const db = host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      await consume(host, {
        db,
        schema: config.DB_SCHEMA,
        connection: broker,
        exchange: config.EVENTS_EXCHANGE,
        queue: 'issuer-keys',
        routingKeys: ['signing.key.created'],
        handler: onSigningKeyCreated,
      });
      const publicServer = await startPublicServer(config.HTTP_PORT, { db, logger: host.logger, baseUrl: config.BASE_URL });
      httpPort = publicServer.port;
      host.onStop('public-http', () => publicServer.close());
      // gRPC carries health now; the analytics RPC arrives with the verification issue.
      const server = await host.serveGrpc(config.GRPC_PORT, []);
      grpcPort = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
