import { loadProtos } from '@cred/proto';
import { callerIdentity, checkGrpcHealth, createClient, type PromiseClient } from '@cred/grpc';
import type {
  AccountsServiceClient,
  BillingServiceClient,
  IssuanceServiceClient,
  NotificationServiceClient,
  VerificationServiceClient,
} from '@cred/proto';
import type { GatewayConfig } from '../config.js';

export interface Upstreams {
  accounts: PromiseClient<AccountsServiceClient>;
  issuance: PromiseClient<IssuanceServiceClient>;
  verification: PromiseClient<VerificationServiceClient>;
  notification: PromiseClient<NotificationServiceClient>;
  billing: PromiseClient<BillingServiceClient>;
  /** gRPC targets by service name, for the aggregated health check. */
  targets: Record<string, string>;
  close(): void;
}

/** One client per upstream service, each call with a deadline (see createClient). */
export function createUpstreams(config: GatewayConfig): Upstreams {
  const p = loadProtos();
  const targets = {
    accounts: config.ACCOUNTS_GRPC_ADDR,
    issuance: config.ISSUANCE_GRPC_ADDR,
    verification: config.VERIFICATION_GRPC_ADDR,
    notification: config.NOTIFICATION_GRPC_ADDR,
    billing: config.BILLING_GRPC_ADDR,
  };
  const identity = callerIdentity('gateway', config.RPC_IDENTITY_KEY);
  const clients = {
    accounts: createClient(p.accounts.AccountsService, targets.accounts, { identity }),
    issuance: createClient(p.issuance.IssuanceService, targets.issuance, { deadlineMs: 15000, identity }),
    verification: createClient(p.verification.VerificationService, targets.verification, { identity }),
    notification: createClient(p.notification.NotificationService, targets.notification, { identity }),
    billing: createClient(p.billing.BillingService, targets.billing, { identity }),
  };
  return {
    ...clients,
    targets,
    close() {
      for (const c of Object.values(clients)) c.close();
    },
  };
}

/** Every upstream answers grpc.health.v1 SERVING (a check that times out is made once more: checkGrpcHealth). */
export async function checkUpstreams(targets: Record<string, string>): Promise<Record<string, string>> {
  const results: Record<string, string> = {};
  await Promise.all(
    Object.entries(targets).map(async ([name, addr]) => {
      try {
        await checkGrpcHealth(addr, 1000);
        results[name] = 'ok';
      } catch (err) {
        results[name] = err instanceof Error ? err.message : 'failed';
      }
    }),
  );
  return results;
}
