// Original file: credentials/signing/v1/signing.proto

import type { PublicKey as _credentials_signing_v1_PublicKey, PublicKey__Output as _credentials_signing_v1_PublicKey__Output } from '../../../credentials/signing/v1/PublicKey';

export interface GenerateKeyResponse {
  'key'?: (_credentials_signing_v1_PublicKey | null);
  'created'?: (boolean);
}

export interface GenerateKeyResponse__Output {
  'key': (_credentials_signing_v1_PublicKey__Output | null);
  'created': (boolean);
}
