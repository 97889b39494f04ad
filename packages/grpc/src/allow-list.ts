/**
 * Which service may call which RPC of which other service (ADR 0014). The one place this is
 * written down: servers enforce it (startGrpcServer, through rpcCallerPolicy), the Kubernetes
 * network policies are checked against it (test/deploy/manifests.test.ts), and a unit test checks
 * that every RPC named here exists in proto/. Derived from what each service's clients call; a
 * new call from one service to another is added here in the same change.
 */
export const RPC_SERVICE_NAMES = ['gateway', 'accounts', 'issuance', 'signing', 'verification', 'notification', 'billing'] as const;
export type RpcServiceName = (typeof RPC_SERVICE_NAMES)[number];

/** The services that serve gRPC (every one but the gateway). */
export type RpcServerName = Exclude<RpcServiceName, 'gateway'>;

export type RpcAllowList = Readonly<Record<RpcServerName, Readonly<Partial<Record<RpcServiceName, readonly string[]>>>>>;

export const RPC_ALLOW_LIST: RpcAllowList = {
  accounts: {
    gateway: [
      'ListAuditEntries',
      'GetOrganization',
      'SignUp',
      'Login',
      'GetUser',
      'GetUserNames',
      'GetSession',
      'EndSession',
      'VerifyEmail',
      'ResendVerification',
      'RequestPasswordReset',
      'ConfirmPasswordReset',
      'ConfirmPassword',
      'GetMembership',
      'UpdateOrganization',
      'ListOrganizations',
      'ApproveOrganization',
      'SuspendOrganization',
      'ReinstateOrganization',
      'SetPlan',
      'MarkSigningKeysGenerated',
      'CreateApiKey',
      'ListApiKeys',
      'UpdateApiKey',
      'RevokeApiKey',
      'ResolveApiKey',
      'TouchApiKey',
      'ListMembers',
      'ChangeMemberRole',
      'RemoveMember',
      'CreateInvitation',
      'ListInvitations',
      'RevokeInvitation',
      'GetInvitationByToken',
      'AcceptInvitation',
    ],
    // The issuer profile and the caller's role before a credential is issued.
    issuance: ['GetOrganization', 'GetMembership'],
    // A recipient's session before a private credential is shown, and an organization's status
    // when the gateway asks for a refresh after an operator's action: nothing that changes state.
    verification: ['GetSession', 'GetOrganization'],
    // An organization's plan and status before a webhook registration, ping or replay.
    notification: ['GetOrganization', 'GetMembership'],
    // Stripe's subscription events.
    billing: ['SetPlan', 'SetSubscription'],
  },
  issuance: {
    gateway: [
      'ListAuditEntries',
      'GenerateSigningKeys',
      'RotateSigningKey',
      'ReportSigningKeyCompromised',
      'ListSigningKeys',
      'CreateBadge',
      'GetBadge',
      'ListBadges',
      'UpdateBadge',
      'DeleteBadge',
      'SetBadgeImage',
      'GetBadgeImage',
      'IssueCredential',
      'GetCredential',
      'GetCredentialDetail',
      'ListCredentials',
      'ListRecipientCredentials',
      // The signed credentials of a recipient's export (GET /api/me/credentials/export).
      'GetCredentialRecord',
      'RevokeCredential',
      'ClaimCredential',
      'SetCredentialVisibility',
      'GetQuota',
      'CreateBulkIssuance',
      'PreviewBulkIssuance',
      'GetBulkIssuance',
      'ListBulkIssuances',
    ],
    // A credential (or status list) its read model has not heard of yet.
    verification: ['GetCredentialRecord', 'GetStatusList'],
    // Claim-token hashes stored before an e-mail carrying a token is sent.
    notification: ['RegisterClaimTokens'],
  },
  signing: {
    issuance: ['GenerateKey', 'RotateKey', 'ReportKeyCompromised', 'SignCredential', 'SignCredentials', 'ListPublicKeys'],
  },
  verification: {
    // Analytics for the dashboard; the read model's refresh of an organization an operator has
    // just approved, suspended or reinstated, before the gateway answers (read-your-writes).
    gateway: ['GetAnalytics', 'RefreshOrganization'],
  },
  notification: {
    gateway: ['ListAuditEntries', 'ListNotifications', 'CreateWebhook', 'ListWebhooks', 'DeleteWebhook', 'ListDeliveries', 'ReplayDelivery', 'PingWebhook'],
  },
  billing: {
    gateway: ['HandleProviderWebhook'],
  },
};

/** The services that may call `server` at all (its network policy admits exactly these). */
export function callersOf(server: RpcServerName): RpcServiceName[] {
  return RPC_SERVICE_NAMES.filter((caller) => (RPC_ALLOW_LIST[server][caller]?.length ?? 0) > 0);
}

/** The services that call others, each of which holds an identity key (RPC_IDENTITY_KEY). */
export const RPC_CALLERS: readonly RpcServiceName[] = RPC_SERVICE_NAMES.filter((caller) =>
  Object.values(RPC_ALLOW_LIST).some((byCaller) => (byCaller[caller]?.length ?? 0) > 0),
);

/** The platform service a proto service belongs to: `credentials.accounts.v1.AccountsService` -> accounts. */
export function rpcServerOf(protoServiceName: string): RpcServerName | undefined {
  const name = protoServiceName.split('.')[1];
  return RPC_SERVICE_NAMES.find((s): s is RpcServerName => s === name && s !== 'gateway');
}
