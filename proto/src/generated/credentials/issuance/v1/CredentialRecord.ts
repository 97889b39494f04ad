// Original file: credentials/issuance/v1/issuance.proto

import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from '../../../credentials/issuance/v1/Credential';

export interface CredentialRecord {
  'credential'?: (_credentials_issuance_v1_Credential | null);
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'recorded_at'?: (string);
}

export interface CredentialRecord__Output {
  'credential': (_credentials_issuance_v1_Credential__Output | null);
  'organization_id': (string);
  'organization_slug': (string);
  'recorded_at': (string);
}
