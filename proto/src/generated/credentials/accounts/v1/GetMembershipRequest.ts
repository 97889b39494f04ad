// Original file: credentials/accounts/v1/accounts.proto


export interface GetMembershipRequest {
  'user_id'?: (string);
  'organization_id'?: (string);
}

export interface GetMembershipRequest__Output {
  'user_id': (string);
  'organization_id': (string);
}
