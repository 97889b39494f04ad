// Original file: credentials/audit/v1/audit.proto

import type { AuditEntry as _credentials_audit_v1_AuditEntry, AuditEntry__Output as _credentials_audit_v1_AuditEntry__Output } from '../../../credentials/audit/v1/AuditEntry';

export interface ListAuditEntriesResponse {
  'entries'?: (_credentials_audit_v1_AuditEntry)[];
  'has_more'?: (boolean);
}

export interface ListAuditEntriesResponse__Output {
  'entries': (_credentials_audit_v1_AuditEntry__Output)[];
  'has_more': (boolean);
}
