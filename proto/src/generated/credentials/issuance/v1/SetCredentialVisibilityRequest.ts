// Original file: credentials/issuance/v1/issuance.proto

import type { RecipientSession as _credentials_issuance_v1_RecipientSession, RecipientSession__Output as _credentials_issuance_v1_RecipientSession__Output } from '../../../credentials/issuance/v1/RecipientSession';

export interface SetCredentialVisibilityRequest {
  'credential_ref'?: (string);
  'is_public'?: (boolean);
  'session'?: (_credentials_issuance_v1_RecipientSession | null);
}

export interface SetCredentialVisibilityRequest__Output {
  'credential_ref': (string);
  'is_public': (boolean);
  'session': (_credentials_issuance_v1_RecipientSession__Output | null);
}
