// Original file: credentials/accounts/v1/accounts.proto


export interface ConfirmPasswordRequest {
  'user_id'?: (string);
  'password'?: (string);
}

export interface ConfirmPasswordRequest__Output {
  'user_id': (string);
  'password': (string);
}
