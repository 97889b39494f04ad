// Original file: credentials/notification/v1/notification.proto


export interface ListDeliveriesRequest {
  'organization_id'?: (string);
  'webhook_id'?: (string);
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListDeliveriesRequest__Output {
  'organization_id': (string);
  'webhook_id': (string);
  'limit': (number);
  'offset': (number);
}
