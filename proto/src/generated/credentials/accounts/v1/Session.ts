// Original file: credentials/accounts/v1/accounts.proto


export interface Session {
  'token'?: (string);
  'expires_at'?: (string);
}

export interface Session__Output {
  'token': (string);
  'expires_at': (string);
}
