// Original file: credentials/accounts/v1/accounts.proto


export interface RequestPasswordResetRequest {
  'email'?: (string);
}

export interface RequestPasswordResetRequest__Output {
  'email': (string);
}
