// Original file: credentials/issuance/v1/issuance.proto


export interface StringList {
  'values'?: (string)[];
}

export interface StringList__Output {
  'values': (string)[];
}
