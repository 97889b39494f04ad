// Original file: credentials/accounts/v1/accounts.proto


export interface ConfirmPasswordResetRequest {
  'token'?: (string);
  'password'?: (string);
}

export interface ConfirmPasswordResetRequest__Output {
  'token': (string);
  'password': (string);
}
