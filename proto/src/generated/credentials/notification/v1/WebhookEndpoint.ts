// Original file: credentials/notification/v1/notification.proto


export interface WebhookEndpoint {
  'id'?: (string);
  'organization_id'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'created_at'?: (string);
}

export interface WebhookEndpoint__Output {
  'id': (string);
  'organization_id': (string);
  'url': (string);
  'events': (string)[];
  'created_at': (string);
}
