// Original file: credentials/accounts/v1/accounts.proto


export interface MemberRequest {
  'organization_id'?: (string);
  'actor_user_id'?: (string);
  'user_id'?: (string);
}

export interface MemberRequest__Output {
  'organization_id': (string);
  'actor_user_id': (string);
  'user_id': (string);
}
