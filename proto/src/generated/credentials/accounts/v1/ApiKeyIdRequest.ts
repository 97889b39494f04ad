// Original file: credentials/accounts/v1/accounts.proto


export interface ApiKeyIdRequest {
  'organization_id'?: (string);
  'key_id'?: (string);
  'actor_user_id'?: (string);
}

export interface ApiKeyIdRequest__Output {
  'organization_id': (string);
  'key_id': (string);
  'actor_user_id': (string);
}
