// Original file: credentials/issuance/v1/issuance.proto

import type { BadgeInput as _credentials_issuance_v1_BadgeInput, BadgeInput__Output as _credentials_issuance_v1_BadgeInput__Output } from '../../../credentials/issuance/v1/BadgeInput';

export interface CreateBadgeRequest {
  'organization_id'?: (string);
  'badge'?: (_credentials_issuance_v1_BadgeInput | null);
}

export interface CreateBadgeRequest__Output {
  'organization_id': (string);
  'badge': (_credentials_issuance_v1_BadgeInput__Output | null);
}
