// Original file: credentials/accounts/v1/accounts.proto


export interface ApiKey {
  'id'?: (string);
  'organization_id'?: (string);
  'name'?: (string);
  'prefix'?: (string);
  'rate_limit_per_minute'?: (number);
  'created_at'?: (string);
  'last_used_at'?: (string);
  'revoked_at'?: (string);
}

export interface ApiKey__Output {
  'id': (string);
  'organization_id': (string);
  'name': (string);
  'prefix': (string);
  'rate_limit_per_minute': (number);
  'created_at': (string);
  'last_used_at': (string);
  'revoked_at': (string);
}
