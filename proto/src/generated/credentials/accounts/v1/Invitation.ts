// Original file: credentials/accounts/v1/accounts.proto


export interface Invitation {
  'id'?: (string);
  'organization_id'?: (string);
  'email'?: (string);
  'role'?: (string);
  'invited_by_user_id'?: (string);
  'created_at'?: (string);
  'expires_at'?: (string);
  'idempotent_replay'?: (boolean);
}

export interface Invitation__Output {
  'id': (string);
  'organization_id': (string);
  'email': (string);
  'role': (string);
  'invited_by_user_id': (string);
  'created_at': (string);
  'expires_at': (string);
  'idempotent_replay': (boolean);
}
