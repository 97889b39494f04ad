// Original file: credentials/issuance/v1/issuance.proto


export interface Credential {
  'id'?: (string);
  'credential_id'?: (string);
  'badge_id'?: (string);
  'badge_name'?: (string);
  'recipient_name'?: (string);
  'recipient_email'?: (string);
  'status'?: (string);
  'issuance_date'?: (string);
  'expiration_date'?: (string);
  'claimed_at'?: (string);
  'revoked_at'?: (string);
  'revocation_reason'?: (string);
  'is_public'?: (boolean);
  'verification_url'?: (string);
  'supersedes_credential_id'?: (string);
  'superseded_by_credential_id'?: (string);
  'ob3_credential_json'?: (string);
  'idempotent_replay'?: (boolean);
  '_expiration_date'?: "expiration_date";
  '_claimed_at'?: "claimed_at";
  '_revoked_at'?: "revoked_at";
  '_revocation_reason'?: "revocation_reason";
  '_supersedes_credential_id'?: "supersedes_credential_id";
  '_superseded_by_credential_id'?: "superseded_by_credential_id";
}

export interface Credential__Output {
  'id': (string);
  'credential_id': (string);
  'badge_id': (string);
  'badge_name': (string);
  'recipient_name': (string);
  'recipient_email': (string);
  'status': (string);
  'issuance_date': (string);
  'expiration_date'?: (string);
  'claimed_at'?: (string);
  'revoked_at'?: (string);
  'revocation_reason'?: (string);
  'is_public': (boolean);
  'verification_url': (string);
  'supersedes_credential_id'?: (string);
  'superseded_by_credential_id'?: (string);
  'ob3_credential_json': (string);
  'idempotent_replay': (boolean);
  '_expiration_date'?: "expiration_date";
  '_claimed_at'?: "claimed_at";
  '_revoked_at'?: "revoked_at";
  '_revocation_reason'?: "revocation_reason";
  '_supersedes_credential_id'?: "supersedes_credential_id";
  '_superseded_by_credential_id'?: "superseded_by_credential_id";
}
