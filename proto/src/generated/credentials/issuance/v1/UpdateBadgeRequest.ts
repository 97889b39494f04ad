// Original file: credentials/issuance/v1/issuance.proto


export interface UpdateBadgeRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'badge_json'?: (string);
}

export interface UpdateBadgeRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'badge_json': (string);
}
