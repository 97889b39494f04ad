// Original file: credentials/signing/v1/signing.proto

import type { SignItem as _credentials_signing_v1_SignItem, SignItem__Output as _credentials_signing_v1_SignItem__Output } from '../../../credentials/signing/v1/SignItem';

export interface SignCredentialsRequest {
  'organization_id'?: (string);
  'items'?: (_credentials_signing_v1_SignItem)[];
}

export interface SignCredentialsRequest__Output {
  'organization_id': (string);
  'items': (_credentials_signing_v1_SignItem__Output)[];
}
