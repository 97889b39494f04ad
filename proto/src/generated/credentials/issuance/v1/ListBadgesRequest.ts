// Original file: credentials/issuance/v1/issuance.proto


export interface ListBadgesRequest {
  'organization_id'?: (string);
  'limit'?: (number);
  'offset'?: (number);
  'active'?: (boolean);
  '_active'?: "active";
}

export interface ListBadgesRequest__Output {
  'organization_id': (string);
  'limit': (number);
  'offset': (number);
  'active'?: (boolean);
  '_active'?: "active";
}
