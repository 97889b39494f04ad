import type { BatchEventHandler, EventHandler } from '@cred/events';
import type { Knex } from '@cred/db';
import { callerIdentity, createClient } from '@cred/grpc';
import { purgeExpired } from '@cred/idempotency';
import { loadProtos } from '@cred/proto';
import { ServiceHost, consume, grpcServiceProcess, openBroker, startOutboxRelay, type GrpcServiceProcess, type ServiceOverrides } from '@cred/service-kit';
import type { BrokerConnection } from '@cred/events';
import type { NotificationConfig } from './config.js';
import { WebhookService } from './app/webhook-service.js';
import { sealStoredSecrets } from './app/secret-sealer.js';
import { SecretBox } from './domain/secret-box.js';
import { loadTemplates } from './domain/email-templates.js';
import { migrations } from './db/migrations.js';
import { createSmtpMailer, type Mailer } from './email/mailer.js';
import { EmailWorker } from './email/email-worker.js';
import { ACCOUNT_EMAIL_EVENTS, CREDENTIAL_EMAIL_EVENTS, isCredentialEmailEvent, onAccountEmail } from './events/email-events.js';
import { onCredentialEvent } from './events/credential-events.js';
import { ORGANIZATION_EVENTS, onOrganizationChanged, onSigningKeysGenerated } from './events/organization-events.js';
import { onWebhookEvent, WEBHOOK_EVENT_TYPES } from './events/webhook-events.js';
import { notificationBinding } from './grpc/notification-server.js';
import { DeliveryWorker } from './webhooks/delivery-worker.js';
import { systemResolver, type Resolver } from './webhooks/safe-http.js';

export interface NotificationOverrides extends ServiceOverrides {
  mailer?: Mailer;
  /** DNS for webhook targets (tests play a rebinding resolver). */
  resolver?: Resolver;
  /** Poll intervals of the e-mail and webhook workers (ms); they are also woken on new work. */
  pollIntervalMs?: number;
  /** Delay between consumer retries (fixed when a queue is first declared). */
  consumerRetryDelayMs?: number;
  webhookTimeoutMs?: number;
  webhookConcurrency?: number;
  webhookPerEndpointConcurrency?: number;
}

export type NotificationService = GrpcServiceProcess;

/** Expired Idempotency-Key records a minute's pass deletes at most. */
const IDEMPOTENCY_PURGE_BATCH = 1000;

/**
 * Notification: consumes domain events and turns them into e-mails (SMTP, through the
 * email_sends table and its worker) and outbound webhook deliveries (through the
 * webhook_deliveries table and its worker); serves the organization's notification log and
 * webhook management to the gateway.
 */
export function createNotificationService(config: NotificationConfig, overrides: NotificationOverrides = {}): NotificationService {
  const host = new ServiceHost('notification', config, overrides);
  return grpcServiceProcess(host, config, {
    async compose() {
      const templates = loadTemplates();
      const db = await host.openSchema(config, overrides.migrate ? migrations : undefined);
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      // Notification publishes no event of its own any more; the relay drains what an earlier
      // release left in its outbox (claim-token events) during an upgrade.
      await startOutboxRelay(host, db, config.DB_SCHEMA, broker, config.EVENTS_EXCHANGE);

      const mailer = overrides.mailer ?? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
      host.onStop('smtp', () => mailer.close());
      const resolver = overrides.resolver ?? systemResolver;
      const secrets = new SecretBox(config.WEBHOOK_SECRET_KEY, config.WEBHOOK_SECRET_KEY_PREVIOUS ? [config.WEBHOOK_SECRET_KEY_PREVIOUS] : []);
      await sealStoredSecrets(db, secrets, host.logger.child({ subsystem: 'webhooks' }));
      // Claim-token hashes go to issuance before the e-mails carrying the tokens are sent. Not a
      // readiness dependency: without issuance, sends wait and retry (nothing else stops).
      const issuance = createClient(loadProtos().issuance.IssuanceService, config.ISSUANCE_GRPC_ADDR, { deadlineMs: 5000, identity: callerIdentity('notification', config.RPC_IDENTITY_KEY) });
      host.onStop('issuance-client', () => issuance.close());
      const emailWorker = new EmailWorker({
        metrics: host.metrics,
        db,
        schema: config.DB_SCHEMA,
        mailer,
        templates,
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'email' }),
        baseUrl: config.BASE_URL,
        registerClaimTokens: async (tokens) => {
          await issuance.RegisterClaimTokens({
            tokens: tokens.map((t) => ({
              credential_uuid: t.credentialUuid,
              organization_id: t.organizationId,
              token_hash: t.tokenHash,
              expires_at: t.expiresAt,
              source_event_id: t.sourceEventId,
            })),
          });
        },
        ...(overrides.pollIntervalMs ? { pollIntervalMs: overrides.pollIntervalMs } : {}),
      });
      const deliveryWorker = new DeliveryWorker({
        metrics: host.metrics,
        db,
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'webhooks' }),
        allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
        resolver,
        secrets,
        ...(overrides.pollIntervalMs ? { pollIntervalMs: overrides.pollIntervalMs } : {}),
        ...(overrides.webhookTimeoutMs ? { timeoutMs: overrides.webhookTimeoutMs } : {}),
        ...(overrides.webhookConcurrency ? { concurrency: overrides.webhookConcurrency } : {}),
        ...(overrides.webhookPerEndpointConcurrency ? { perEndpointConcurrency: overrides.webhookPerEndpointConcurrency } : {}),
      });

      const consumers = { db, broker, schema: config.DB_SCHEMA, exchange: config.EVENTS_EXCHANGE };
      await subscribe(host, consumers, 'organization-notices', ['organization.signing_keys.generated'], { handler: onSigningKeysGenerated(host.clock) }, overrides);
      await subscribe(host, consumers, 'organizations', [...ORGANIZATION_EVENTS], { handler: onOrganizationChanged(host.clock, host.logger) }, overrides);
      const emailDeps = {
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'email' }),
        baseUrl: config.BASE_URL,
        templates,
        wakeWorker: () => emailWorker.wake(),
      };
      const webhookDeps = {
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'webhooks' }),
        baseUrl: config.BASE_URL,
        wakeWorker: () => deliveryWorker.wake(),
      };
      // credential.issued / renewed: one consumer for the e-mail and the webhook fan-out. It is
      // set up (bound) before the queues that carried them in an earlier release are unbound, so
      // every event reaches at least one queue that does both (docs/events.md).
      const credentials = onCredentialEvent(emailDeps, webhookDeps);
      await subscribe(host, consumers, 'credentials', [...CREDENTIAL_EMAIL_EVENTS], credentials, overrides);
      await subscribe(host, consumers, 'account-emails', [...ACCOUNT_EMAIL_EVENTS], { handler: onAccountEmail(emailDeps) }, overrides);
      await subscribe(
        host,
        consumers,
        'webhook-fanout',
        WEBHOOK_EVENT_TYPES.filter((type) => !isCredentialEmailEvent(type)),
        // Still reads credential.issued / renewed: copies routed here before the unbinding.
        { handler: onWebhookEvent(webhookDeps), retiredRoutingKeys: CREDENTIAL_EMAIL_EVENTS },
        overrides,
      );
      // Retired (the release after this one deletes it): the e-mail queue of credential.issued /
      // renewed. Unbound; what is left in it, or what a replica of the earlier release still
      // running binds to it again, is handled like the new queue's events.
      await subscribe(host, consumers, 'credential-emails', [], { ...credentials, retiredRoutingKeys: CREDENTIAL_EMAIL_EVENTS }, overrides);

      // Workers stop before the consumers (registered after them, so stopped first).
      emailWorker.start();
      host.onStop('email-worker', () => emailWorker.stop(), 35_000);
      deliveryWorker.start();
      host.onStop('webhook-worker', () => deliveryWorker.stop(), 15_000);

      // Accounts answers what an organization may do now (webhook registration, ping, replay).
      const accounts = createClient(loadProtos().accounts.AccountsService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 5000, identity: callerIdentity('notification', config.RPC_IDENTITY_KEY) });
      host.onStop('accounts-client', () => accounts.close());
      const webhooks = new WebhookService({
        db,
        schema: config.DB_SCHEMA,
        clock: host.clock,
        allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
        resolver,
        worker: deliveryWorker,
        secrets,
        currentOrganization: async (organizationId) => {
          const org = await accounts.GetOrganization({ organization_id: organizationId });
          return { plan: org.plan, status: org.status };
        },
        memberRole: async (organizationId, userId) =>
          (await accounts.GetMembership({ organization_id: organizationId, user_id: userId })).role,
      });
      // Idempotency-Key records of registration, replay and ping that no longer bind
      // (docs/decisions.md "Idempotency-Key"): a minute's pass deletes at most a batch.
      host.every('idempotency record purge', 60_000, () => purgeExpired(db, host.clock.now(), IDEMPOTENCY_PURGE_BATCH));
      return [notificationBinding(db, webhooks, config.DB_SCHEMA)];
    },
  });
}

/** One of this service's queues; handlers only write rows (sending happens in the workers). */
function subscribe(
  host: ServiceHost,
  c: { db: Knex; broker: BrokerConnection; schema: string; exchange: string },
  queue: string,
  routingKeys: string[],
  handlers: { handler: EventHandler; batchHandler?: BatchEventHandler; retiredRoutingKeys?: readonly string[] },
  overrides: NotificationOverrides,
): Promise<void> {
  return consume(host, {
    connection: c.broker,
    db: c.db,
    schema: c.schema,
    exchange: c.exchange,
    queue,
    routingKeys,
    ...handlers,
    // Handlers only write rows (sending happens in the workers). The deliveries that queue up
    // while a batch is handled share one transaction (one pooled connection), up to prefetch:
    // under load, one commit for many events (ADR 0005).
    prefetch: 32,
    ...(overrides.consumerRetryDelayMs ? { retryDelayMs: overrides.consumerRetryDelayMs } : {}),
  });
}

export { migrations };
export { loadConfig, ENV_VARS, type NotificationConfig } from './config.js';
