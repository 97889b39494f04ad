// Original file: credentials/signing/v1/signing.proto


export interface SignCredentialRequest {
  'organization_id'?: (string);
  'unsigned_credential_json'?: (string);
  'created'?: (string);
}

export interface SignCredentialRequest__Output {
  'organization_id': (string);
  'unsigned_credential_json': (string);
  'created': (string);
}
