// Original file: credentials/issuance/v1/issuance.proto

import type { Badge as _credentials_issuance_v1_Badge, Badge__Output as _credentials_issuance_v1_Badge__Output } from '../../../credentials/issuance/v1/Badge';

export interface DeleteBadgeResponse {
  'deleted'?: (boolean);
  'badge'?: (_credentials_issuance_v1_Badge | null);
}

export interface DeleteBadgeResponse__Output {
  'deleted': (boolean);
  'badge': (_credentials_issuance_v1_Badge__Output | null);
}
