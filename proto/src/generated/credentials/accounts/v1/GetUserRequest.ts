// Original file: credentials/accounts/v1/accounts.proto


export interface GetUserRequest {
  'user_id'?: (string);
}

export interface GetUserRequest__Output {
  'user_id': (string);
}
