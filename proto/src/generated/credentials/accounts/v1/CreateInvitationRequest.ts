// Original file: credentials/accounts/v1/accounts.proto

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from '../../../credentials/idempotency/v1/IdempotencyKey';

export interface CreateInvitationRequest {
  'organization_id'?: (string);
  'actor_user_id'?: (string);
  'email'?: (string);
  'role'?: (string);
  'idempotency'?: (_credentials_idempotency_v1_IdempotencyKey | null);
}

export interface CreateInvitationRequest__Output {
  'organization_id': (string);
  'actor_user_id': (string);
  'email': (string);
  'role': (string);
  'idempotency': (_credentials_idempotency_v1_IdempotencyKey__Output | null);
}
