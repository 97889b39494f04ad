import type { Clock, Logger, Service } from '@cred/runtime';
import { ServiceHost, consume, openBroker } from '@cred/service-kit';
import { startCanonicalizationPool } from './app/canonicalization.js';
import type { VerificationContext } from './app/context.js';
import { createRecipientSessionReader } from './app/recipient-session.js';
import { createRedis } from './app/redis.js';
import { createSignatureVerifier } from './app/signature-verifier.js';
import { createVerificationRecorder } from './app/verification-recorder.js';
import type { VerificationConfig } from './config.js';
import { BADGE_EVENT_TYPES, onBadgeUpserted } from './events/badge-events.js';
import { CREDENTIAL_EVENT_TYPES, onCredentialEvent } from './events/credential-events.js';
import { ORGANIZATION_EVENT_TYPES, onOrganizationEvent } from './events/organization-events.js';
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
  /** Writes buffered verification counts now (tests; otherwise once a second and on stop). */
  flushAnalytics(): Promise<void>;
}

/**
 * Verification: the public read side. Its own read model (issuer keys, organizations, badges,
 * credentials) is fed by events, so it keeps answering when accounts, issuance or signing is down.
 */
export function createVerificationService(config: VerificationConfig, overrides: VerificationOverrides = {}): VerificationService {
  const host = new ServiceHost('verification', config, overrides);
  let grpcPort = 0;
  let httpPort = 0;
  let flushAnalytics: () => Promise<void> = async () => undefined;
  return {
    name: 'verification',
    host,
    grpcPort: () => grpcPort,
    httpPort: () => httpPort,
    flushAnalytics: () => flushAnalytics(),
    async start() {
      await host.startOps();
      const db = host.openDb({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX });

      // Redis only shares signature results between replicas: not a readiness dependency.
      const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, host.logger.child({ subsystem: 'redis' }));
      host.onStop('redis', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      const pool = await startCanonicalizationPool(config.CANONICALIZATION_POOL_SIZE, host.logger.child({ subsystem: 'canonicalization' }));
      if (pool) host.onStop('canonicalization-pool', () => pool.close());
      const recorder = createVerificationRecorder({
        db,
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'analytics' }),
        metrics: host.metrics,
      });
      host.onStop('analytics', () => recorder.stop());
      flushAnalytics = () => recorder.flush();

      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const common = { db, schema: config.DB_SCHEMA, connection: broker, exchange: config.EVENTS_EXCHANGE };
      await consume(host, { ...common, queue: 'issuer-keys', routingKeys: ['signing.key.created'], handler: onSigningKeyCreated });
      await consume(host, { ...common, queue: 'organizations', routingKeys: ORGANIZATION_EVENT_TYPES, handler: onOrganizationEvent });
      await consume(host, { ...common, queue: 'badges', routingKeys: BADGE_EVENT_TYPES, handler: onBadgeUpserted });
      await consume(host, { ...common, queue: 'credentials', routingKeys: CREDENTIAL_EVENT_TYPES, handler: onCredentialEvent });

      const ctx: VerificationContext = {
        db,
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'verify' }),
        baseUrl: config.BASE_URL.replace(/\/+$/, ''),
        signatures: createSignatureVerifier({
          ...(pool ? { pool } : {}),
          cacheSize: config.SIGNATURE_CACHE_SIZE,
          redis,
          logger: host.logger.child({ subsystem: 'signatures' }),
          metrics: host.metrics,
        }),
        sessions: createRecipientSessionReader(config.SESSION_SECRET, host.clock),
        recorder,
      };
      const publicServer = await startPublicServer(config.HTTP_PORT, ctx, host.logger);
      httpPort = publicServer.port;
      host.onStop('public-http', () => publicServer.close());
      // gRPC carries health now; the analytics RPC comes with the analytics issue.
      const server = await host.serveGrpc(config.GRPC_PORT, []);
      grpcPort = server.port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
