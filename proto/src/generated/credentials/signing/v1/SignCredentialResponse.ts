// Original file: credentials/signing/v1/signing.proto


export interface SignCredentialResponse {
  'signed_credential_json'?: (string);
  'key_id'?: (string);
}

export interface SignCredentialResponse__Output {
  'signed_credential_json': (string);
  'key_id': (string);
}
