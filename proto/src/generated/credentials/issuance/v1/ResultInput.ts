// Original file: credentials/issuance/v1/issuance.proto


export interface ResultInput {
  'result_description'?: (string);
  'value'?: (string);
  'status'?: (string);
  '_value'?: "value";
  '_status'?: "status";
}

export interface ResultInput__Output {
  'result_description': (string);
  'value'?: (string);
  'status'?: (string);
  '_value'?: "value";
  '_status'?: "status";
}
