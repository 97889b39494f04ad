import { createSessionTokenSigner } from '@cred/runtime';
import { pruneOutbox } from '@cred/events';
import { purgeExpired } from '@cred/idempotency';
import {
  ServiceHost,
  grpcServiceProcess,
  openBroker,
  startOutboxRelay,
  type GrpcServiceProcess,
  type ServiceOverrides,
} from '@cred/service-kit';
import type { AccountsConfig } from './config.js';
import { MemberService } from './app/member-service.js';
import { ApiKeyService } from './app/api-key-service.js';
import { AuthService } from './app/auth-service.js';
import type { AccountsContext } from './app/context.js';
import { EmailRequestWorker } from './app/email-request-worker.js';
import { PasswordHasher, type PasswordHasherOptions } from './app/password-hasher.js';
import { OrganizationService } from './app/organization-service.js';
import { migrations } from './db/migrations.js';
import { sessionStore } from './db/session-store.js';
import { accountsBinding } from './grpc/accounts-server.js';

export interface AccountsOverrides extends ServiceOverrides {
  /** Bounds of the password lane (tests use small ones); production uses the defaults. */
  passwordHashing?: Omit<PasswordHasherOptions, 'metrics'>;
}

export type AccountsService = GrpcServiceProcess;

/** Published outbox rows may carry one-time links (see docs/decisions.md, "One-time tokens in events"); keep them briefly. */
const OUTBOX_RETENTION_MS = 10 * 60 * 1000;
/** Session rows are deleted a day after they expired or ended; a minute's pass deletes at most this many. */
const SESSION_GRACE_MS = 24 * 60 * 60 * 1000;
const SESSION_PRUNE_BATCH = 1000;
/** Expired Idempotency-Key records a minute's pass deletes at most. */
const IDEMPOTENCY_PURGE_BATCH = 1000;

/**
 * Accounts: users, sessions, organizations, memberships and API keys. Serves AccountsService
 * over gRPC to the gateway, billing and issuance; writes account and organization events to
 * its outbox.
 */
export function createAccountsService(config: AccountsConfig, overrides: AccountsOverrides = {}): AccountsService {
  const host = new ServiceHost('accounts', config, overrides);
  return grpcServiceProcess(host, config, {
    async compose() {
      const db = await host.openSchema(config, overrides.migrate ? migrations : undefined);
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const relay = await startOutboxRelay(host, db, config.DB_SCHEMA, broker, config.EVENTS_EXCHANGE);
      const passwords = new PasswordHasher({ ...overrides.passwordHashing, metrics: host.metrics });
      passwords.warmUp().catch((err: unknown) => host.logger.warn({ err }, 'password hasher warm-up failed'));
      // The worker acts on resend-verification and password-reset requests after they are answered.
      const worker = new EmailRequestWorker({ db, logger: host.logger, fulfil: (trx, request) => auth.fulfilEmailRequest(trx, request) });
      const ctx: AccountsContext = {
        db,
        schema: config.DB_SCHEMA,
        clock: host.clock,
        logger: host.logger,
        baseUrl: config.BASE_URL,
        signSessionToken: createSessionTokenSigner(config.SESSION_SIGNING_KEY),
        wakeRelay: () => relay.wake(),
        passwords,
        wakeEmailRequests: () => worker.wake(),
      };
      const auth = new AuthService(ctx);
      worker.start();
      host.onStop('email-request-worker', () => worker.stop());
      // Each a pass a minute, on its own (one failing does not hold the others back).
      host.every('outbox prune', 60_000, () => pruneOutbox(db, config.DB_SCHEMA, new Date(host.clock.now().getTime() - OUTBOX_RETENTION_MS)));
      host.every('session prune', 60_000, () => sessionStore.pruneBefore(db, new Date(host.clock.now().getTime() - SESSION_GRACE_MS), SESSION_PRUNE_BATCH));
      // Idempotency-Key records of invitations that no longer bind (docs/decisions.md "Idempotency-Key").
      host.every('idempotency record purge', 60_000, () => purgeExpired(db, host.clock.now(), IDEMPOTENCY_PURGE_BATCH));
      return [
        accountsBinding({
          auth,
          organizations: new OrganizationService(ctx),
          apiKeys: new ApiKeyService(ctx),
          members: new MemberService(ctx),
          audit: { db: ctx.db, schema: ctx.schema },
        }),
      ];
    },
  });
}

export { migrations };
export { loadConfig, ENV_VARS, type AccountsConfig } from './config.js';
