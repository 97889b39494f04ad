// Original file: credentials/issuance/v1/issuance.proto


export interface RegisterClaimTokensResponse {
  'registered'?: (number);
}

export interface RegisterClaimTokensResponse__Output {
  'registered': (number);
}
