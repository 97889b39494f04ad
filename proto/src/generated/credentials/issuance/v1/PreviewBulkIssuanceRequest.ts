// Original file: credentials/issuance/v1/issuance.proto


export interface PreviewBulkIssuanceRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'csv'?: (Buffer | Uint8Array | string);
}

export interface PreviewBulkIssuanceRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'csv': (Buffer);
}
