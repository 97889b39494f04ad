// Original file: credentials/issuance/v1/issuance.proto


export interface IssueCredentialRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'recipient_name'?: (string);
  'recipient_email'?: (string);
  'issued_by'?: (string);
  'idempotency_key'?: (string);
  'content_json'?: (string);
}

export interface IssueCredentialRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'recipient_name': (string);
  'recipient_email': (string);
  'issued_by': (string);
  'idempotency_key': (string);
  'content_json': (string);
}
