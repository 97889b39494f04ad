// Original file: credentials/accounts/v1/accounts.proto


export interface SetSubscriptionRequest {
  'organization_id'?: (string);
  'plan'?: (string);
  'subscription_status'?: (string);
}

export interface SetSubscriptionRequest__Output {
  'organization_id': (string);
  'plan': (string);
  'subscription_status': (string);
}
