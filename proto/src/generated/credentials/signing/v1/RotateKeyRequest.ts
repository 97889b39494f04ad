// Original file: credentials/signing/v1/signing.proto


export interface RotateKeyRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
}

export interface RotateKeyRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
}
