// Original file: credentials/notification/v1/notification.proto

import type { DeliveryAttempt as _credentials_notification_v1_DeliveryAttempt, DeliveryAttempt__Output as _credentials_notification_v1_DeliveryAttempt__Output } from '../../../credentials/notification/v1/DeliveryAttempt';

export interface WebhookDelivery {
  'id'?: (string);
  'webhook_id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'status'?: (string);
  'attempts'?: (number);
  'next_attempt_at'?: (string);
  'last_status_code'?: (number);
  'last_error'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'delivered_at'?: (string);
  'attempt_log'?: (_credentials_notification_v1_DeliveryAttempt)[];
  'idempotent_replay'?: (boolean);
}

export interface WebhookDelivery__Output {
  'id': (string);
  'webhook_id': (string);
  'event_id': (string);
  'event_type': (string);
  'status': (string);
  'attempts': (number);
  'next_attempt_at': (string);
  'last_status_code': (number);
  'last_error': (string);
  'created_at': (string);
  'updated_at': (string);
  'delivered_at': (string);
  'attempt_log': (_credentials_notification_v1_DeliveryAttempt__Output)[];
  'idempotent_replay': (boolean);
}
