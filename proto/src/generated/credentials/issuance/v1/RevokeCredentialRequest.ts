// Original file: credentials/issuance/v1/issuance.proto


export interface RevokeCredentialRequest {
  'organization_id'?: (string);
  'credential_ref'?: (string);
  'reason'?: (string);
  'revoked_by'?: (string);
}

export interface RevokeCredentialRequest__Output {
  'organization_id': (string);
  'credential_ref': (string);
  'reason': (string);
  'revoked_by': (string);
}
