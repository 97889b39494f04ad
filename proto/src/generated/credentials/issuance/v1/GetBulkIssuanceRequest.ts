// Original file: credentials/issuance/v1/issuance.proto


export interface GetBulkIssuanceRequest {
  'organization_id'?: (string);
  'bulk_issuance_id'?: (string);
  'rows_limit'?: (number);
  'rows_offset'?: (number);
  'result'?: (string);
  'report_download'?: (boolean);
  '_result'?: "result";
}

export interface GetBulkIssuanceRequest__Output {
  'organization_id': (string);
  'bulk_issuance_id': (string);
  'rows_limit': (number);
  'rows_offset': (number);
  'result'?: (string);
  'report_download': (boolean);
  '_result'?: "result";
}
