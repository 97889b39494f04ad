import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BillingServiceClient as _credentials_billing_v1_BillingServiceClient, BillingServiceDefinition as _credentials_billing_v1_BillingServiceDefinition } from './credentials/billing/v1/BillingService';
import type { HandleProviderWebhookRequest as _credentials_billing_v1_HandleProviderWebhookRequest, HandleProviderWebhookRequest__Output as _credentials_billing_v1_HandleProviderWebhookRequest__Output } from './credentials/billing/v1/HandleProviderWebhookRequest';
import type { HandleProviderWebhookResponse as _credentials_billing_v1_HandleProviderWebhookResponse, HandleProviderWebhookResponse__Output as _credentials_billing_v1_HandleProviderWebhookResponse__Output } from './credentials/billing/v1/HandleProviderWebhookResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    billing: {
      v1: {
        BillingService: SubtypeConstructor<typeof grpc.Client, _credentials_billing_v1_BillingServiceClient> & { service: _credentials_billing_v1_BillingServiceDefinition }
        HandleProviderWebhookRequest: MessageTypeDefinition<_credentials_billing_v1_HandleProviderWebhookRequest, _credentials_billing_v1_HandleProviderWebhookRequest__Output>
        HandleProviderWebhookResponse: MessageTypeDefinition<_credentials_billing_v1_HandleProviderWebhookResponse, _credentials_billing_v1_HandleProviderWebhookResponse__Output>
      }
    }
  }
}

