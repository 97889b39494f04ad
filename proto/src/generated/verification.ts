import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AnalyticsRow as _credentials_verification_v1_AnalyticsRow, AnalyticsRow__Output as _credentials_verification_v1_AnalyticsRow__Output } from './credentials/verification/v1/AnalyticsRow';
import type { GetAnalyticsRequest as _credentials_verification_v1_GetAnalyticsRequest, GetAnalyticsRequest__Output as _credentials_verification_v1_GetAnalyticsRequest__Output } from './credentials/verification/v1/GetAnalyticsRequest';
import type { GetAnalyticsResponse as _credentials_verification_v1_GetAnalyticsResponse, GetAnalyticsResponse__Output as _credentials_verification_v1_GetAnalyticsResponse__Output } from './credentials/verification/v1/GetAnalyticsResponse';
import type { RefreshOrganizationRequest as _credentials_verification_v1_RefreshOrganizationRequest, RefreshOrganizationRequest__Output as _credentials_verification_v1_RefreshOrganizationRequest__Output } from './credentials/verification/v1/RefreshOrganizationRequest';
import type { RefreshOrganizationResponse as _credentials_verification_v1_RefreshOrganizationResponse, RefreshOrganizationResponse__Output as _credentials_verification_v1_RefreshOrganizationResponse__Output } from './credentials/verification/v1/RefreshOrganizationResponse';
import type { VerificationServiceClient as _credentials_verification_v1_VerificationServiceClient, VerificationServiceDefinition as _credentials_verification_v1_VerificationServiceDefinition } from './credentials/verification/v1/VerificationService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    verification: {
      v1: {
        AnalyticsRow: MessageTypeDefinition<_credentials_verification_v1_AnalyticsRow, _credentials_verification_v1_AnalyticsRow__Output>
        GetAnalyticsRequest: MessageTypeDefinition<_credentials_verification_v1_GetAnalyticsRequest, _credentials_verification_v1_GetAnalyticsRequest__Output>
        GetAnalyticsResponse: MessageTypeDefinition<_credentials_verification_v1_GetAnalyticsResponse, _credentials_verification_v1_GetAnalyticsResponse__Output>
        RefreshOrganizationRequest: MessageTypeDefinition<_credentials_verification_v1_RefreshOrganizationRequest, _credentials_verification_v1_RefreshOrganizationRequest__Output>
        RefreshOrganizationResponse: MessageTypeDefinition<_credentials_verification_v1_RefreshOrganizationResponse, _credentials_verification_v1_RefreshOrganizationResponse__Output>
        VerificationService: SubtypeConstructor<typeof grpc.Client, _credentials_verification_v1_VerificationServiceClient> & { service: _credentials_verification_v1_VerificationServiceDefinition }
      }
    }
  }
}

