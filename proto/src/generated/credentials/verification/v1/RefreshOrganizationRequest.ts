// Original file: credentials/verification/v1/verification.proto


export interface RefreshOrganizationRequest {
  'organization_id'?: (string);
}

export interface RefreshOrganizationRequest__Output {
  'organization_id': (string);
}
