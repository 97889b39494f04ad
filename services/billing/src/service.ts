import { callerIdentity, createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { ServiceHost, grpcServiceProcess, openBroker, type GrpcServiceProcess, type ServiceOverrides } from '@cred/service-kit';
import type { BillingConfig } from './config.js';
import type { AccountsPort } from './app/handle-provider-webhook.js';
import { migrations } from './db/migrations.js';
import { billingBinding } from './grpc/billing-server.js';
import type { PaymentProviderAdapter } from './providers/provider-adapter.js';
import { createStripeAdapter } from './providers/stripe-adapter.js';

export type BillingOverrides = ServiceOverrides;
export type BillingService = GrpcServiceProcess;

/**
 * Billing: receives the payment provider's webhook (passed through by the gateway with the raw
 * body and signature header), verifies it, and changes organizations' plans and subscription
 * states through the accounts service, once per provider event.
 */
export function createBillingService(config: BillingConfig, overrides: BillingOverrides = {}): BillingService {
  const host = new ServiceHost('billing', config, overrides);
  return grpcServiceProcess(host, config, {
    async compose() {
      const db = await host.openSchema(config, overrides.migrate ? migrations : undefined);
      openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const accountsClient = createClient(loadProtos().accounts.AccountsService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 5000, identity: callerIdentity('billing', config.RPC_IDENTITY_KEY) });
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
      return [billingBinding({ db, clock: host.clock, logger: host.logger.child({ subsystem: 'webhooks' }), adapters, accounts })];
    },
  });
}

export { migrations };
export { loadConfig, ENV_VARS, type BillingConfig } from './config.js';
