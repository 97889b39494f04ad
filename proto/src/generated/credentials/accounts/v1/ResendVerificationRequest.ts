// Original file: credentials/accounts/v1/accounts.proto


export interface ResendVerificationRequest {
  'email'?: (string);
}

export interface ResendVerificationRequest__Output {
  'email': (string);
}
