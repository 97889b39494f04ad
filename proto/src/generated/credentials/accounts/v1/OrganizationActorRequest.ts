// Original file: credentials/accounts/v1/accounts.proto


export interface OrganizationActorRequest {
  'organization_id'?: (string);
  'actor_user_id'?: (string);
}

export interface OrganizationActorRequest__Output {
  'organization_id': (string);
  'actor_user_id': (string);
}
