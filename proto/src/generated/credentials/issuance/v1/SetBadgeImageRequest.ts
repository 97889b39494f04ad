// Original file: credentials/issuance/v1/issuance.proto

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface SetBadgeImageRequest {
  'organization_id'?: (string);
  'badge_id'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'declared_content_type'?: (string);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface SetBadgeImageRequest__Output {
  'organization_id': (string);
  'badge_id': (string);
  'data': (Buffer);
  'declared_content_type': (string);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
