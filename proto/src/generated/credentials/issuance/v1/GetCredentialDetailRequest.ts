// Original file: credentials/issuance/v1/issuance.proto


export interface GetCredentialDetailRequest {
  'organization_id'?: (string);
  'credential_ref'?: (string);
}

export interface GetCredentialDetailRequest__Output {
  'organization_id': (string);
  'credential_ref': (string);
}
