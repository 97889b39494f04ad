// Original file: credentials/signing/v1/signing.proto


export interface PublicKey {
  'key_id'?: (string);
  'sequence'?: (number);
  'public_key_multibase'?: (string);
  'created_at'?: (string);
  'current'?: (boolean);
  'revoked_at'?: (string);
  'compromised_at'?: (string);
}

export interface PublicKey__Output {
  'key_id': (string);
  'sequence': (number);
  'public_key_multibase': (string);
  'created_at': (string);
  'current': (boolean);
  'revoked_at': (string);
  'compromised_at': (string);
}
