// Original file: credentials/notification/v1/notification.proto

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface CreateWebhookRequest {
  'organization_id'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface CreateWebhookRequest__Output {
  'organization_id': (string);
  'url': (string);
  'events': (string)[];
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
