// Original file: credentials/issuance/v1/issuance.proto


export interface CreateBulkIssuanceRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'csv'?: (Buffer | Uint8Array | string);
  'requested_by'?: (string);
  'idempotency_key'?: (string);
}

export interface CreateBulkIssuanceRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'csv': (Buffer);
  'requested_by': (string);
  'idempotency_key': (string);
}
