// Original file: credentials/issuance/v1/issuance.proto


export interface GetQuotaRequest {
  'organization_id'?: (string);
}

export interface GetQuotaRequest__Output {
  'organization_id': (string);
}
