// Original file: credentials/signing/v1/signing.proto


export interface ListPublicKeysRequest {
  'organization_id'?: (string);
}

export interface ListPublicKeysRequest__Output {
  'organization_id': (string);
}
