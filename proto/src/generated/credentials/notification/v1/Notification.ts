// Original file: credentials/notification/v1/notification.proto


export interface Notification {
  'id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'channel'?: (string);
  'status'?: (string);
  'created_at'?: (string);
  'kind'?: (string);
  'recipient'?: (string);
  'subject'?: (string);
  'attempts'?: (number);
  'last_error'?: (string);
  'sent_at'?: (string);
  'updated_at'?: (string);
}

export interface Notification__Output {
  'id': (string);
  'event_id': (string);
  'event_type': (string);
  'channel': (string);
  'status': (string);
  'created_at': (string);
  'kind': (string);
  'recipient': (string);
  'subject': (string);
  'attempts': (number);
  'last_error': (string);
  'sent_at': (string);
  'updated_at': (string);
}
