// Original file: credentials/issuance/v1/issuance.proto


export interface ListRecipientCredentialsRequest {
  'email'?: (string);
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListRecipientCredentialsRequest__Output {
  'email': (string);
  'limit': (number);
  'offset': (number);
}
