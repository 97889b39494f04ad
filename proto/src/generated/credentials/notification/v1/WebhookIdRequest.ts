// Original file: credentials/notification/v1/notification.proto


export interface WebhookIdRequest {
  'organization_id'?: (string);
  'webhook_id'?: (string);
}

export interface WebhookIdRequest__Output {
  'organization_id': (string);
  'webhook_id': (string);
}
