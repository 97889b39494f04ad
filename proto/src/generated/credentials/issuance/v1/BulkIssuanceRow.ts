// Original file: credentials/issuance/v1/issuance.proto


export interface BulkIssuanceRow {
  'row'?: (number);
  'name'?: (string);
  'email'?: (string);
  'result'?: (string);
  'reason'?: (string);
  'credential_uuid'?: (string);
  'credential_id'?: (string);
  '_reason'?: "reason";
  '_credential_uuid'?: "credential_uuid";
  '_credential_id'?: "credential_id";
}

export interface BulkIssuanceRow__Output {
  'row': (number);
  'name': (string);
  'email': (string);
  'result': (string);
  'reason'?: (string);
  'credential_uuid'?: (string);
  'credential_id'?: (string);
  '_reason'?: "reason";
  '_credential_uuid'?: "credential_uuid";
  '_credential_id'?: "credential_id";
}
