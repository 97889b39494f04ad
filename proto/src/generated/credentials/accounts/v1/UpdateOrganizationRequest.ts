// Original file: credentials/accounts/v1/accounts.proto


export interface UpdateOrganizationRequest {
  'organization_id'?: (string);
  'name'?: (string);
  'domain'?: (string);
  'email_notifications_enabled'?: (boolean);
  'recipient_name_in_credentials'?: (boolean);
  'actor_user_id'?: (string);
  '_name'?: "name";
  '_domain'?: "domain";
  '_email_notifications_enabled'?: "email_notifications_enabled";
  '_recipient_name_in_credentials'?: "recipient_name_in_credentials";
}

export interface UpdateOrganizationRequest__Output {
  'organization_id': (string);
  'name'?: (string);
  'domain'?: (string);
  'email_notifications_enabled'?: (boolean);
  'recipient_name_in_credentials'?: (boolean);
  'actor_user_id': (string);
  '_name'?: "name";
  '_domain'?: "domain";
  '_email_notifications_enabled'?: "email_notifications_enabled";
  '_recipient_name_in_credentials'?: "recipient_name_in_credentials";
}
