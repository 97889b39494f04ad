// Original file: credentials/signing/v1/signing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GenerateKeyRequest as _credentials_signing_v1_GenerateKeyRequest, GenerateKeyRequest__Output as _credentials_signing_v1_GenerateKeyRequest__Output } from '../../../credentials/signing/v1/GenerateKeyRequest';
import type { GenerateKeyResponse as _credentials_signing_v1_GenerateKeyResponse, GenerateKeyResponse__Output as _credentials_signing_v1_GenerateKeyResponse__Output } from '../../../credentials/signing/v1/GenerateKeyResponse';
import type { ListPublicKeysRequest as _credentials_signing_v1_ListPublicKeysRequest, ListPublicKeysRequest__Output as _credentials_signing_v1_ListPublicKeysRequest__Output } from '../../../credentials/signing/v1/ListPublicKeysRequest';
import type { ListPublicKeysResponse as _credentials_signing_v1_ListPublicKeysResponse, ListPublicKeysResponse__Output as _credentials_signing_v1_ListPublicKeysResponse__Output } from '../../../credentials/signing/v1/ListPublicKeysResponse';
import type { ReportKeyCompromisedRequest as _credentials_signing_v1_ReportKeyCompromisedRequest, ReportKeyCompromisedRequest__Output as _credentials_signing_v1_ReportKeyCompromisedRequest__Output } from '../../../credentials/signing/v1/ReportKeyCompromisedRequest';
import type { ReportKeyCompromisedResponse as _credentials_signing_v1_ReportKeyCompromisedResponse, ReportKeyCompromisedResponse__Output as _credentials_signing_v1_ReportKeyCompromisedResponse__Output } from '../../../credentials/signing/v1/ReportKeyCompromisedResponse';
import type { RotateKeyRequest as _credentials_signing_v1_RotateKeyRequest, RotateKeyRequest__Output as _credentials_signing_v1_RotateKeyRequest__Output } from '../../../credentials/signing/v1/RotateKeyRequest';
import type { SignCredentialRequest as _credentials_signing_v1_SignCredentialRequest, SignCredentialRequest__Output as _credentials_signing_v1_SignCredentialRequest__Output } from '../../../credentials/signing/v1/SignCredentialRequest';
import type { SignCredentialResponse as _credentials_signing_v1_SignCredentialResponse, SignCredentialResponse__Output as _credentials_signing_v1_SignCredentialResponse__Output } from '../../../credentials/signing/v1/SignCredentialResponse';
import type { SignCredentialsRequest as _credentials_signing_v1_SignCredentialsRequest, SignCredentialsRequest__Output as _credentials_signing_v1_SignCredentialsRequest__Output } from '../../../credentials/signing/v1/SignCredentialsRequest';
import type { SignCredentialsResponse as _credentials_signing_v1_SignCredentialsResponse, SignCredentialsResponse__Output as _credentials_signing_v1_SignCredentialsResponse__Output } from '../../../credentials/signing/v1/SignCredentialsResponse';

export interface SigningServiceClient extends grpc.Client {
  GenerateKey(argument: _credentials_signing_v1_GenerateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  GenerateKey(argument: _credentials_signing_v1_GenerateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  GenerateKey(argument: _credentials_signing_v1_GenerateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  GenerateKey(argument: _credentials_signing_v1_GenerateKeyRequest, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  generateKey(argument: _credentials_signing_v1_GenerateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  generateKey(argument: _credentials_signing_v1_GenerateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  generateKey(argument: _credentials_signing_v1_GenerateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  generateKey(argument: _credentials_signing_v1_GenerateKeyRequest, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  
  ListPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  ListPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  ListPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  ListPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  listPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  listPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  listPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  listPublicKeys(argument: _credentials_signing_v1_ListPublicKeysRequest, callback: grpc.requestCallback<_credentials_signing_v1_ListPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  
  ReportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  ReportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  ReportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  ReportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  reportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  reportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  reportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  reportKeyCompromised(argument: _credentials_signing_v1_ReportKeyCompromisedRequest, callback: grpc.requestCallback<_credentials_signing_v1_ReportKeyCompromisedResponse__Output>): grpc.ClientUnaryCall;
  
  RotateKey(argument: _credentials_signing_v1_RotateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _credentials_signing_v1_RotateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _credentials_signing_v1_RotateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _credentials_signing_v1_RotateKeyRequest, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _credentials_signing_v1_RotateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _credentials_signing_v1_RotateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _credentials_signing_v1_RotateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _credentials_signing_v1_RotateKeyRequest, callback: grpc.requestCallback<_credentials_signing_v1_GenerateKeyResponse__Output>): grpc.ClientUnaryCall;
  
  SignCredential(argument: _credentials_signing_v1_SignCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  SignCredential(argument: _credentials_signing_v1_SignCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  SignCredential(argument: _credentials_signing_v1_SignCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  SignCredential(argument: _credentials_signing_v1_SignCredentialRequest, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  signCredential(argument: _credentials_signing_v1_SignCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  signCredential(argument: _credentials_signing_v1_SignCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  signCredential(argument: _credentials_signing_v1_SignCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  signCredential(argument: _credentials_signing_v1_SignCredentialRequest, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialResponse__Output>): grpc.ClientUnaryCall;
  
  SignCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  SignCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  SignCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  SignCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  signCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  signCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  signCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  signCredentials(argument: _credentials_signing_v1_SignCredentialsRequest, callback: grpc.requestCallback<_credentials_signing_v1_SignCredentialsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface SigningServiceHandlers extends grpc.UntypedServiceImplementation {
  GenerateKey: grpc.handleUnaryCall<_credentials_signing_v1_GenerateKeyRequest__Output, _credentials_signing_v1_GenerateKeyResponse>;
  
  ListPublicKeys: grpc.handleUnaryCall<_credentials_signing_v1_ListPublicKeysRequest__Output, _credentials_signing_v1_ListPublicKeysResponse>;
  
  ReportKeyCompromised: grpc.handleUnaryCall<_credentials_signing_v1_ReportKeyCompromisedRequest__Output, _credentials_signing_v1_ReportKeyCompromisedResponse>;
  
  RotateKey: grpc.handleUnaryCall<_credentials_signing_v1_RotateKeyRequest__Output, _credentials_signing_v1_GenerateKeyResponse>;
  
  SignCredential: grpc.handleUnaryCall<_credentials_signing_v1_SignCredentialRequest__Output, _credentials_signing_v1_SignCredentialResponse>;
  
  SignCredentials: grpc.handleUnaryCall<_credentials_signing_v1_SignCredentialsRequest__Output, _credentials_signing_v1_SignCredentialsResponse>;
  
}

export interface SigningServiceDefinition extends grpc.ServiceDefinition {
  GenerateKey: MethodDefinition<_credentials_signing_v1_GenerateKeyRequest, _credentials_signing_v1_GenerateKeyResponse, _credentials_signing_v1_GenerateKeyRequest__Output, _credentials_signing_v1_GenerateKeyResponse__Output>
  ListPublicKeys: MethodDefinition<_credentials_signing_v1_ListPublicKeysRequest, _credentials_signing_v1_ListPublicKeysResponse, _credentials_signing_v1_ListPublicKeysRequest__Output, _credentials_signing_v1_ListPublicKeysResponse__Output>
  ReportKeyCompromised: MethodDefinition<_credentials_signing_v1_ReportKeyCompromisedRequest, _credentials_signing_v1_ReportKeyCompromisedResponse, _credentials_signing_v1_ReportKeyCompromisedRequest__Output, _credentials_signing_v1_ReportKeyCompromisedResponse__Output>
  RotateKey: MethodDefinition<_credentials_signing_v1_RotateKeyRequest, _credentials_signing_v1_GenerateKeyResponse, _credentials_signing_v1_RotateKeyRequest__Output, _credentials_signing_v1_GenerateKeyResponse__Output>
  SignCredential: MethodDefinition<_credentials_signing_v1_SignCredentialRequest, _credentials_signing_v1_SignCredentialResponse, _credentials_signing_v1_SignCredentialRequest__Output, _credentials_signing_v1_SignCredentialResponse__Output>
  SignCredentials: MethodDefinition<_credentials_signing_v1_SignCredentialsRequest, _credentials_signing_v1_SignCredentialsResponse, _credentials_signing_v1_SignCredentialsRequest__Output, _credentials_signing_v1_SignCredentialsResponse__Output>
}
