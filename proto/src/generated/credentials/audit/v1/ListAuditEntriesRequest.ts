// Original file: credentials/audit/v1/audit.proto


export interface ListAuditEntriesRequest {
  'organization_id'?: (string);
  'action'?: (string);
  'actor'?: (string);
  'target_id'?: (string);
  'from'?: (string);
  'to'?: (string);
  'after_occurred_at'?: (string);
  'after_id'?: (string);
  'limit'?: (number);
}

export interface ListAuditEntriesRequest__Output {
  'organization_id': (string);
  'action': (string);
  'actor': (string);
  'target_id': (string);
  'from': (string);
  'to': (string);
  'after_occurred_at': (string);
  'after_id': (string);
  'limit': (number);
}
