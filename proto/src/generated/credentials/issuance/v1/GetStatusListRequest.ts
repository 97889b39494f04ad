// Original file: credentials/issuance/v1/issuance.proto


export interface GetStatusListRequest {
  'organization_slug'?: (string);
  'list_number'?: (number);
}

export interface GetStatusListRequest__Output {
  'organization_slug': (string);
  'list_number': (number);
}
