// Original file: credentials/issuance/v1/issuance.proto

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface RotateSigningKeyRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'requested_by'?: (string);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface RotateSigningKeyRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
  'requested_by': (string);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
