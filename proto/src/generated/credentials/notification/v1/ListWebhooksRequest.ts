// Original file: credentials/notification/v1/notification.proto


export interface ListWebhooksRequest {
  'organization_id'?: (string);
}

export interface ListWebhooksRequest__Output {
  'organization_id': (string);
}
