// Original file: credentials/accounts/v1/accounts.proto


export interface LoginRequest {
  'email'?: (string);
  'password'?: (string);
  'client_address'?: (string);
}

export interface LoginRequest__Output {
  'email': (string);
  'password': (string);
  'client_address': (string);
}
