// Original file: credentials/issuance/v1/issuance.proto

import type { SigningKey as _credentials_issuance_v1_SigningKey, SigningKey__Output as _credentials_issuance_v1_SigningKey__Output } from '../../../credentials/issuance/v1/SigningKey';

export interface ListSigningKeysResponse {
  'keys'?: (_credentials_issuance_v1_SigningKey)[];
}

export interface ListSigningKeysResponse__Output {
  'keys': (_credentials_issuance_v1_SigningKey__Output)[];
}
