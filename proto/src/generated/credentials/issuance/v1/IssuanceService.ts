// Original file: credentials/issuance/v1/issuance.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GenerateSigningKeysRequest as _credentials_issuance_v1_GenerateSigningKeysRequest, GenerateSigningKeysRequest__Output as _credentials_issuance_v1_GenerateSigningKeysRequest__Output } from '../../../credentials/issuance/v1/GenerateSigningKeysRequest';
import type { GenerateSigningKeysResponse as _credentials_issuance_v1_GenerateSigningKeysResponse, GenerateSigningKeysResponse__Output as _credentials_issuance_v1_GenerateSigningKeysResponse__Output } from '../../../credentials/issuance/v1/GenerateSigningKeysResponse';

export interface IssuanceServiceClient extends grpc.Client {
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface IssuanceServiceHandlers extends grpc.UntypedServiceImplementation {
  GenerateSigningKeys: grpc.handleUnaryCall<_credentials_issuance_v1_GenerateSigningKeysRequest__Output, _credentials_issuance_v1_GenerateSigningKeysResponse>;
  
}

export interface IssuanceServiceDefinition extends grpc.ServiceDefinition {
  GenerateSigningKeys: MethodDefinition<_credentials_issuance_v1_GenerateSigningKeysRequest, _credentials_issuance_v1_GenerateSigningKeysResponse, _credentials_issuance_v1_GenerateSigningKeysRequest__Output, _credentials_issuance_v1_GenerateSigningKeysResponse__Output>
}
