// Original file: credentials/accounts/v1/accounts.proto


export interface EndSessionRequest {
  'session_id'?: (string);
  'user_id'?: (string);
}

export interface EndSessionRequest__Output {
  'session_id': (string);
  'user_id': (string);
}
