// Original file: credentials/signing/v1/signing.proto

import type { PublicKey as _credentials_signing_v1_PublicKey, PublicKey__Output as _credentials_signing_v1_PublicKey__Output } from '../../../credentials/signing/v1/PublicKey';

export interface ReportKeyCompromisedResponse {
  'key'?: (_credentials_signing_v1_PublicKey | null);
  'current_key'?: (_credentials_signing_v1_PublicKey | null);
  'rotated'?: (boolean);
}

export interface ReportKeyCompromisedResponse__Output {
  'key': (_credentials_signing_v1_PublicKey__Output | null);
  'current_key': (_credentials_signing_v1_PublicKey__Output | null);
  'rotated': (boolean);
}
