// Original file: credentials/accounts/v1/accounts.proto


export interface CreateInvitationRequest {
  'organization_id'?: (string);
  'actor_user_id'?: (string);
  'email'?: (string);
  'role'?: (string);
}

export interface CreateInvitationRequest__Output {
  'organization_id': (string);
  'actor_user_id': (string);
  'email': (string);
  'role': (string);
}
