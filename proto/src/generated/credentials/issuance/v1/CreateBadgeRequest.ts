// Original file: credentials/issuance/v1/issuance.proto


export interface CreateBadgeRequest {
  'organization_id'?: (string);
  'badge_json'?: (string);
}

export interface CreateBadgeRequest__Output {
  'organization_id': (string);
  'badge_json': (string);
}
