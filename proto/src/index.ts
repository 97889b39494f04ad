import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as SigningProto } from './generated/signing.js';
import type { ProtoGrpcType as IssuanceProto } from './generated/issuance.js';
import type { ProtoGrpcType as AccountsProto } from './generated/accounts.js';
import type { ProtoGrpcType as VerificationProto } from './generated/verification.js';
import type { ProtoGrpcType as NotificationProto } from './generated/notification.js';
import type { ProtoGrpcType as BillingProto } from './generated/billing.js';

export type * from './generated/credentials/signing/v1/SigningService.js';
export type * from './generated/credentials/issuance/v1/IssuanceService.js';
export type * from './generated/credentials/accounts/v1/AccountsService.js';
export type * from './generated/credentials/verification/v1/VerificationService.js';
export type * from './generated/credentials/notification/v1/NotificationService.js';
export type * from './generated/credentials/billing/v1/BillingService.js';
// Structured inputs that callers build from a client's JSON (the gateway; tests).
export type { BadgeInput, BadgeInput__Output } from './generated/credentials/issuance/v1/BadgeInput.js';
export type { IssueContent, IssueContent__Output } from './generated/credentials/issuance/v1/IssueContent.js';

const PROTO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The same options the type generator uses (scripts/proto-gen.mjs), so types match runtime objects. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

export const PROTO_FILES = {
  signing: 'credentials/signing/v1/signing.proto',
  issuance: 'credentials/issuance/v1/issuance.proto',
  accounts: 'credentials/accounts/v1/accounts.proto',
  verification: 'credentials/verification/v1/verification.proto',
  notification: 'credentials/notification/v1/notification.proto',
  billing: 'credentials/billing/v1/billing.proto',
} as const;

export interface PlatformProtos {
  signing: SigningProto['credentials']['signing']['v1'];
  issuance: IssuanceProto['credentials']['issuance']['v1'];
  accounts: AccountsProto['credentials']['accounts']['v1'];
  verification: VerificationProto['credentials']['verification']['v1'];
  notification: NotificationProto['credentials']['notification']['v1'];
  billing: BillingProto['credentials']['billing']['v1'];
}

let cached: PlatformProtos | undefined;

/** Loads every platform proto once per process. */
export function loadProtos(): PlatformProtos {
  if (cached) return cached;
  const definition = protoLoader.loadSync(Object.values(PROTO_FILES), LOADER_OPTIONS);
  const root = grpc.loadPackageDefinition(definition) as unknown as SigningProto & IssuanceProto & AccountsProto & VerificationProto & NotificationProto & BillingProto;
  cached = {
    signing: root.credentials.signing.v1,
    issuance: root.credentials.issuance.v1,
    accounts: root.credentials.accounts.v1,
    verification: root.credentials.verification.v1,
    notification: root.credentials.notification.v1,
    billing: root.credentials.billing.v1,
  };
  return cached;
}
