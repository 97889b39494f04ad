// Original file: credentials/verification/v1/verification.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetAnalyticsRequest as _credentials_verification_v1_GetAnalyticsRequest, GetAnalyticsRequest__Output as _credentials_verification_v1_GetAnalyticsRequest__Output } from '../../../credentials/verification/v1/GetAnalyticsRequest';
import type { GetAnalyticsResponse as _credentials_verification_v1_GetAnalyticsResponse, GetAnalyticsResponse__Output as _credentials_verification_v1_GetAnalyticsResponse__Output } from '../../../credentials/verification/v1/GetAnalyticsResponse';
import type { RefreshOrganizationRequest as _credentials_verification_v1_RefreshOrganizationRequest, RefreshOrganizationRequest__Output as _credentials_verification_v1_RefreshOrganizationRequest__Output } from '../../../credentials/verification/v1/RefreshOrganizationRequest';
import type { RefreshOrganizationResponse as _credentials_verification_v1_RefreshOrganizationResponse, RefreshOrganizationResponse__Output as _credentials_verification_v1_RefreshOrganizationResponse__Output } from '../../../credentials/verification/v1/RefreshOrganizationResponse';

export interface VerificationServiceClient extends grpc.Client {
  GetAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  GetAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  GetAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  GetAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  getAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  getAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  getAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  getAnalytics(argument: _credentials_verification_v1_GetAnalyticsRequest, callback: grpc.requestCallback<_credentials_verification_v1_GetAnalyticsResponse__Output>): grpc.ClientUnaryCall;
  
  RefreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  RefreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  RefreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  RefreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  refreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  refreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  refreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  refreshOrganization(argument: _credentials_verification_v1_RefreshOrganizationRequest, callback: grpc.requestCallback<_credentials_verification_v1_RefreshOrganizationResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface VerificationServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAnalytics: grpc.handleUnaryCall<_credentials_verification_v1_GetAnalyticsRequest__Output, _credentials_verification_v1_GetAnalyticsResponse>;
  
  RefreshOrganization: grpc.handleUnaryCall<_credentials_verification_v1_RefreshOrganizationRequest__Output, _credentials_verification_v1_RefreshOrganizationResponse>;
  
}

export interface VerificationServiceDefinition extends grpc.ServiceDefinition {
  GetAnalytics: MethodDefinition<_credentials_verification_v1_GetAnalyticsRequest, _credentials_verification_v1_GetAnalyticsResponse, _credentials_verification_v1_GetAnalyticsRequest__Output, _credentials_verification_v1_GetAnalyticsResponse__Output>
  RefreshOrganization: MethodDefinition<_credentials_verification_v1_RefreshOrganizationRequest, _credentials_verification_v1_RefreshOrganizationResponse, _credentials_verification_v1_RefreshOrganizationRequest__Output, _credentials_verification_v1_RefreshOrganizationResponse__Output>
}
