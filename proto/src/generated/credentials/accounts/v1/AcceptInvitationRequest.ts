// Original file: credentials/accounts/v1/accounts.proto


export interface AcceptInvitationRequest {
  'token'?: (string);
  'user_id'?: (string);
}

export interface AcceptInvitationRequest__Output {
  'token': (string);
  'user_id': (string);
}
