// Original file: credentials/issuance/v1/issuance.proto


export interface RecipientSession {
  'user_id'?: (string);
  'email'?: (string);
  'email_verified'?: (boolean);
}

export interface RecipientSession__Output {
  'user_id': (string);
  'email': (string);
  'email_verified': (boolean);
}
