// Original file: credentials/audit/v1/audit.proto


export interface AuditEntry {
  'id'?: (string);
  'organization_id'?: (string);
  'occurred_at'?: (string);
  'actor'?: (string);
  'action'?: (string);
  'target_type'?: (string);
  'target_id'?: (string);
  'details_json'?: (string);
  'request_id'?: (string);
}

export interface AuditEntry__Output {
  'id': (string);
  'organization_id': (string);
  'occurred_at': (string);
  'actor': (string);
  'action': (string);
  'target_type': (string);
  'target_id': (string);
  'details_json': (string);
  'request_id': (string);
}
