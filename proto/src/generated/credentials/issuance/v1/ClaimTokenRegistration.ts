// Original file: credentials/issuance/v1/issuance.proto


export interface ClaimTokenRegistration {
  'credential_uuid'?: (string);
  'organization_id'?: (string);
  'token_hash'?: (string);
  'expires_at'?: (string);
  'source_event_id'?: (string);
}

export interface ClaimTokenRegistration__Output {
  'credential_uuid': (string);
  'organization_id': (string);
  'token_hash': (string);
  'expires_at': (string);
  'source_event_id': (string);
}
