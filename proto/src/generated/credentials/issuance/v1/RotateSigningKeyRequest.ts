// Original file: credentials/issuance/v1/issuance.proto


export interface RotateSigningKeyRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'requested_by'?: (string);
}

export interface RotateSigningKeyRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
  'requested_by': (string);
}
