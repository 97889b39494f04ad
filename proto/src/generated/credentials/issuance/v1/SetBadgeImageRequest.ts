// Original file: credentials/issuance/v1/issuance.proto


export interface SetBadgeImageRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'declared_content_type'?: (string);
}

export interface SetBadgeImageRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'data': (Buffer);
  'declared_content_type': (string);
}
