// Original file: credentials/issuance/v1/issuance.proto

import type { BulkPreviewRow as _credentials_issuance_v1_BulkPreviewRow, BulkPreviewRow__Output as _credentials_issuance_v1_BulkPreviewRow__Output } from '../../../credentials/issuance/v1/BulkPreviewRow';

export interface BulkIssuancePreview {
  'badge_id'?: (string);
  'total'?: (number);
  'issue'?: (number);
  'renew'?: (number);
  'conflict'?: (number);
  'invalid'?: (number);
  'rows'?: (_credentials_issuance_v1_BulkPreviewRow)[];
}

export interface BulkIssuancePreview__Output {
  'badge_id': (string);
  'total': (number);
  'issue': (number);
  'renew': (number);
  'conflict': (number);
  'invalid': (number);
  'rows': (_credentials_issuance_v1_BulkPreviewRow__Output)[];
}
