// Original file: credentials/issuance/v1/issuance.proto

import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from '../../../credentials/issuance/v1/Credential';

export interface RecipientCredential {
  'credential'?: (_credentials_issuance_v1_Credential | null);
  'issuer_name'?: (string);
  'badge_image_url'?: (string);
  '_badge_image_url'?: "badge_image_url";
}

export interface RecipientCredential__Output {
  'credential': (_credentials_issuance_v1_Credential__Output | null);
  'issuer_name': (string);
  'badge_image_url'?: (string);
  '_badge_image_url'?: "badge_image_url";
}
