// Original file: credentials/signing/v1/signing.proto

import type { SignCredentialResponse as _credentials_signing_v1_SignCredentialResponse, SignCredentialResponse__Output as _credentials_signing_v1_SignCredentialResponse__Output } from '../../../credentials/signing/v1/SignCredentialResponse';

export interface SignCredentialsResponse {
  'results'?: (_credentials_signing_v1_SignCredentialResponse)[];
}

export interface SignCredentialsResponse__Output {
  'results': (_credentials_signing_v1_SignCredentialResponse__Output)[];
}
