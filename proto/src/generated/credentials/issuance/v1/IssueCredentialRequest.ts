// Original file: credentials/issuance/v1/issuance.proto

import type { IssueContent as _credentials_issuance_v1_IssueContent, IssueContent__Output as _credentials_issuance_v1_IssueContent__Output } from '../../../credentials/issuance/v1/IssueContent';

export interface IssueCredentialRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'recipient_name'?: (string);
  'recipient_email'?: (string);
  'issued_by'?: (string);
  'idempotency_key'?: (string);
  'content'?: (_credentials_issuance_v1_IssueContent | null);
}

export interface IssueCredentialRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'recipient_name': (string);
  'recipient_email': (string);
  'issued_by': (string);
  'idempotency_key': (string);
  'content': (_credentials_issuance_v1_IssueContent__Output | null);
}
