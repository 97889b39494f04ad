// Original file: credentials/issuance/v1/issuance.proto


export interface Quota {
  'plan'?: (string);
  'limit'?: (number);
  'used'?: (number);
  'month'?: (string);
  'resets_at'?: (string);
}

export interface Quota__Output {
  'plan': (string);
  'limit': (number);
  'used': (number);
  'month': (string);
  'resets_at': (string);
}
