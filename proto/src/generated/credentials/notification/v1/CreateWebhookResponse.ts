// Original file: credentials/notification/v1/notification.proto

import type { WebhookEndpoint as _credentials_notification_v1_WebhookEndpoint, WebhookEndpoint__Output as _credentials_notification_v1_WebhookEndpoint__Output } from '../../../credentials/notification/v1/WebhookEndpoint';

export interface CreateWebhookResponse {
  'endpoint'?: (_credentials_notification_v1_WebhookEndpoint | null);
  'secret'?: (string);
  'idempotent_replay'?: (boolean);
}

export interface CreateWebhookResponse__Output {
  'endpoint': (_credentials_notification_v1_WebhookEndpoint__Output | null);
  'secret': (string);
  'idempotent_replay': (boolean);
}
