// Original file: credentials/notification/v1/notification.proto


export interface ListNotificationsRequest {
  'organization_id'?: (string);
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListNotificationsRequest__Output {
  'organization_id': (string);
  'limit': (number);
  'offset': (number);
}
