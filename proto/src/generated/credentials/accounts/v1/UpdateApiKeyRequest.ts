// Original file: credentials/accounts/v1/accounts.proto


export interface UpdateApiKeyRequest {
  'organization_id'?: (string);
  'key_id'?: (string);
  'name'?: (string);
  'rate_limit_per_minute'?: (number);
  'actor_user_id'?: (string);
  '_name'?: "name";
  '_rate_limit_per_minute'?: "rate_limit_per_minute";
}

export interface UpdateApiKeyRequest__Output {
  'organization_id': (string);
  'key_id': (string);
  'name'?: (string);
  'rate_limit_per_minute'?: (number);
  'actor_user_id': (string);
  '_name'?: "name";
  '_rate_limit_per_minute'?: "rate_limit_per_minute";
}
