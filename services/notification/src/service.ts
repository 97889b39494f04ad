import type { Clock, Logger, Service } from '@cred/runtime';
import { ServiceHost, consume, openBroker } from '@cred/service-kit';
import type { NotificationConfig } from './config.js';
import { onSigningKeysGenerated } from './events/organization-events.js';
import { notificationBinding } from './grpc/notification-server.js';

export interface NotificationOverrides {
  logger?: Logger;
  clock?: Clock;
}

export interface NotificationService extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
}

/** Notification: consumes domain events and turns them into e-mails and webhook deliveries. */
export function createNotificationService(config: NotificationConfig, overrides: NotificationOverrides = {}): NotificationService {
  const host = new ServiceHost('notification', config, overrides);
  let port = 0;
  return {
    name: 'notification',
    host,
    grpcPort: () => port,
    async start() {
      await host.startOps();
      const db = host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      await consume(host, {
        db,
        schema: config.DB_SCHEMA,
        connection: broker,
        exchange: config.EVENTS_EXCHANGE,
        queue: 'organization-notices',
        routingKeys: ['organization.signing_keys.generated'],
        handler: onSigningKeysGenerated(host.clock),
      });
      const server = await host.serveGrpc(config.GRPC_PORT, [notificationBinding(db)]);
      port = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
