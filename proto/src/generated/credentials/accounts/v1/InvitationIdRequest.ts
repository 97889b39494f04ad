// Original file: credentials/accounts/v1/accounts.proto


export interface InvitationIdRequest {
  'organization_id'?: (string);
  'actor_user_id'?: (string);
  'invitation_id'?: (string);
}

export interface InvitationIdRequest__Output {
  'organization_id': (string);
  'actor_user_id': (string);
  'invitation_id': (string);
}
