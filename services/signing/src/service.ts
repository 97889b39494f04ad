import type { Logger, Clock, Service } from '@cred/runtime';
import { createEvent, writeOutbox } from '@cred/events';
import { ServiceHost, openBroker, startOutboxRelay } from '@cred/service-kit';
import type { SigningConfig } from './config.js';
import { KeyService } from './app/key-service.js';
import { signingBinding } from './grpc/signing-server.js';

export interface SigningOverrides {
  logger?: Logger;
  clock?: Clock;
}

export interface SigningService extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
}

/**
 * Signing: the only holder of private keys. Serves SigningService over gRPC (only the
 * issuance service may reach it; see k8s NetworkPolicies) and publishes each new public key
 * as `signing.key.created`, so the verification service can serve did.json without ever
 * calling this service.
 */
export function createSigningService(config: SigningConfig, overrides: SigningOverrides = {}): SigningService {
  const host = new ServiceHost('signing', config, overrides);
  let port = 0;
  return {
    name: 'signing',
    host,
    grpcPort: () => port,
    async start() {
      await host.startOps();
      const db = host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const relay = await startOutboxRelay(host, db, config.DB_SCHEMA, broker, config.EVENTS_EXCHANGE);
      const keys = new KeyService({
        db,
        clock: host.clock,
        logger: host.logger,
        baseUrl: config.BASE_URL,
        kek: Buffer.from(config.KEY_ENCRYPTION_KEY, 'hex'),
        onKeyCreated: async (trx, key) => {
          const event = createEvent({
            type: 'signing.key.created',
            producer: 'signing',
            clock: host.clock,
            data: {
              organizationId: key.organizationId,
              organizationSlug: key.organizationSlug,
              keyId: key.keyId,
              sequence: key.sequence,
              publicKeyMultibase: key.publicKeyMultibase,
              createdAt: key.createdAt.toISOString(),
            },
          });
          await writeOutbox(trx, config.DB_SCHEMA, event);
          trx.executionPromise.then(() => relay.wake(), () => undefined);
        },
      });
      const server = await host.serveGrpc(config.GRPC_PORT, [signingBinding(keys, () => host.clock.now())]);
      port = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
