// Original file: credentials/issuance/v1/issuance.proto


export interface NullableString {
  'value'?: (string);
  '_value'?: "value";
}

export interface NullableString__Output {
  'value'?: (string);
  '_value'?: "value";
}
