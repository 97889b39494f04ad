import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from './credentials/idempotency/v1/IdempotencyKey';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    idempotency: {
      v1: {
        IdempotencyKey: MessageTypeDefinition<_credentials_idempotency_v1_IdempotencyKey, _credentials_idempotency_v1_IdempotencyKey__Output>
      }
    }
  }
}

