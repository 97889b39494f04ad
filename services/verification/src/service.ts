import { LocalLimiter, RateLimiter } from '@cred/runtime';
import { callerIdentity, createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { ServiceHost, consume, grpcServiceProcess, openBroker, type GrpcServiceProcess, type HostOverrides } from '@cred/service-kit';
import { createBadgePngSource } from './app/badge-png.js';
import { createBakedCredentials } from './app/baked-credential.js';
import { startCanonicalizationPool } from './app/canonicalization.js';
import type { VerificationContext } from './app/context.js';
import { ownDocuments } from './app/own-documents.js';
import { createStatusListSource } from './app/status-lists.js';
import { createCredentialSource } from './app/credential-source.js';
import { createOrganizationRefresh } from './app/organization-refresh.js';
import { createReadModelCache, type ReadModelChange } from './app/read-model-cache.js';
import { createRecipientSessionReader } from './app/recipient-session.js';
import { createRedis } from './app/redis.js';
import { createSignatureVerifier } from './app/signature-verifier.js';
import { createVerificationRecorder } from './app/verification-recorder.js';
import type { VerificationConfig } from './config.js';
import { BADGE_EVENT_TYPES, onBadgeUpserted } from './events/badge-events.js';
import { BADGE_IMAGE_EVENT_TYPES, onBadgeImageSet } from './events/badge-image-events.js';
import { credentialChange, CREDENTIAL_EVENT_TYPES, onCredentialEvent, onCredentialEvents, STATUS_LIST_EVENT_TYPES } from './events/credential-events.js';
import { ORGANIZATION_EVENT_TYPES, onOrganizationEvent } from './events/organization-events.js';
import { onSigningKeyEvent, SIGNING_KEY_EVENT_TYPES } from './events/signing-events.js';
import { createExternalVerifier } from './external/index.js';
import { verificationBinding } from './grpc/verification-server.js';
import { createPublicLimit } from './http/public-limit.js';
import { startPublicServer } from './http/public-server.js';
import { startReplicaInvalidation } from './app/replica-invalidation.js';

export type VerificationOverrides = HostOverrides;

export interface VerificationService extends GrpcServiceProcess {
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
  let httpPort = 0;
  let flushAnalytics: () => Promise<void> = async () => undefined;
  const service = grpcServiceProcess(host, config, {
    async compose() {
      const db = await host.openSchema(config);

      // Redis shares signature results, the per-IP limit and cache invalidations between replicas;
      // each degrades on its own when Redis is away (ADR 0009): not a readiness dependency.
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

      // The source of truth for a credential the read model has not heard of yet; not a readiness
      // dependency (everything the read model holds is answered without issuance).
      const issuance = createClient(loadProtos().issuance.IssuanceService, config.ISSUANCE_GRPC_ADDR, { deadlineMs: 2000, identity: callerIdentity('verification', config.RPC_IDENTITY_KEY) });
      host.onStop('issuance-client', () => issuance.close());
      const source = createCredentialSource({
        db,
        issuance,
        logger: host.logger.child({ subsystem: 'credential-source' }),
        metrics: host.metrics,
        negativeTtlMs: config.UNKNOWN_CREDENTIAL_CACHE_MS,
      });
      const readModel = createReadModelCache(db, { ttlMs: config.READ_MODEL_CACHE_MS, source });
      // Our organizations' revocation lists, kept as briefly as the read model (ADR 0007).
      const statusLists = createStatusListSource({
        issuance,
        ttlMs: config.READ_MODEL_CACHE_MS,
        logger: host.logger.child({ subsystem: 'status-lists' }),
      });
      // Created before the consumers: image events clear its badge -> image map.
      const badgeImages = createBadgePngSource({
        db,
        logger: host.logger.child({ subsystem: 'badge-images' }),
        hashTtlMs: config.READ_MODEL_CACHE_MS,
      });
      // What this replica's committed events changed, told to every other replica (ADR 0009).
      const invalidation = startReplicaInvalidation({
        url: config.REDIS_URL,
        prefix: config.REDIS_KEY_PREFIX,
        publisher: redis,
        apply(change) {
          if (change.readModel) readModel.forget(change.readModel);
          if (change.statusLists) statusLists.clear();
          if (change.badgeImages) badgeImages.clear();
        },
        applyAll() {
          readModel.clear();
          statusLists.clear();
          badgeImages.clear();
        },
        logger: host.logger.child({ subsystem: 'invalidation' }),
        metrics: host.metrics,
      });
      host.onStop('invalidation', () => invalidation.close());
      const onCredential: typeof onCredentialEvent = async (event, trx) => {
        // A revocation handled here: the lists are asked for again, as the read model is.
        statusLists.clear();
        void trx.executionPromise.then(statusLists.clear, statusLists.clear);
        await onCredentialEvent(event, trx);
      };
      const { invalidating } = readModel;
      const everything = (): ReadModelChange => ({ all: true });
      const announce = (readModelChange: ReadModelChange) => invalidation.announce({ readModel: readModelChange });
      const onBadgeImage: typeof onBadgeImageSet = async (event, trx) => {
        badgeImages.clear();
        void trx.executionPromise.then(
          () => {
            badgeImages.clear();
            invalidation.announce({ badgeImages: true });
          },
          badgeImages.clear,
        );
        await onBadgeImageSet(event, trx);
      };
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const common = { db, schema: config.DB_SCHEMA, connection: broker, exchange: config.EVENTS_EXCHANGE };
      await consume(host, {
        ...common,
        queue: 'issuer-keys',
        routingKeys: SIGNING_KEY_EVENT_TYPES,
        handler: invalidating(onSigningKeyEvent, everything, announce),
      });
      await consume(host, {
        ...common,
        queue: 'organizations',
        routingKeys: ORGANIZATION_EVENT_TYPES,
        handler: invalidating(onOrganizationEvent, everything, announce),
      });
      await consume(host, { ...common, queue: 'badges', routingKeys: BADGE_EVENT_TYPES, handler: invalidating(onBadgeUpserted, everything, announce) });
      await consume(host, { ...common, queue: 'badge-images', routingKeys: BADGE_IMAGE_EVENT_TYPES, handler: onBadgeImage });
      const announceCredential = (change: ReadModelChange, event: { type: string }) =>
        invalidation.announce({ readModel: change, statusLists: STATUS_LIST_EVENT_TYPES.has(event.type) });
      // A batch: each event forgotten as `handler` does it, the writes together (first issues in one statement).
      const forgetCredential = invalidating(async () => undefined, credentialChange, announceCredential);
      await consume(host, {
        ...common,
        queue: 'credentials',
        routingKeys: CREDENTIAL_EVENT_TYPES,
        // Batches of up to 16 with as many more delivered meanwhile: under load every batch is
        // full (with batches as large as the prefetch they alternated 1 and prefetch - 1; ADR 0005).
        prefetch: 32,
        maxBatch: 16,
        handler: invalidating(onCredential, credentialChange, announceCredential),
        batchHandler: async (events, trx) => {
          statusLists.clear();
          void trx.executionPromise.then(statusLists.clear, statusLists.clear);
          for (const event of events) await forgetCredential(event, trx);
          await onCredentialEvents(events, trx);
        },
      });

      // Only private credentials' owners are checked with accounts (GetSession), and an
      // organization an operator has just changed is read from it (RefreshOrganization); not a
      // readiness dependency, so public verification keeps answering while accounts is away.
      const accounts = createClient(loadProtos().accounts.AccountsService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 3000, identity: callerIdentity('verification', config.RPC_IDENTITY_KEY) });
      host.onStop('accounts-client', () => accounts.close());
      const refreshOrganization = createOrganizationRefresh({
        db,
        accounts,
        async forgetEverywhere() {
          readModel.clear();
          await invalidation.announceNow({ readModel: { all: true } });
        },
      });

      const baseUrl = config.BASE_URL.replace(/\/+$/, '');
      // Other platforms' credentials (POST /api/verify/*, the lookup page). Our own did:web
      // issuers resolve from the read model, never over the network.
      const external = createExternalVerifier({
        allowedHosts: config.VERIFIER_ALLOWED_HOSTS,
        clock: host.clock,
        local: ownDocuments(db, baseUrl, statusLists),
        ...(pool ? { verifyProof: (credential, options) => pool.verifyDataIntegrityProof(credential as never, options) } : {}),
      });
      const ctx: VerificationContext = {
        db,
        clock: host.clock,
        logger: host.logger.child({ subsystem: 'verify' }),
        baseUrl,
        signatures: createSignatureVerifier({
          ...(pool ? { pool } : {}),
          cacheSize: config.SIGNATURE_CACHE_SIZE,
          redis,
          logger: host.logger.child({ subsystem: 'signatures' }),
          metrics: host.metrics,
        }),
        sessions: createRecipientSessionReader(config.SESSION_PUBLIC_KEYS, host.clock, accounts),
        recorder,
        external,
        badgeImages,
        readModel,
        statusLists,
        source,
        baked: createBakedCredentials({ images: badgeImages, maxCacheBytes: config.BAKED_CACHE_MAX_BYTES }),
      };
      const limit = createPublicLimit({
        limiter: new RateLimiter(redis, host.clock),
        local: new LocalLimiter(host.clock),
        trustProxy: config.TRUST_PROXY,
        ...(config.HANDED_TRUST_PROXY !== undefined ? { handedTrustProxy: config.HANDED_TRUST_PROXY } : {}),
        perMinute: config.RATE_LIMIT_IP_PER_MINUTE,
        logger: host.logger.child({ subsystem: 'rate-limit' }),
        metrics: host.metrics,
      });
      const publicServer = await startPublicServer(config.HTTP_PORT, ctx, host.logger, {
        metrics: host.metrics,
        limit,
        handedConnections: config.HANDED_CONNECTIONS,
        ...(config.GATEWAY_HTTP_URL ? { gatewayUrls: config.GATEWAY_HTTP_URL } : {}),
      });
      httpPort = publicServer.port;
      host.onStop('public-http', () => publicServer.close());
      // GetAnalytics for organization members (through the gateway) and health.
      return [verificationBinding(db, refreshOrganization)];
    },
  });
  return { ...service, httpPort: () => httpPort, flushAnalytics: () => flushAnalytics() };
}
