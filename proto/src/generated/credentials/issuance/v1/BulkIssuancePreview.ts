// Original file: credentials/issuance/v1/issuance.proto

import type { BulkPreviewRow as _credentials_issuance_v1_BulkPreviewRow, BulkPreviewRow__Output as _credentials_issuance_v1_BulkPreviewRow__Output } from '../../../credentials/issuance/v1/BulkPreviewRow';
import type { Quota as _credentials_issuance_v1_Quota, Quota__Output as _credentials_issuance_v1_Quota__Output } from '../../../credentials/issuance/v1/Quota';

export interface BulkIssuancePreview {
  'badge_id'?: (string);
  'total'?: (number);
  'issue'?: (number);
  'renew'?: (number);
  'conflict'?: (number);
  'invalid'?: (number);
  'rows'?: (_credentials_issuance_v1_BulkPreviewRow)[];
  'over_quota'?: (number);
  'quota'?: (_credentials_issuance_v1_Quota | null);
}

export interface BulkIssuancePreview__Output {
  'badge_id': (string);
  'total': (number);
  'issue': (number);
  'renew': (number);
  'conflict': (number);
  'invalid': (number);
  'rows': (_credentials_issuance_v1_BulkPreviewRow__Output)[];
  'over_quota': (number);
  'quota': (_credentials_issuance_v1_Quota__Output | null);
}
