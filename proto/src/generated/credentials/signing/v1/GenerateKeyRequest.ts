// Original file: credentials/signing/v1/signing.proto


export interface GenerateKeyRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
}

export interface GenerateKeyRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
}
