// Original file: credentials/notification/v1/notification.proto


export interface DeliveryAttempt {
  'attempt'?: (number);
  'started_at'?: (string);
  'duration_ms'?: (number);
  'status_code'?: (number);
  'error'?: (string);
  'response_excerpt'?: (string);
  'succeeded'?: (boolean);
}

export interface DeliveryAttempt__Output {
  'attempt': (number);
  'started_at': (string);
  'duration_ms': (number);
  'status_code': (number);
  'error': (string);
  'response_excerpt': (string);
  'succeeded': (boolean);
}
