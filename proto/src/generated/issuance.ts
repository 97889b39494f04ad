import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GenerateSigningKeysRequest as _credentials_issuance_v1_GenerateSigningKeysRequest, GenerateSigningKeysRequest__Output as _credentials_issuance_v1_GenerateSigningKeysRequest__Output } from './credentials/issuance/v1/GenerateSigningKeysRequest';
import type { GenerateSigningKeysResponse as _credentials_issuance_v1_GenerateSigningKeysResponse, GenerateSigningKeysResponse__Output as _credentials_issuance_v1_GenerateSigningKeysResponse__Output } from './credentials/issuance/v1/GenerateSigningKeysResponse';
import type { IssuanceServiceClient as _credentials_issuance_v1_IssuanceServiceClient, IssuanceServiceDefinition as _credentials_issuance_v1_IssuanceServiceDefinition } from './credentials/issuance/v1/IssuanceService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    issuance: {
      v1: {
        GenerateSigningKeysRequest: MessageTypeDefinition<_credentials_issuance_v1_GenerateSigningKeysRequest, _credentials_issuance_v1_GenerateSigningKeysRequest__Output>
        GenerateSigningKeysResponse: MessageTypeDefinition<_credentials_issuance_v1_GenerateSigningKeysResponse, _credentials_issuance_v1_GenerateSigningKeysResponse__Output>
        IssuanceService: SubtypeConstructor<typeof grpc.Client, _credentials_issuance_v1_IssuanceServiceClient> & { service: _credentials_issuance_v1_IssuanceServiceDefinition }
      }
    }
  }
}

