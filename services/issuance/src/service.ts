import { loadProtos } from '@cred/proto';
import { callerIdentity, createClient, checkGrpcHealth } from '@cred/grpc';
import { ServiceHost, consume, grpcServiceProcess, openBroker, startOutboxRelay, type GrpcServiceProcess, type HostOverrides } from '@cred/service-kit';
import type { IssuanceConfig } from './config.js';
import { OrganizationCache } from './app/organizations.js';
import { issuanceBinding } from './grpc/issuance-server.js';
import type { IssuanceContext } from './app/context.js';
import { ExpirySweeper } from './app/expiry-sweeper.js';
import { BulkWorker } from './app/bulk-issuance.js';
import { ClientIssues } from './app/client-issues.js';
import { IssueCommitter } from './app/issue-committer.js';
import { FactsBatcher } from './app/facts-batcher.js';
import { SignBatcher } from './app/sign-batcher.js';
import { StatusLists } from './app/status-lists.js';
import { parseQuotaLimits } from './domain/quota.js';
import { CLAIM_TOKEN_EVENT_TYPES, onClaimTokenIssued } from './events/claim-token-events.js';

export type IssuanceOverrides = HostOverrides;

export interface IssuanceService extends GrpcServiceProcess {
  /** The bulk-issuance worker of this process (tests stop and replace it). */
  bulkWorker(): BulkWorker | undefined;
}

/** Issuance: badge templates and credentials, their lifecycle, and the calls to signing. */
export function createIssuanceService(config: IssuanceConfig, overrides: IssuanceOverrides = {}): IssuanceService {
  const host = new ServiceHost('issuance', config, overrides);
  let bulkWorker: BulkWorker | undefined;
  const service = grpcServiceProcess(host, config, {
    async compose() {
      const db = await host.openSchema(config);
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const relay = await startOutboxRelay(host, db, config.DB_SCHEMA, broker, config.EVENTS_EXCHANGE);
      const protos = loadProtos();
      const signing = createClient(protos.signing.SigningService, config.SIGNING_GRPC_ADDR, { deadlineMs: 10000, identity: callerIdentity('issuance', config.RPC_IDENTITY_KEY) });
      host.onStop('signing-client', () => signing.close());
      // Organization name, slug and status; not a readiness dependency (reads work without it).
      const accounts = createClient(protos.accounts.AccountsService, config.ACCOUNTS_GRPC_ADDR, { deadlineMs: 5000, identity: callerIdentity('issuance', config.RPC_IDENTITY_KEY) });
      host.onStop('accounts-client', () => accounts.close());
      // Issuing needs the signing service; report it so the platform is not "ready" without it.
      host.addReadinessCheck({ name: 'signing', check: () => checkGrpcHealth(config.SIGNING_GRPC_ADDR, 1000) });
      const ctx: IssuanceContext = {
        db,
        schema: config.DB_SCHEMA,
        clock: host.clock,
        logger: host.logger,
        baseUrl: config.BASE_URL,
        signing,
        accounts,
        organizations: new OrganizationCache(),
        statusLists: new StatusLists({
          db,
          clock: host.clock,
          logger: host.logger.child({ subsystem: 'status-lists' }),
          baseUrl: config.BASE_URL,
          signing,
          metrics: host.metrics,
        }),
        quotaLimits: parseQuotaLimits(config.RECIPIENT_QUOTA_LIMITS),
        wakeRelay: () => relay.wake(),
        clientIssues: new ClientIssues(),
      };
      if (config.ISSUE_COMMIT_BATCH_MAX > 1) {
        ctx.facts = new FactsBatcher(db, { maxBatch: config.ISSUE_COMMIT_BATCH_MAX, metrics: host.metrics });
        ctx.signer = new SignBatcher(signing, { maxBatch: Math.min(config.ISSUE_COMMIT_BATCH_MAX, 100), metrics: host.metrics });
        ctx.committer = new IssueCommitter(ctx, {
          maxBatch: config.ISSUE_COMMIT_BATCH_MAX,
          logger: host.logger.child({ subsystem: 'group-commit' }),
          metrics: host.metrics,
        });
      }
      // Claim token hashes from the issue e-mails (the claim route checks tokens against them).
      await consume(host, {
        db,
        schema: config.DB_SCHEMA,
        connection: broker,
        exchange: config.EVENTS_EXCHANGE,
        queue: 'claim-tokens',
        routingKeys: CLAIM_TOKEN_EVENT_TYPES,
        handler: onClaimTokenIssued(host.clock),
      });
      const sweeper = new ExpirySweeper(ctx, { intervalMs: config.EXPIRY_SWEEP_INTERVAL_MS, logger: host.logger.child({ subsystem: 'expiry' }), metrics: host.metrics });
      sweeper.start();
      host.onStop('expiry-sweeper', () => sweeper.stop());
      // Bulk issuance rows, BULK_ISSUANCE_CONCURRENCY at a time and a quarter as many while clients
      // issue (docs/contract.md "Authentication and access"); in-flight rows finish on stop, leased rows not started are given back.
      bulkWorker = new BulkWorker(ctx, { concurrency: config.BULK_ISSUANCE_CONCURRENCY, metrics: host.metrics });
      bulkWorker.start();
      const worker = bulkWorker;
      host.onStop('bulk-worker', () => worker.stop(), 15000);
      return [issuanceBinding(ctx)];
    },
  });
  return { ...service, bulkWorker: () => bulkWorker };
}
