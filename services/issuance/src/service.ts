import type { Clock, Logger, Service } from '@cred/runtime';
import { loadProtos } from '@cred/proto';
import { createClient, checkGrpcHealth } from '@cred/grpc';
import { ServiceHost, openBroker, startOutboxRelay } from '@cred/service-kit';
import type { IssuanceConfig } from './config.js';
import { OrganizationCache } from './app/organizations.js';
import { issuanceBinding } from './grpc/issuance-server.js';

export interface IssuanceOverrides {
  logger?: Logger;
  clock?: Clock;
}

export interface IssuanceService extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
}

/** Issuance: badge templates and credentials, their lifecycle, and the calls to signing. */
export function createIssuanceService(config: IssuanceConfig, overrides: IssuanceOverrides = {}): IssuanceService {
  const host = new ServiceHost('issuance', config, overrides);
  let port = 0;
  return {
    name: 'issuance',
    host,
    grpcPort: () => port,
    async start() {
      await host.startOps();
      const db = host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const relay = await startOutboxRelay(host, db, config.DB_SCHEMA, broker, config.EVENTS_EXCHANGE);
      const protos = loadProtos();
      const signing = createClient(protos.signing.SigningService, config.SIGNING_GRPC_ADDR, { deadlineMs: 10000 });
      host.onStop('signing-client', () => signing.close());
      // Organization name, slug and status; not a readiness dependency (reads work without it).
      const accounts = createClient(protos.accounts.AccountsService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 5000 });
      host.onStop('accounts-client', () => accounts.close());
      // Issuing needs the signing service; report it so the platform is not "ready" without it.
      host.addReadinessCheck({ name: 'signing', check: () => checkGrpcHealth(config.SIGNING_GRPC_ADDR, 1000) });
      const server = await host.serveGrpc(config.GRPC_PORT, [
        issuanceBinding({
          db,
          schema: config.DB_SCHEMA,
          clock: host.clock,
          logger: host.logger,
          baseUrl: config.BASE_URL,
          signing,
          accounts,
          organizations: new OrganizationCache(),
          wakeRelay: () => relay.wake(),
        }),
      ]);
      port = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
