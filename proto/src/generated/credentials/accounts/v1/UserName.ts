// Original file: credentials/accounts/v1/accounts.proto


export interface UserName {
  'user_id'?: (string);
  'name'?: (string);
}

export interface UserName__Output {
  'user_id': (string);
  'name': (string);
}
