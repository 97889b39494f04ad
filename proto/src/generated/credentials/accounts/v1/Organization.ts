// Original file: credentials/accounts/v1/accounts.proto


export interface Organization {
  'id'?: (string);
  'name'?: (string);
  'slug'?: (string);
  'domain'?: (string);
  'domain_verified'?: (boolean);
  'status'?: (string);
  'plan'?: (string);
  'subscription_status'?: (string);
  'email_notifications_enabled'?: (boolean);
  'signing_keys_generated'?: (boolean);
  'created_at'?: (string);
  'recipient_name_in_credentials'?: (boolean);
  'updated_at'?: (string);
}

export interface Organization__Output {
  'id': (string);
  'name': (string);
  'slug': (string);
  'domain': (string);
  'domain_verified': (boolean);
  'status': (string);
  'plan': (string);
  'subscription_status': (string);
  'email_notifications_enabled': (boolean);
  'signing_keys_generated': (boolean);
  'created_at': (string);
  'recipient_name_in_credentials': (boolean);
  'updated_at': (string);
}
