// Original file: credentials/notification/v1/notification.proto

import type { WebhookEndpoint as _credentials_notification_v1_WebhookEndpoint, WebhookEndpoint__Output as _credentials_notification_v1_WebhookEndpoint__Output } from '../../../credentials/notification/v1/WebhookEndpoint';

export interface ListWebhooksResponse {
  'endpoints'?: (_credentials_notification_v1_WebhookEndpoint)[];
}

export interface ListWebhooksResponse__Output {
  'endpoints': (_credentials_notification_v1_WebhookEndpoint__Output)[];
}
