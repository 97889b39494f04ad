// Original file: credentials/issuance/v1/issuance.proto

import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from '../../../credentials/issuance/v1/Credential';
import type { RenewalLink as _credentials_issuance_v1_RenewalLink, RenewalLink__Output as _credentials_issuance_v1_RenewalLink__Output } from '../../../credentials/issuance/v1/RenewalLink';

export interface CredentialDetail {
  'credential'?: (_credentials_issuance_v1_Credential | null);
  'renewal_chain'?: (_credentials_issuance_v1_RenewalLink)[];
}

export interface CredentialDetail__Output {
  'credential': (_credentials_issuance_v1_Credential__Output | null);
  'renewal_chain': (_credentials_issuance_v1_RenewalLink__Output)[];
}
