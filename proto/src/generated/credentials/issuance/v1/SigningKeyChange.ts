// Original file: credentials/issuance/v1/issuance.proto

import type { SigningKey as _credentials_issuance_v1_SigningKey, SigningKey__Output as _credentials_issuance_v1_SigningKey__Output } from '../../../credentials/issuance/v1/SigningKey';

export interface SigningKeyChange {
  'key'?: (_credentials_issuance_v1_SigningKey | null);
  'current_key'?: (_credentials_issuance_v1_SigningKey | null);
  'rotated'?: (boolean);
  'idempotent_replay'?: (boolean);
}

export interface SigningKeyChange__Output {
  'key': (_credentials_issuance_v1_SigningKey__Output | null);
  'current_key': (_credentials_issuance_v1_SigningKey__Output | null);
  'rotated': (boolean);
  'idempotent_replay': (boolean);
}
