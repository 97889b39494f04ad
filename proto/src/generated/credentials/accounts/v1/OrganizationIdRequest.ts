// Original file: credentials/accounts/v1/accounts.proto


export interface OrganizationIdRequest {
  'organization_id'?: (string);
}

export interface OrganizationIdRequest__Output {
  'organization_id': (string);
}
