import type { IssueJob, IssuedCredential } from './issue-credential.js';
import type { Knex } from '@cred/db';
import type { PromiseClient } from '@cred/grpc';
import type { AccountsServiceClient, SigningServiceClient } from '@cred/proto';
import type { Clock, Logger } from '@cred/runtime';
import type { IssueFacts } from '../db/issue-store.js';
import type { Plan } from '../domain/quota.js';
import type { ClientIssues } from './client-issues.js';
import type { OrganizationCache } from './organizations.js';
import type { StatusLists } from './status-lists.js';

/** Everything the use cases need; built once in service.ts (tests build their own). */
export interface IssuanceContext {
  db: Knex;
  schema: string;
  clock: Clock;
  logger: Logger;
  /** Public base of every URL we mint (BASE_URL). */
  baseUrl: string;
  signing: PromiseClient<SigningServiceClient>;
  accounts: PromiseClient<AccountsServiceClient>;
  /** Organizations for issuing (name, slug, status), cached briefly. */
  organizations: OrganizationCache;
  /** Revocation lists: each credential's entry, and the signed lists (ADR 0007). */
  statusLists: StatusLists;
  /** Monthly recipient quota per plan (RECIPIENT_QUOTA_LIMITS). */
  quotaLimits: Record<Plan, number>;
  /** Publish the outbox now rather than at the next poll; call after commit. */
  wakeRelay: () => void;
  /** Group commit of first issues (issue-committer.ts); without it every issue commits alone. */
  committer?: { submit(job: IssueJob): Promise<IssuedCredential> };
  /** Batches signing calls of the issues in flight (sign-batcher.ts); without it one call per issue. */
  signer?: { sign(organizationId: string, unsignedJson: string, created: string, requestId?: string): Promise<string> };
  /** Batches the pre-signing reads of the issues in flight (facts-batcher.ts); without it one statement per issue. */
  facts?: { facts(organizationId: string, badgeId: string, recipientEmail: string, month: string): Promise<IssueFacts | undefined> };
  /** When clients last issued in this process (the bulk worker steps aside meanwhile); absent in some tests. */
  clientIssues?: ClientIssues;
}

/** Per-call metadata carried to the services we call. */
export interface CallMeta {
  requestId?: string;
  /** Who the caller acts for (gRPC metadata `x-actor`), for the audit log. */
  actor?: string;
}

export function callOptions(meta: CallMeta): { requestId?: string } {
  return meta.requestId ? { requestId: meta.requestId } : {};
}
