// Original file: credentials/issuance/v1/issuance.proto


export interface SigningKey {
  'key_id'?: (string);
  'sequence'?: (number);
  'public_key_multibase'?: (string);
  'created_at'?: (string);
  'current'?: (boolean);
  'compromised_at'?: (string);
  '_compromised_at'?: "compromised_at";
}

export interface SigningKey__Output {
  'key_id': (string);
  'sequence': (number);
  'public_key_multibase': (string);
  'created_at': (string);
  'current': (boolean);
  'compromised_at'?: (string);
  '_compromised_at'?: "compromised_at";
}
