// Original file: credentials/issuance/v1/issuance.proto

import type { IssueContent as _credentials_issuance_v1_IssueContent, IssueContent__Output as _credentials_issuance_v1_IssueContent__Output } from '../../../credentials/issuance/v1/IssueContent';
import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface IssueCredentialRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'recipient_name'?: (string);
  'recipient_email'?: (string);
  'issued_by'?: (string);
  'content'?: (_credentials_issuance_v1_IssueContent | null);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface IssueCredentialRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'recipient_name': (string);
  'recipient_email': (string);
  'issued_by': (string);
  'content': (_credentials_issuance_v1_IssueContent__Output | null);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
