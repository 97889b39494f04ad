// Original file: credentials/issuance/v1/issuance.proto


export interface ListBulkIssuancesRequest {
  'organization_id'?: (string);
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListBulkIssuancesRequest__Output {
  'organization_id': (string);
  'limit': (number);
  'offset': (number);
}
