import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Badge as _credentials_issuance_v1_Badge, Badge__Output as _credentials_issuance_v1_Badge__Output } from './credentials/issuance/v1/Badge';
import type { BadgeIdRequest as _credentials_issuance_v1_BadgeIdRequest, BadgeIdRequest__Output as _credentials_issuance_v1_BadgeIdRequest__Output } from './credentials/issuance/v1/BadgeIdRequest';
import type { BadgeImage as _credentials_issuance_v1_BadgeImage, BadgeImage__Output as _credentials_issuance_v1_BadgeImage__Output } from './credentials/issuance/v1/BadgeImage';
import type { CreateBadgeRequest as _credentials_issuance_v1_CreateBadgeRequest, CreateBadgeRequest__Output as _credentials_issuance_v1_CreateBadgeRequest__Output } from './credentials/issuance/v1/CreateBadgeRequest';
import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from './credentials/issuance/v1/Credential';
import type { DeleteBadgeResponse as _credentials_issuance_v1_DeleteBadgeResponse, DeleteBadgeResponse__Output as _credentials_issuance_v1_DeleteBadgeResponse__Output } from './credentials/issuance/v1/DeleteBadgeResponse';
import type { GenerateSigningKeysRequest as _credentials_issuance_v1_GenerateSigningKeysRequest, GenerateSigningKeysRequest__Output as _credentials_issuance_v1_GenerateSigningKeysRequest__Output } from './credentials/issuance/v1/GenerateSigningKeysRequest';
import type { GenerateSigningKeysResponse as _credentials_issuance_v1_GenerateSigningKeysResponse, GenerateSigningKeysResponse__Output as _credentials_issuance_v1_GenerateSigningKeysResponse__Output } from './credentials/issuance/v1/GenerateSigningKeysResponse';
import type { GetBadgeImageRequest as _credentials_issuance_v1_GetBadgeImageRequest, GetBadgeImageRequest__Output as _credentials_issuance_v1_GetBadgeImageRequest__Output } from './credentials/issuance/v1/GetBadgeImageRequest';
import type { GetCredentialRequest as _credentials_issuance_v1_GetCredentialRequest, GetCredentialRequest__Output as _credentials_issuance_v1_GetCredentialRequest__Output } from './credentials/issuance/v1/GetCredentialRequest';
import type { IssuanceServiceClient as _credentials_issuance_v1_IssuanceServiceClient, IssuanceServiceDefinition as _credentials_issuance_v1_IssuanceServiceDefinition } from './credentials/issuance/v1/IssuanceService';
import type { IssueCredentialRequest as _credentials_issuance_v1_IssueCredentialRequest, IssueCredentialRequest__Output as _credentials_issuance_v1_IssueCredentialRequest__Output } from './credentials/issuance/v1/IssueCredentialRequest';
import type { ListBadgesRequest as _credentials_issuance_v1_ListBadgesRequest, ListBadgesRequest__Output as _credentials_issuance_v1_ListBadgesRequest__Output } from './credentials/issuance/v1/ListBadgesRequest';
import type { ListBadgesResponse as _credentials_issuance_v1_ListBadgesResponse, ListBadgesResponse__Output as _credentials_issuance_v1_ListBadgesResponse__Output } from './credentials/issuance/v1/ListBadgesResponse';
import type { SetBadgeImageRequest as _credentials_issuance_v1_SetBadgeImageRequest, SetBadgeImageRequest__Output as _credentials_issuance_v1_SetBadgeImageRequest__Output } from './credentials/issuance/v1/SetBadgeImageRequest';
import type { UpdateBadgeRequest as _credentials_issuance_v1_UpdateBadgeRequest, UpdateBadgeRequest__Output as _credentials_issuance_v1_UpdateBadgeRequest__Output } from './credentials/issuance/v1/UpdateBadgeRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    issuance: {
      v1: {
        Badge: MessageTypeDefinition<_credentials_issuance_v1_Badge, _credentials_issuance_v1_Badge__Output>
        BadgeIdRequest: MessageTypeDefinition<_credentials_issuance_v1_BadgeIdRequest, _credentials_issuance_v1_BadgeIdRequest__Output>
        BadgeImage: MessageTypeDefinition<_credentials_issuance_v1_BadgeImage, _credentials_issuance_v1_BadgeImage__Output>
        CreateBadgeRequest: MessageTypeDefinition<_credentials_issuance_v1_CreateBadgeRequest, _credentials_issuance_v1_CreateBadgeRequest__Output>
        Credential: MessageTypeDefinition<_credentials_issuance_v1_Credential, _credentials_issuance_v1_Credential__Output>
        DeleteBadgeResponse: MessageTypeDefinition<_credentials_issuance_v1_DeleteBadgeResponse, _credentials_issuance_v1_DeleteBadgeResponse__Output>
        GenerateSigningKeysRequest: MessageTypeDefinition<_credentials_issuance_v1_GenerateSigningKeysRequest, _credentials_issuance_v1_GenerateSigningKeysRequest__Output>
        GenerateSigningKeysResponse: MessageTypeDefinition<_credentials_issuance_v1_GenerateSigningKeysResponse, _credentials_issuance_v1_GenerateSigningKeysResponse__Output>
        GetBadgeImageRequest: MessageTypeDefinition<_credentials_issuance_v1_GetBadgeImageRequest, _credentials_issuance_v1_GetBadgeImageRequest__Output>
        GetCredentialRequest: MessageTypeDefinition<_credentials_issuance_v1_GetCredentialRequest, _credentials_issuance_v1_GetCredentialRequest__Output>
        IssuanceService: SubtypeConstructor<typeof grpc.Client, _credentials_issuance_v1_IssuanceServiceClient> & { service: _credentials_issuance_v1_IssuanceServiceDefinition }
        IssueCredentialRequest: MessageTypeDefinition<_credentials_issuance_v1_IssueCredentialRequest, _credentials_issuance_v1_IssueCredentialRequest__Output>
        ListBadgesRequest: MessageTypeDefinition<_credentials_issuance_v1_ListBadgesRequest, _credentials_issuance_v1_ListBadgesRequest__Output>
        ListBadgesResponse: MessageTypeDefinition<_credentials_issuance_v1_ListBadgesResponse, _credentials_issuance_v1_ListBadgesResponse__Output>
        SetBadgeImageRequest: MessageTypeDefinition<_credentials_issuance_v1_SetBadgeImageRequest, _credentials_issuance_v1_SetBadgeImageRequest__Output>
        UpdateBadgeRequest: MessageTypeDefinition<_credentials_issuance_v1_UpdateBadgeRequest, _credentials_issuance_v1_UpdateBadgeRequest__Output>
      }
    }
  }
}

