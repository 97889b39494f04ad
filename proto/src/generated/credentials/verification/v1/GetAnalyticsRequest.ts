// Original file: credentials/verification/v1/verification.proto


export interface GetAnalyticsRequest {
  'organization_id'?: (string);
  'from'?: (string);
  'to'?: (string);
}

export interface GetAnalyticsRequest__Output {
  'organization_id': (string);
  'from': (string);
  'to': (string);
}
