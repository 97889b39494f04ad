// Original file: credentials/issuance/v1/issuance.proto


export interface RenewalLink {
  'id'?: (string);
  'credential_id'?: (string);
  'status'?: (string);
  'issuance_date'?: (string);
  'expiration_date'?: (string);
  'revoked_at'?: (string);
  'revocation_reason'?: (string);
  '_expiration_date'?: "expiration_date";
  '_revoked_at'?: "revoked_at";
  '_revocation_reason'?: "revocation_reason";
}

export interface RenewalLink__Output {
  'id': (string);
  'credential_id': (string);
  'status': (string);
  'issuance_date': (string);
  'expiration_date'?: (string);
  'revoked_at'?: (string);
  'revocation_reason'?: (string);
  '_expiration_date'?: "expiration_date";
  '_revoked_at'?: "revoked_at";
  '_revocation_reason'?: "revocation_reason";
}
