import type { Clock, Logger, Service } from '@cred/runtime';
import { ServiceHost, openBroker } from '@cred/service-kit';
import type { BillingConfig } from './config.js';

export interface BillingOverrides {
  logger?: Logger;
  clock?: Clock;
}

export interface BillingService extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
}

/**
 * Billing: receives the payment provider's webhook (passed through by the gateway) and
 * changes organizations' plans through the accounts service. This issue wires its plumbing
 * and health; the webhook handling is the billing issue's.
 */
export function createBillingService(config: BillingConfig, overrides: BillingOverrides = {}): BillingService {
  const host = new ServiceHost('billing', config, overrides);
  let port = 0;
  return {
    name: 'billing',
    host,
    grpcPort: () => port,
    async start() {
      await host.startOps();
      host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });
      openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const server = await host.serveGrpc(config.GRPC_PORT, []);
      port = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
