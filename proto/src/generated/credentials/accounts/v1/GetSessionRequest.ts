// Original file: credentials/accounts/v1/accounts.proto


export interface GetSessionRequest {
  'session_id'?: (string);
  'user_id'?: (string);
}

export interface GetSessionRequest__Output {
  'session_id': (string);
  'user_id': (string);
}
