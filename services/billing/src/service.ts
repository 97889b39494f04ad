import type { Clock, Logger, Service } from '@cred/runtime';
import { migrateSchema } from '@cred/db';
import { createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { ServiceHost, openBroker } from '@cred/service-kit';
import type { BillingConfig } from './config.js';
import type { AccountsPort } from './app/handle-provider-webhook.js';
import { migrations } from './db/migrations.js';
import { billingBinding } from './grpc/billing-server.js';
import type { PaymentProviderAdapter } from './providers/provider-adapter.js';
import { createStripeAdapter } from './providers/stripe-adapter.js';

export interface BillingOverrides {
  logger?: Logger;
  clock?: Clock;
  /** Apply this service's migrations on start (tests, single-node dev); production runs `pnpm migrate`. */
  migrate?: boolean;
}

export interface BillingService extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
}

/**
 * Billing: receives the payment provider's webhook (passed through by the gateway with the raw
 * body and signature header), verifies it, and changes organizations' plans and subscription
 * states through the accounts service, once per provider event.
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
      const db = host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });
      if (overrides.migrate) await migrateSchema(db, config.DB_SCHEMA, migrations);
      openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const accountsClient = createClient(loadProtos().accounts.AccountsService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 5000 });
      host.onStop('accounts-client', () => accountsClient.close());
      // Accounts records the change in its audit log under this actor (Stripe is the only adapter).
      const asProvider = { actor: 'provider:stripe' };
      const accounts: AccountsPort = {
        async setSubscription(organizationId, plan, subscriptionStatus) {
          await accountsClient.SetSubscription({ organization_id: organizationId, plan, subscription_status: subscriptionStatus }, asProvider);
        },
        async setPlan(organizationId, plan) {
          await accountsClient.SetPlan({ organization_id: organizationId, plan }, asProvider);
        },
      };
      const adapters = new Map<string, PaymentProviderAdapter>([['stripe', createStripeAdapter(config.STRIPE_WEBHOOK_SECRET)]]);
      const server = await host.serveGrpc(config.GRPC_PORT, [
        billingBinding({ db, clock: host.clock, logger: host.logger.child({ subsystem: 'webhooks' }), adapters, accounts }),
      ]);
      port = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}

export { migrations };
export { loadConfig, ENV_VARS, type BillingConfig } from './config.js';
