// Original file: credentials/verification/v1/verification.proto


export interface RefreshOrganizationResponse {
  'status'?: (string);
}

export interface RefreshOrganizationResponse__Output {
  'status': (string);
}
