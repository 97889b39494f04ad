// Original file: credentials/issuance/v1/issuance.proto

import type { BulkIssuanceRow as _credentials_issuance_v1_BulkIssuanceRow, BulkIssuanceRow__Output as _credentials_issuance_v1_BulkIssuanceRow__Output } from '../../../credentials/issuance/v1/BulkIssuanceRow';

export interface BulkIssuance {
  'id'?: (string);
  'organization_id'?: (string);
  'badge_id'?: (string);
  'status'?: (string);
  'total'?: (number);
  'processed'?: (number);
  'issued'?: (number);
  'renewed'?: (number);
  'conflicts'?: (number);
  'invalid'?: (number);
  'failed'?: (number);
  'created_at'?: (string);
  'started_at'?: (string);
  'completed_at'?: (string);
  'rows'?: (_credentials_issuance_v1_BulkIssuanceRow)[];
  'rows_limit'?: (number);
  'rows_offset'?: (number);
  'idempotent_replay'?: (boolean);
  '_started_at'?: "started_at";
  '_completed_at'?: "completed_at";
}

export interface BulkIssuance__Output {
  'id': (string);
  'organization_id': (string);
  'badge_id': (string);
  'status': (string);
  'total': (number);
  'processed': (number);
  'issued': (number);
  'renewed': (number);
  'conflicts': (number);
  'invalid': (number);
  'failed': (number);
  'created_at': (string);
  'started_at'?: (string);
  'completed_at'?: (string);
  'rows': (_credentials_issuance_v1_BulkIssuanceRow__Output)[];
  'rows_limit': (number);
  'rows_offset': (number);
  'idempotent_replay': (boolean);
  '_started_at'?: "started_at";
  '_completed_at'?: "completed_at";
}
