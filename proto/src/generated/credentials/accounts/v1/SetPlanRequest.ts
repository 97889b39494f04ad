// Original file: credentials/accounts/v1/accounts.proto


export interface SetPlanRequest {
  'organization_id'?: (string);
  'plan'?: (string);
}

export interface SetPlanRequest__Output {
  'organization_id': (string);
  'plan': (string);
}
