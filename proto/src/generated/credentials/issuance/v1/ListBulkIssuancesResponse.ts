// Original file: credentials/issuance/v1/issuance.proto

import type { BulkIssuance as _credentials_issuance_v1_BulkIssuance, BulkIssuance__Output as _credentials_issuance_v1_BulkIssuance__Output } from '../../../credentials/issuance/v1/BulkIssuance';

export interface ListBulkIssuancesResponse {
  'bulk_issuances'?: (_credentials_issuance_v1_BulkIssuance)[];
  'limit'?: (number);
  'offset'?: (number);
  'total'?: (number);
}

export interface ListBulkIssuancesResponse__Output {
  'bulk_issuances': (_credentials_issuance_v1_BulkIssuance__Output)[];
  'limit': (number);
  'offset': (number);
  'total': (number);
}
