// Original file: credentials/accounts/v1/accounts.proto


export interface Membership {
  'organization_id'?: (string);
  'user_id'?: (string);
  'role'?: (string);
  'created_at'?: (string);
}

export interface Membership__Output {
  'organization_id': (string);
  'user_id': (string);
  'role': (string);
  'created_at': (string);
}
