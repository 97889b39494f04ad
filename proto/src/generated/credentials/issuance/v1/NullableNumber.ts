// Original file: credentials/issuance/v1/issuance.proto


export interface NullableNumber {
  'value'?: (number | string);
  '_value'?: "value";
}

export interface NullableNumber__Output {
  'value'?: (number);
  '_value'?: "value";
}
