// Original file: credentials/issuance/v1/issuance.proto


export interface ListSigningKeysRequest {
  'organization_id'?: (string);
}

export interface ListSigningKeysRequest__Output {
  'organization_id': (string);
}
