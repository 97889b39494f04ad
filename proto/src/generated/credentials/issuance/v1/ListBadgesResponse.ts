// Original file: credentials/issuance/v1/issuance.proto

import type { Badge as _credentials_issuance_v1_Badge, Badge__Output as _credentials_issuance_v1_Badge__Output } from '../../../credentials/issuance/v1/Badge';

export interface ListBadgesResponse {
  'badges'?: (_credentials_issuance_v1_Badge)[];
  'limit'?: (number);
  'offset'?: (number);
  'total'?: (number);
}

export interface ListBadgesResponse__Output {
  'badges': (_credentials_issuance_v1_Badge__Output)[];
  'limit': (number);
  'offset': (number);
  'total': (number);
}
