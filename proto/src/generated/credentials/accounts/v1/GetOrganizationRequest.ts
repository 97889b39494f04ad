// Original file: credentials/accounts/v1/accounts.proto


export interface GetOrganizationRequest {
  'organization_id'?: (string);
}

export interface GetOrganizationRequest__Output {
  'organization_id': (string);
}
