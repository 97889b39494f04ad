// Original file: credentials/accounts/v1/accounts.proto


export interface ListOrganizationsRequest {
  'status'?: (string);
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListOrganizationsRequest__Output {
  'status': (string);
  'limit': (number);
  'offset': (number);
}
