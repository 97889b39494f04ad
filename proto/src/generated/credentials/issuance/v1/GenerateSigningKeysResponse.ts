// Original file: credentials/issuance/v1/issuance.proto


export interface GenerateSigningKeysResponse {
  'key_id'?: (string);
  'public_key_multibase'?: (string);
  'created'?: (boolean);
}

export interface GenerateSigningKeysResponse__Output {
  'key_id': (string);
  'public_key_multibase': (string);
  'created': (boolean);
}
