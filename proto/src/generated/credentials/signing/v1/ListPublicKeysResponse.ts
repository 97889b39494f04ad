// Original file: credentials/signing/v1/signing.proto

import type { PublicKey as _credentials_signing_v1_PublicKey, PublicKey__Output as _credentials_signing_v1_PublicKey__Output } from '../../../credentials/signing/v1/PublicKey';

export interface ListPublicKeysResponse {
  'keys'?: (_credentials_signing_v1_PublicKey)[];
}

export interface ListPublicKeysResponse__Output {
  'keys': (_credentials_signing_v1_PublicKey__Output)[];
}
