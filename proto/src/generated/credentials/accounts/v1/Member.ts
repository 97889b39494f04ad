// Original file: credentials/accounts/v1/accounts.proto


export interface Member {
  'user_id'?: (string);
  'email'?: (string);
  'name'?: (string);
  'role'?: (string);
  'joined_at'?: (string);
}

export interface Member__Output {
  'user_id': (string);
  'email': (string);
  'name': (string);
  'role': (string);
  'joined_at': (string);
}
