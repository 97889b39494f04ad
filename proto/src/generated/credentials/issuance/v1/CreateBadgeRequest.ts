// Original file: credentials/issuance/v1/issuance.proto

import type { BadgeInput as _credentials_issuance_v1_BadgeInput, BadgeInput__Output as _credentials_issuance_v1_BadgeInput__Output } from '../../../credentials/issuance/v1/BadgeInput';
import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface CreateBadgeRequest {
  'organization_id'?: (string);
  'badge'?: (_credentials_issuance_v1_BadgeInput | null);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface CreateBadgeRequest__Output {
  'organization_id': (string);
  'badge': (_credentials_issuance_v1_BadgeInput__Output | null);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
