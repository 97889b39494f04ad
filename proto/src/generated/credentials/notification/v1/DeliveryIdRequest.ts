// Original file: credentials/notification/v1/notification.proto


export interface DeliveryIdRequest {
  'organization_id'?: (string);
  'webhook_id'?: (string);
  'delivery_id'?: (string);
}

export interface DeliveryIdRequest__Output {
  'organization_id': (string);
  'webhook_id': (string);
  'delivery_id': (string);
}
