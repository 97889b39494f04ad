// Original file: credentials/issuance/v1/issuance.proto


export interface BulkPreviewRow {
  'row'?: (number);
  'name'?: (string);
  'email'?: (string);
  'outcome'?: (string);
  'reason'?: (string);
  '_reason'?: "reason";
}

export interface BulkPreviewRow__Output {
  'row': (number);
  'name': (string);
  'email': (string);
  'outcome': (string);
  'reason'?: (string);
  '_reason'?: "reason";
}
