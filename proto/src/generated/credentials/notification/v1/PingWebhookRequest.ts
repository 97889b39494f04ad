// Original file: credentials/notification/v1/notification.proto

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface PingWebhookRequest {
  'organization_id'?: (string);
  'webhook_id'?: (string);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface PingWebhookRequest__Output {
  'organization_id': (string);
  'webhook_id': (string);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
