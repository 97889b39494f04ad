// Original file: credentials/signing/v1/signing.proto


export interface SignItem {
  'unsigned_credential_json'?: (string);
  'created'?: (string);
}

export interface SignItem__Output {
  'unsigned_credential_json': (string);
  'created': (string);
}
