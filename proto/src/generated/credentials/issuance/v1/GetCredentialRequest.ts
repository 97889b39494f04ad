// Original file: credentials/issuance/v1/issuance.proto


export interface GetCredentialRequest {
  'organization_id'?: (string);
  'credential_uuid'?: (string);
}

export interface GetCredentialRequest__Output {
  'organization_id': (string);
  'credential_uuid': (string);
}
