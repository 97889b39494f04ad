// Original file: credentials/accounts/v1/accounts.proto


export interface InvitationTokenRequest {
  'token'?: (string);
}

export interface InvitationTokenRequest__Output {
  'token': (string);
}
