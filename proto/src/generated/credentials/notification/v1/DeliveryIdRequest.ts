// Original file: credentials/notification/v1/notification.proto

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface DeliveryIdRequest {
  'organization_id'?: (string);
  'webhook_id'?: (string);
  'delivery_id'?: (string);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface DeliveryIdRequest__Output {
  'organization_id': (string);
  'webhook_id': (string);
  'delivery_id': (string);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
