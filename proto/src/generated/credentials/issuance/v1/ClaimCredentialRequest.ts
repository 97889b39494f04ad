// Original file: credentials/issuance/v1/issuance.proto

import type { RecipientSession as _credentials_issuance_v1_RecipientSession, RecipientSession__Output as _credentials_issuance_v1_RecipientSession__Output } from '../../../credentials/issuance/v1/RecipientSession';

export interface ClaimCredentialRequest {
  'credential_ref'?: (string);
  'token'?: (string);
  'session'?: (_credentials_issuance_v1_RecipientSession | null);
  '_token'?: "token";
  '_session'?: "session";
}

export interface ClaimCredentialRequest__Output {
  'credential_ref': (string);
  'token'?: (string);
  'session'?: (_credentials_issuance_v1_RecipientSession__Output | null);
  '_token'?: "token";
  '_session'?: "session";
}
