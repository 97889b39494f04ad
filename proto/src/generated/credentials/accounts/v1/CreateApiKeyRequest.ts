// Original file: credentials/accounts/v1/accounts.proto


export interface CreateApiKeyRequest {
  'organization_id'?: (string);
  'name'?: (string);
  'rate_limit_per_minute'?: (number);
  'actor_user_id'?: (string);
}

export interface CreateApiKeyRequest__Output {
  'organization_id': (string);
  'name': (string);
  'rate_limit_per_minute': (number);
  'actor_user_id': (string);
}
