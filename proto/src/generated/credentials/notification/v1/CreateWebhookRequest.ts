// Original file: credentials/notification/v1/notification.proto


export interface CreateWebhookRequest {
  'organization_id'?: (string);
  'url'?: (string);
  'events'?: (string)[];
}

export interface CreateWebhookRequest__Output {
  'organization_id': (string);
  'url': (string);
  'events': (string)[];
}
