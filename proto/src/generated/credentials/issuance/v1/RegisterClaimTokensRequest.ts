// Original file: credentials/issuance/v1/issuance.proto

import type { ClaimTokenRegistration as _credentials_issuance_v1_ClaimTokenRegistration, ClaimTokenRegistration__Output as _credentials_issuance_v1_ClaimTokenRegistration__Output } from '../../../credentials/issuance/v1/ClaimTokenRegistration';

export interface RegisterClaimTokensRequest {
  'tokens'?: (_credentials_issuance_v1_ClaimTokenRegistration)[];
}

export interface RegisterClaimTokensRequest__Output {
  'tokens': (_credentials_issuance_v1_ClaimTokenRegistration__Output)[];
}
