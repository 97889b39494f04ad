// Original file: credentials/issuance/v1/issuance.proto


export interface GenerateSigningKeysRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'requested_by'?: (string);
}

export interface GenerateSigningKeysRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
  'requested_by': (string);
}
