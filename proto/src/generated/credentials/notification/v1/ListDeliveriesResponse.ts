// Original file: credentials/notification/v1/notification.proto

import type { WebhookDelivery as _credentials_notification_v1_WebhookDelivery, WebhookDelivery__Output as _credentials_notification_v1_WebhookDelivery__Output } from '../../../credentials/notification/v1/WebhookDelivery';

export interface ListDeliveriesResponse {
  'deliveries'?: (_credentials_notification_v1_WebhookDelivery)[];
  'total'?: (number);
}

export interface ListDeliveriesResponse__Output {
  'deliveries': (_credentials_notification_v1_WebhookDelivery__Output)[];
  'total': (number);
}
