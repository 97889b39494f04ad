// Original file: credentials/issuance/v1/issuance.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Badge as _credentials_issuance_v1_Badge, Badge__Output as _credentials_issuance_v1_Badge__Output } from '../../../credentials/issuance/v1/Badge';
import type { BadgeIdRequest as _credentials_issuance_v1_BadgeIdRequest, BadgeIdRequest__Output as _credentials_issuance_v1_BadgeIdRequest__Output } from '../../../credentials/issuance/v1/BadgeIdRequest';
import type { BadgeImage as _credentials_issuance_v1_BadgeImage, BadgeImage__Output as _credentials_issuance_v1_BadgeImage__Output } from '../../../credentials/issuance/v1/BadgeImage';
import type { CreateBadgeRequest as _credentials_issuance_v1_CreateBadgeRequest, CreateBadgeRequest__Output as _credentials_issuance_v1_CreateBadgeRequest__Output } from '../../../credentials/issuance/v1/CreateBadgeRequest';
import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from '../../../credentials/issuance/v1/Credential';
import type { DeleteBadgeResponse as _credentials_issuance_v1_DeleteBadgeResponse, DeleteBadgeResponse__Output as _credentials_issuance_v1_DeleteBadgeResponse__Output } from '../../../credentials/issuance/v1/DeleteBadgeResponse';
import type { GenerateSigningKeysRequest as _credentials_issuance_v1_GenerateSigningKeysRequest, GenerateSigningKeysRequest__Output as _credentials_issuance_v1_GenerateSigningKeysRequest__Output } from '../../../credentials/issuance/v1/GenerateSigningKeysRequest';
import type { GenerateSigningKeysResponse as _credentials_issuance_v1_GenerateSigningKeysResponse, GenerateSigningKeysResponse__Output as _credentials_issuance_v1_GenerateSigningKeysResponse__Output } from '../../../credentials/issuance/v1/GenerateSigningKeysResponse';
import type { GetBadgeImageRequest as _credentials_issuance_v1_GetBadgeImageRequest, GetBadgeImageRequest__Output as _credentials_issuance_v1_GetBadgeImageRequest__Output } from '../../../credentials/issuance/v1/GetBadgeImageRequest';
import type { GetCredentialRequest as _credentials_issuance_v1_GetCredentialRequest, GetCredentialRequest__Output as _credentials_issuance_v1_GetCredentialRequest__Output } from '../../../credentials/issuance/v1/GetCredentialRequest';
import type { IssueCredentialRequest as _credentials_issuance_v1_IssueCredentialRequest, IssueCredentialRequest__Output as _credentials_issuance_v1_IssueCredentialRequest__Output } from '../../../credentials/issuance/v1/IssueCredentialRequest';
import type { ListBadgesRequest as _credentials_issuance_v1_ListBadgesRequest, ListBadgesRequest__Output as _credentials_issuance_v1_ListBadgesRequest__Output } from '../../../credentials/issuance/v1/ListBadgesRequest';
import type { ListBadgesResponse as _credentials_issuance_v1_ListBadgesResponse, ListBadgesResponse__Output as _credentials_issuance_v1_ListBadgesResponse__Output } from '../../../credentials/issuance/v1/ListBadgesResponse';
import type { SetBadgeImageRequest as _credentials_issuance_v1_SetBadgeImageRequest, SetBadgeImageRequest__Output as _credentials_issuance_v1_SetBadgeImageRequest__Output } from '../../../credentials/issuance/v1/SetBadgeImageRequest';
import type { UpdateBadgeRequest as _credentials_issuance_v1_UpdateBadgeRequest, UpdateBadgeRequest__Output as _credentials_issuance_v1_UpdateBadgeRequest__Output } from '../../../credentials/issuance/v1/UpdateBadgeRequest';

export interface IssuanceServiceClient extends grpc.Client {
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  
  DeleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  DeleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  DeleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  DeleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  deleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  deleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  deleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  deleteBadge(argument: _credentials_issuance_v1_BadgeIdRequest, callback: grpc.requestCallback<_credentials_issuance_v1_DeleteBadgeResponse__Output>): grpc.ClientUnaryCall;
  
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  GenerateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  generateSigningKeys(argument: _credentials_issuance_v1_GenerateSigningKeysRequest, callback: grpc.requestCallback<_credentials_issuance_v1_GenerateSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  
  GetBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  GetBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  GetBadge(argument: _credentials_issuance_v1_BadgeIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  GetBadge(argument: _credentials_issuance_v1_BadgeIdRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  getBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  getBadge(argument: _credentials_issuance_v1_BadgeIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  getBadge(argument: _credentials_issuance_v1_BadgeIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  getBadge(argument: _credentials_issuance_v1_BadgeIdRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  
  GetBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  GetBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  GetBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  GetBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  getBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  getBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  getBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  getBadgeImage(argument: _credentials_issuance_v1_GetBadgeImageRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BadgeImage__Output>): grpc.ClientUnaryCall;
  
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  
  UpdateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  UpdateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  UpdateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  UpdateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  updateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  updateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  updateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  updateBadge(argument: _credentials_issuance_v1_UpdateBadgeRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  
}

export interface IssuanceServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateBadge: grpc.handleUnaryCall<_credentials_issuance_v1_CreateBadgeRequest__Output, _credentials_issuance_v1_Badge>;
  
  DeleteBadge: grpc.handleUnaryCall<_credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_DeleteBadgeResponse>;
  
  GenerateSigningKeys: grpc.handleUnaryCall<_credentials_issuance_v1_GenerateSigningKeysRequest__Output, _credentials_issuance_v1_GenerateSigningKeysResponse>;
  
  GetBadge: grpc.handleUnaryCall<_credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_Badge>;
  
  GetBadgeImage: grpc.handleUnaryCall<_credentials_issuance_v1_GetBadgeImageRequest__Output, _credentials_issuance_v1_BadgeImage>;
  
  GetCredential: grpc.handleUnaryCall<_credentials_issuance_v1_GetCredentialRequest__Output, _credentials_issuance_v1_Credential>;
  
  IssueCredential: grpc.handleUnaryCall<_credentials_issuance_v1_IssueCredentialRequest__Output, _credentials_issuance_v1_Credential>;
  
  ListBadges: grpc.handleUnaryCall<_credentials_issuance_v1_ListBadgesRequest__Output, _credentials_issuance_v1_ListBadgesResponse>;
  
  SetBadgeImage: grpc.handleUnaryCall<_credentials_issuance_v1_SetBadgeImageRequest__Output, _credentials_issuance_v1_Badge>;
  
  UpdateBadge: grpc.handleUnaryCall<_credentials_issuance_v1_UpdateBadgeRequest__Output, _credentials_issuance_v1_Badge>;
  
}

export interface IssuanceServiceDefinition extends grpc.ServiceDefinition {
  CreateBadge: MethodDefinition<_credentials_issuance_v1_CreateBadgeRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_CreateBadgeRequest__Output, _credentials_issuance_v1_Badge__Output>
  DeleteBadge: MethodDefinition<_credentials_issuance_v1_BadgeIdRequest, _credentials_issuance_v1_DeleteBadgeResponse, _credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_DeleteBadgeResponse__Output>
  GenerateSigningKeys: MethodDefinition<_credentials_issuance_v1_GenerateSigningKeysRequest, _credentials_issuance_v1_GenerateSigningKeysResponse, _credentials_issuance_v1_GenerateSigningKeysRequest__Output, _credentials_issuance_v1_GenerateSigningKeysResponse__Output>
  GetBadge: MethodDefinition<_credentials_issuance_v1_BadgeIdRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_Badge__Output>
  GetBadgeImage: MethodDefinition<_credentials_issuance_v1_GetBadgeImageRequest, _credentials_issuance_v1_BadgeImage, _credentials_issuance_v1_GetBadgeImageRequest__Output, _credentials_issuance_v1_BadgeImage__Output>
  GetCredential: MethodDefinition<_credentials_issuance_v1_GetCredentialRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_GetCredentialRequest__Output, _credentials_issuance_v1_Credential__Output>
  IssueCredential: MethodDefinition<_credentials_issuance_v1_IssueCredentialRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_IssueCredentialRequest__Output, _credentials_issuance_v1_Credential__Output>
  ListBadges: MethodDefinition<_credentials_issuance_v1_ListBadgesRequest, _credentials_issuance_v1_ListBadgesResponse, _credentials_issuance_v1_ListBadgesRequest__Output, _credentials_issuance_v1_ListBadgesResponse__Output>
  SetBadgeImage: MethodDefinition<_credentials_issuance_v1_SetBadgeImageRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_SetBadgeImageRequest__Output, _credentials_issuance_v1_Badge__Output>
  UpdateBadge: MethodDefinition<_credentials_issuance_v1_UpdateBadgeRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_UpdateBadgeRequest__Output, _credentials_issuance_v1_Badge__Output>
}
