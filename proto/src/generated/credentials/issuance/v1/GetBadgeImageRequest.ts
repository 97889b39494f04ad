// Original file: credentials/issuance/v1/issuance.proto


export interface GetBadgeImageRequest {
  'badge_id'?: (string);
  'content_hash'?: (string);
  'extension'?: (string);
  'organization_id'?: (string);
}

export interface GetBadgeImageRequest__Output {
  'badge_id': (string);
  'content_hash': (string);
  'extension': (string);
  'organization_id': (string);
}
