// Original file: credentials/accounts/v1/accounts.proto


export interface InvitationSummary {
  'organization_id'?: (string);
  'organization_name'?: (string);
  'email'?: (string);
  'role'?: (string);
  'expires_at'?: (string);
}

export interface InvitationSummary__Output {
  'organization_id': (string);
  'organization_name': (string);
  'email': (string);
  'role': (string);
  'expires_at': (string);
}
