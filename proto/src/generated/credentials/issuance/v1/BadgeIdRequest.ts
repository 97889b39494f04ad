// Original file: credentials/issuance/v1/issuance.proto


export interface BadgeIdRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
}

export interface BadgeIdRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
}
