// Original file: credentials/accounts/v1/accounts.proto


export interface ChangeMemberRoleRequest {
  'organization_id'?: (string);
  'actor_user_id'?: (string);
  'user_id'?: (string);
  'role'?: (string);
}

export interface ChangeMemberRoleRequest__Output {
  'organization_id': (string);
  'actor_user_id': (string);
  'user_id': (string);
  'role': (string);
}
