// Original file: credentials/accounts/v1/accounts.proto


export interface ListApiKeysRequest {
  'organization_id'?: (string);
  'include_revoked'?: (boolean);
  'actor_user_id'?: (string);
}

export interface ListApiKeysRequest__Output {
  'organization_id': (string);
  'include_revoked': (boolean);
  'actor_user_id': (string);
}
