// Original file: credentials/accounts/v1/accounts.proto


export interface VerifyEmailRequest {
  'token'?: (string);
}

export interface VerifyEmailRequest__Output {
  'token': (string);
}
