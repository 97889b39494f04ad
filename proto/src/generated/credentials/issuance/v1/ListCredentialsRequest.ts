// Original file: credentials/issuance/v1/issuance.proto


export interface ListCredentialsRequest {
  'organization_id'?: (string);
  'limit'?: (number);
  'offset'?: (number);
  'badge_id'?: (string);
  'status'?: (string);
  'recipient'?: (string);
  '_badge_id'?: "badge_id";
  '_status'?: "status";
  '_recipient'?: "recipient";
}

export interface ListCredentialsRequest__Output {
  'organization_id': (string);
  'limit': (number);
  'offset': (number);
  'badge_id'?: (string);
  'status'?: (string);
  'recipient'?: (string);
  '_badge_id'?: "badge_id";
  '_status'?: "status";
  '_recipient'?: "recipient";
}
