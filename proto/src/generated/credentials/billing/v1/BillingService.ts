// Original file: credentials/billing/v1/billing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { HandleProviderWebhookRequest as _credentials_billing_v1_HandleProviderWebhookRequest, HandleProviderWebhookRequest__Output as _credentials_billing_v1_HandleProviderWebhookRequest__Output } from '../../../credentials/billing/v1/HandleProviderWebhookRequest';
import type { HandleProviderWebhookResponse as _credentials_billing_v1_HandleProviderWebhookResponse, HandleProviderWebhookResponse__Output as _credentials_billing_v1_HandleProviderWebhookResponse__Output } from '../../../credentials/billing/v1/HandleProviderWebhookResponse';

export interface BillingServiceClient extends grpc.Client {
  HandleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _credentials_billing_v1_HandleProviderWebhookRequest, callback: grpc.requestCallback<_credentials_billing_v1_HandleProviderWebhookResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface BillingServiceHandlers extends grpc.UntypedServiceImplementation {
  HandleProviderWebhook: grpc.handleUnaryCall<_credentials_billing_v1_HandleProviderWebhookRequest__Output, _credentials_billing_v1_HandleProviderWebhookResponse>;
  
}

export interface BillingServiceDefinition extends grpc.ServiceDefinition {
  HandleProviderWebhook: MethodDefinition<_credentials_billing_v1_HandleProviderWebhookRequest, _credentials_billing_v1_HandleProviderWebhookResponse, _credentials_billing_v1_HandleProviderWebhookRequest__Output, _credentials_billing_v1_HandleProviderWebhookResponse__Output>
}
