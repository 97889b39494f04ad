// Original file: credentials/accounts/v1/accounts.proto


export interface NewOrganization {
  'name'?: (string);
  'slug'?: (string);
}

export interface NewOrganization__Output {
  'name': (string);
  'slug': (string);
}
