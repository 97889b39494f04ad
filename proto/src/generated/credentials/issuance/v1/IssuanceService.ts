// Original file: credentials/issuance/v1/issuance.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Badge as _credentials_issuance_v1_Badge, Badge__Output as _credentials_issuance_v1_Badge__Output } from '../../../credentials/issuance/v1/Badge';
import type { BadgeIdRequest as _credentials_issuance_v1_BadgeIdRequest, BadgeIdRequest__Output as _credentials_issuance_v1_BadgeIdRequest__Output } from '../../../credentials/issuance/v1/BadgeIdRequest';
import type { BadgeImage as _credentials_issuance_v1_BadgeImage, BadgeImage__Output as _credentials_issuance_v1_BadgeImage__Output } from '../../../credentials/issuance/v1/BadgeImage';
import type { BulkIssuance as _credentials_issuance_v1_BulkIssuance, BulkIssuance__Output as _credentials_issuance_v1_BulkIssuance__Output } from '../../../credentials/issuance/v1/BulkIssuance';
import type { BulkIssuancePreview as _credentials_issuance_v1_BulkIssuancePreview, BulkIssuancePreview__Output as _credentials_issuance_v1_BulkIssuancePreview__Output } from '../../../credentials/issuance/v1/BulkIssuancePreview';
import type { ClaimCredentialRequest as _credentials_issuance_v1_ClaimCredentialRequest, ClaimCredentialRequest__Output as _credentials_issuance_v1_ClaimCredentialRequest__Output } from '../../../credentials/issuance/v1/ClaimCredentialRequest';
import type { CreateBadgeRequest as _credentials_issuance_v1_CreateBadgeRequest, CreateBadgeRequest__Output as _credentials_issuance_v1_CreateBadgeRequest__Output } from '../../../credentials/issuance/v1/CreateBadgeRequest';
import type { CreateBulkIssuanceRequest as _credentials_issuance_v1_CreateBulkIssuanceRequest, CreateBulkIssuanceRequest__Output as _credentials_issuance_v1_CreateBulkIssuanceRequest__Output } from '../../../credentials/issuance/v1/CreateBulkIssuanceRequest';
import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from '../../../credentials/issuance/v1/Credential';
import type { CredentialDetail as _credentials_issuance_v1_CredentialDetail, CredentialDetail__Output as _credentials_issuance_v1_CredentialDetail__Output } from '../../../credentials/issuance/v1/CredentialDetail';
import type { CredentialRecord as _credentials_issuance_v1_CredentialRecord, CredentialRecord__Output as _credentials_issuance_v1_CredentialRecord__Output } from '../../../credentials/issuance/v1/CredentialRecord';
import type { DeleteBadgeResponse as _credentials_issuance_v1_DeleteBadgeResponse, DeleteBadgeResponse__Output as _credentials_issuance_v1_DeleteBadgeResponse__Output } from '../../../credentials/issuance/v1/DeleteBadgeResponse';
import type { GenerateSigningKeysRequest as _credentials_issuance_v1_GenerateSigningKeysRequest, GenerateSigningKeysRequest__Output as _credentials_issuance_v1_GenerateSigningKeysRequest__Output } from '../../../credentials/issuance/v1/GenerateSigningKeysRequest';
import type { GenerateSigningKeysResponse as _credentials_issuance_v1_GenerateSigningKeysResponse, GenerateSigningKeysResponse__Output as _credentials_issuance_v1_GenerateSigningKeysResponse__Output } from '../../../credentials/issuance/v1/GenerateSigningKeysResponse';
import type { GetBadgeImageRequest as _credentials_issuance_v1_GetBadgeImageRequest, GetBadgeImageRequest__Output as _credentials_issuance_v1_GetBadgeImageRequest__Output } from '../../../credentials/issuance/v1/GetBadgeImageRequest';
import type { GetBulkIssuanceRequest as _credentials_issuance_v1_GetBulkIssuanceRequest, GetBulkIssuanceRequest__Output as _credentials_issuance_v1_GetBulkIssuanceRequest__Output } from '../../../credentials/issuance/v1/GetBulkIssuanceRequest';
import type { GetCredentialDetailRequest as _credentials_issuance_v1_GetCredentialDetailRequest, GetCredentialDetailRequest__Output as _credentials_issuance_v1_GetCredentialDetailRequest__Output } from '../../../credentials/issuance/v1/GetCredentialDetailRequest';
import type { GetCredentialRecordRequest as _credentials_issuance_v1_GetCredentialRecordRequest, GetCredentialRecordRequest__Output as _credentials_issuance_v1_GetCredentialRecordRequest__Output } from '../../../credentials/issuance/v1/GetCredentialRecordRequest';
import type { GetCredentialRequest as _credentials_issuance_v1_GetCredentialRequest, GetCredentialRequest__Output as _credentials_issuance_v1_GetCredentialRequest__Output } from '../../../credentials/issuance/v1/GetCredentialRequest';
import type { GetQuotaRequest as _credentials_issuance_v1_GetQuotaRequest, GetQuotaRequest__Output as _credentials_issuance_v1_GetQuotaRequest__Output } from '../../../credentials/issuance/v1/GetQuotaRequest';
import type { GetStatusListRequest as _credentials_issuance_v1_GetStatusListRequest, GetStatusListRequest__Output as _credentials_issuance_v1_GetStatusListRequest__Output } from '../../../credentials/issuance/v1/GetStatusListRequest';
import type { IssueCredentialRequest as _credentials_issuance_v1_IssueCredentialRequest, IssueCredentialRequest__Output as _credentials_issuance_v1_IssueCredentialRequest__Output } from '../../../credentials/issuance/v1/IssueCredentialRequest';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from '../../../credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from '../../../credentials/audit/v1/ListAuditEntriesResponse';
import type { ListBadgesRequest as _credentials_issuance_v1_ListBadgesRequest, ListBadgesRequest__Output as _credentials_issuance_v1_ListBadgesRequest__Output } from '../../../credentials/issuance/v1/ListBadgesRequest';
import type { ListBadgesResponse as _credentials_issuance_v1_ListBadgesResponse, ListBadgesResponse__Output as _credentials_issuance_v1_ListBadgesResponse__Output } from '../../../credentials/issuance/v1/ListBadgesResponse';
import type { ListBulkIssuancesRequest as _credentials_issuance_v1_ListBulkIssuancesRequest, ListBulkIssuancesRequest__Output as _credentials_issuance_v1_ListBulkIssuancesRequest__Output } from '../../../credentials/issuance/v1/ListBulkIssuancesRequest';
import type { ListBulkIssuancesResponse as _credentials_issuance_v1_ListBulkIssuancesResponse, ListBulkIssuancesResponse__Output as _credentials_issuance_v1_ListBulkIssuancesResponse__Output } from '../../../credentials/issuance/v1/ListBulkIssuancesResponse';
import type { ListCredentialsRequest as _credentials_issuance_v1_ListCredentialsRequest, ListCredentialsRequest__Output as _credentials_issuance_v1_ListCredentialsRequest__Output } from '../../../credentials/issuance/v1/ListCredentialsRequest';
import type { ListCredentialsResponse as _credentials_issuance_v1_ListCredentialsResponse, ListCredentialsResponse__Output as _credentials_issuance_v1_ListCredentialsResponse__Output } from '../../../credentials/issuance/v1/ListCredentialsResponse';
import type { ListRecipientCredentialsRequest as _credentials_issuance_v1_ListRecipientCredentialsRequest, ListRecipientCredentialsRequest__Output as _credentials_issuance_v1_ListRecipientCredentialsRequest__Output } from '../../../credentials/issuance/v1/ListRecipientCredentialsRequest';
import type { ListRecipientCredentialsResponse as _credentials_issuance_v1_ListRecipientCredentialsResponse, ListRecipientCredentialsResponse__Output as _credentials_issuance_v1_ListRecipientCredentialsResponse__Output } from '../../../credentials/issuance/v1/ListRecipientCredentialsResponse';
import type { ListSigningKeysRequest as _credentials_issuance_v1_ListSigningKeysRequest, ListSigningKeysRequest__Output as _credentials_issuance_v1_ListSigningKeysRequest__Output } from '../../../credentials/issuance/v1/ListSigningKeysRequest';
import type { ListSigningKeysResponse as _credentials_issuance_v1_ListSigningKeysResponse, ListSigningKeysResponse__Output as _credentials_issuance_v1_ListSigningKeysResponse__Output } from '../../../credentials/issuance/v1/ListSigningKeysResponse';
import type { PreviewBulkIssuanceRequest as _credentials_issuance_v1_PreviewBulkIssuanceRequest, PreviewBulkIssuanceRequest__Output as _credentials_issuance_v1_PreviewBulkIssuanceRequest__Output } from '../../../credentials/issuance/v1/PreviewBulkIssuanceRequest';
import type { Quota as _credentials_issuance_v1_Quota, Quota__Output as _credentials_issuance_v1_Quota__Output } from '../../../credentials/issuance/v1/Quota';
import type { RegisterClaimTokensRequest as _credentials_issuance_v1_RegisterClaimTokensRequest, RegisterClaimTokensRequest__Output as _credentials_issuance_v1_RegisterClaimTokensRequest__Output } from '../../../credentials/issuance/v1/RegisterClaimTokensRequest';
import type { RegisterClaimTokensResponse as _credentials_issuance_v1_RegisterClaimTokensResponse, RegisterClaimTokensResponse__Output as _credentials_issuance_v1_RegisterClaimTokensResponse__Output } from '../../../credentials/issuance/v1/RegisterClaimTokensResponse';
import type { ReportSigningKeyCompromisedRequest as _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, ReportSigningKeyCompromisedRequest__Output as _credentials_issuance_v1_ReportSigningKeyCompromisedRequest__Output } from '../../../credentials/issuance/v1/ReportSigningKeyCompromisedRequest';
import type { RevokeCredentialRequest as _credentials_issuance_v1_RevokeCredentialRequest, RevokeCredentialRequest__Output as _credentials_issuance_v1_RevokeCredentialRequest__Output } from '../../../credentials/issuance/v1/RevokeCredentialRequest';
import type { RotateSigningKeyRequest as _credentials_issuance_v1_RotateSigningKeyRequest, RotateSigningKeyRequest__Output as _credentials_issuance_v1_RotateSigningKeyRequest__Output } from '../../../credentials/issuance/v1/RotateSigningKeyRequest';
import type { SetBadgeImageRequest as _credentials_issuance_v1_SetBadgeImageRequest, SetBadgeImageRequest__Output as _credentials_issuance_v1_SetBadgeImageRequest__Output } from '../../../credentials/issuance/v1/SetBadgeImageRequest';
import type { SetCredentialVisibilityRequest as _credentials_issuance_v1_SetCredentialVisibilityRequest, SetCredentialVisibilityRequest__Output as _credentials_issuance_v1_SetCredentialVisibilityRequest__Output } from '../../../credentials/issuance/v1/SetCredentialVisibilityRequest';
import type { SigningKeyChange as _credentials_issuance_v1_SigningKeyChange, SigningKeyChange__Output as _credentials_issuance_v1_SigningKeyChange__Output } from '../../../credentials/issuance/v1/SigningKeyChange';
import type { StatusListCredential as _credentials_issuance_v1_StatusListCredential, StatusListCredential__Output as _credentials_issuance_v1_StatusListCredential__Output } from '../../../credentials/issuance/v1/StatusListCredential';
import type { UpdateBadgeRequest as _credentials_issuance_v1_UpdateBadgeRequest, UpdateBadgeRequest__Output as _credentials_issuance_v1_UpdateBadgeRequest__Output } from '../../../credentials/issuance/v1/UpdateBadgeRequest';

export interface IssuanceServiceClient extends grpc.Client {
  ClaimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  ClaimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  ClaimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  ClaimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  claimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  claimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  claimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  claimCredential(argument: _credentials_issuance_v1_ClaimCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  CreateBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  createBadge(argument: _credentials_issuance_v1_CreateBadgeRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  
  CreateBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  CreateBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  CreateBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  CreateBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  createBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  createBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  createBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  createBulkIssuance(argument: _credentials_issuance_v1_CreateBulkIssuanceRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  
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
  
  GetBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  GetBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  GetBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  GetBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  getBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  getBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  getBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  getBulkIssuance(argument: _credentials_issuance_v1_GetBulkIssuanceRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuance__Output>): grpc.ClientUnaryCall;
  
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  GetCredential(argument: _credentials_issuance_v1_GetCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  getCredential(argument: _credentials_issuance_v1_GetCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
  GetCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  GetCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  GetCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  GetCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  getCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  getCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  getCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  getCredentialDetail(argument: _credentials_issuance_v1_GetCredentialDetailRequest, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialDetail__Output>): grpc.ClientUnaryCall;
  
  GetCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  GetCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  GetCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  GetCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  getCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  getCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  getCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  getCredentialRecord(argument: _credentials_issuance_v1_GetCredentialRecordRequest, callback: grpc.requestCallback<_credentials_issuance_v1_CredentialRecord__Output>): grpc.ClientUnaryCall;
  
  GetQuota(argument: _credentials_issuance_v1_GetQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  GetQuota(argument: _credentials_issuance_v1_GetQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  GetQuota(argument: _credentials_issuance_v1_GetQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  GetQuota(argument: _credentials_issuance_v1_GetQuotaRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  getQuota(argument: _credentials_issuance_v1_GetQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  getQuota(argument: _credentials_issuance_v1_GetQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  getQuota(argument: _credentials_issuance_v1_GetQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  getQuota(argument: _credentials_issuance_v1_GetQuotaRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Quota__Output>): grpc.ClientUnaryCall;
  
  GetStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  GetStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  GetStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  GetStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  getStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  getStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  getStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  getStatusList(argument: _credentials_issuance_v1_GetStatusListRequest, callback: grpc.requestCallback<_credentials_issuance_v1_StatusListCredential__Output>): grpc.ClientUnaryCall;
  
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  IssueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  issueCredential(argument: _credentials_issuance_v1_IssueCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  ListBadges(argument: _credentials_issuance_v1_ListBadgesRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  listBadges(argument: _credentials_issuance_v1_ListBadgesRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListBadgesResponse__Output>): grpc.ClientUnaryCall;
  
  ListBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  ListBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  ListBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  ListBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  listBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  listBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  listBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  listBulkIssuances(argument: _credentials_issuance_v1_ListBulkIssuancesRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListBulkIssuancesResponse__Output>): grpc.ClientUnaryCall;
  
  ListCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listCredentials(argument: _credentials_issuance_v1_ListCredentialsRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListCredentialsResponse__Output>): grpc.ClientUnaryCall;
  
  ListRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  ListRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  listRecipientCredentials(argument: _credentials_issuance_v1_ListRecipientCredentialsRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListRecipientCredentialsResponse__Output>): grpc.ClientUnaryCall;
  
  ListSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  ListSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  ListSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  ListSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  listSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  listSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  listSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  listSigningKeys(argument: _credentials_issuance_v1_ListSigningKeysRequest, callback: grpc.requestCallback<_credentials_issuance_v1_ListSigningKeysResponse__Output>): grpc.ClientUnaryCall;
  
  PreviewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  PreviewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  PreviewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  PreviewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  previewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  previewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  previewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  previewBulkIssuance(argument: _credentials_issuance_v1_PreviewBulkIssuanceRequest, callback: grpc.requestCallback<_credentials_issuance_v1_BulkIssuancePreview__Output>): grpc.ClientUnaryCall;
  
  RegisterClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  RegisterClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  RegisterClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  RegisterClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  registerClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  registerClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  registerClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  registerClaimTokens(argument: _credentials_issuance_v1_RegisterClaimTokensRequest, callback: grpc.requestCallback<_credentials_issuance_v1_RegisterClaimTokensResponse__Output>): grpc.ClientUnaryCall;
  
  ReportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  ReportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  ReportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  ReportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  reportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  reportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  reportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  reportSigningKeyCompromised(argument: _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  
  RevokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  RevokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  revokeCredential(argument: _credentials_issuance_v1_RevokeCredentialRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
  RotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  RotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  RotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  RotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  rotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  rotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  rotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  rotateSigningKey(argument: _credentials_issuance_v1_RotateSigningKeyRequest, callback: grpc.requestCallback<_credentials_issuance_v1_SigningKeyChange__Output>): grpc.ClientUnaryCall;
  
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  SetBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  setBadgeImage(argument: _credentials_issuance_v1_SetBadgeImageRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Badge__Output>): grpc.ClientUnaryCall;
  
  SetCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  SetCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  SetCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  SetCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  setCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  setCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  setCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  setCredentialVisibility(argument: _credentials_issuance_v1_SetCredentialVisibilityRequest, callback: grpc.requestCallback<_credentials_issuance_v1_Credential__Output>): grpc.ClientUnaryCall;
  
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
  ClaimCredential: grpc.handleUnaryCall<_credentials_issuance_v1_ClaimCredentialRequest__Output, _credentials_issuance_v1_Credential>;
  
  CreateBadge: grpc.handleUnaryCall<_credentials_issuance_v1_CreateBadgeRequest__Output, _credentials_issuance_v1_Badge>;
  
  CreateBulkIssuance: grpc.handleUnaryCall<_credentials_issuance_v1_CreateBulkIssuanceRequest__Output, _credentials_issuance_v1_BulkIssuance>;
  
  DeleteBadge: grpc.handleUnaryCall<_credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_DeleteBadgeResponse>;
  
  GenerateSigningKeys: grpc.handleUnaryCall<_credentials_issuance_v1_GenerateSigningKeysRequest__Output, _credentials_issuance_v1_GenerateSigningKeysResponse>;
  
  GetBadge: grpc.handleUnaryCall<_credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_Badge>;
  
  GetBadgeImage: grpc.handleUnaryCall<_credentials_issuance_v1_GetBadgeImageRequest__Output, _credentials_issuance_v1_BadgeImage>;
  
  GetBulkIssuance: grpc.handleUnaryCall<_credentials_issuance_v1_GetBulkIssuanceRequest__Output, _credentials_issuance_v1_BulkIssuance>;
  
  GetCredential: grpc.handleUnaryCall<_credentials_issuance_v1_GetCredentialRequest__Output, _credentials_issuance_v1_Credential>;
  
  GetCredentialDetail: grpc.handleUnaryCall<_credentials_issuance_v1_GetCredentialDetailRequest__Output, _credentials_issuance_v1_CredentialDetail>;
  
  GetCredentialRecord: grpc.handleUnaryCall<_credentials_issuance_v1_GetCredentialRecordRequest__Output, _credentials_issuance_v1_CredentialRecord>;
  
  GetQuota: grpc.handleUnaryCall<_credentials_issuance_v1_GetQuotaRequest__Output, _credentials_issuance_v1_Quota>;
  
  GetStatusList: grpc.handleUnaryCall<_credentials_issuance_v1_GetStatusListRequest__Output, _credentials_issuance_v1_StatusListCredential>;
  
  IssueCredential: grpc.handleUnaryCall<_credentials_issuance_v1_IssueCredentialRequest__Output, _credentials_issuance_v1_Credential>;
  
  ListAuditEntries: grpc.handleUnaryCall<_credentials_audit_v1_ListAuditEntriesRequest__Output, _credentials_audit_v1_ListAuditEntriesResponse>;
  
  ListBadges: grpc.handleUnaryCall<_credentials_issuance_v1_ListBadgesRequest__Output, _credentials_issuance_v1_ListBadgesResponse>;
  
  ListBulkIssuances: grpc.handleUnaryCall<_credentials_issuance_v1_ListBulkIssuancesRequest__Output, _credentials_issuance_v1_ListBulkIssuancesResponse>;
  
  ListCredentials: grpc.handleUnaryCall<_credentials_issuance_v1_ListCredentialsRequest__Output, _credentials_issuance_v1_ListCredentialsResponse>;
  
  ListRecipientCredentials: grpc.handleUnaryCall<_credentials_issuance_v1_ListRecipientCredentialsRequest__Output, _credentials_issuance_v1_ListRecipientCredentialsResponse>;
  
  ListSigningKeys: grpc.handleUnaryCall<_credentials_issuance_v1_ListSigningKeysRequest__Output, _credentials_issuance_v1_ListSigningKeysResponse>;
  
  PreviewBulkIssuance: grpc.handleUnaryCall<_credentials_issuance_v1_PreviewBulkIssuanceRequest__Output, _credentials_issuance_v1_BulkIssuancePreview>;
  
  RegisterClaimTokens: grpc.handleUnaryCall<_credentials_issuance_v1_RegisterClaimTokensRequest__Output, _credentials_issuance_v1_RegisterClaimTokensResponse>;
  
  ReportSigningKeyCompromised: grpc.handleUnaryCall<_credentials_issuance_v1_ReportSigningKeyCompromisedRequest__Output, _credentials_issuance_v1_SigningKeyChange>;
  
  RevokeCredential: grpc.handleUnaryCall<_credentials_issuance_v1_RevokeCredentialRequest__Output, _credentials_issuance_v1_Credential>;
  
  RotateSigningKey: grpc.handleUnaryCall<_credentials_issuance_v1_RotateSigningKeyRequest__Output, _credentials_issuance_v1_SigningKeyChange>;
  
  SetBadgeImage: grpc.handleUnaryCall<_credentials_issuance_v1_SetBadgeImageRequest__Output, _credentials_issuance_v1_Badge>;
  
  SetCredentialVisibility: grpc.handleUnaryCall<_credentials_issuance_v1_SetCredentialVisibilityRequest__Output, _credentials_issuance_v1_Credential>;
  
  UpdateBadge: grpc.handleUnaryCall<_credentials_issuance_v1_UpdateBadgeRequest__Output, _credentials_issuance_v1_Badge>;
  
}

export interface IssuanceServiceDefinition extends grpc.ServiceDefinition {
  ClaimCredential: MethodDefinition<_credentials_issuance_v1_ClaimCredentialRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_ClaimCredentialRequest__Output, _credentials_issuance_v1_Credential__Output>
  CreateBadge: MethodDefinition<_credentials_issuance_v1_CreateBadgeRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_CreateBadgeRequest__Output, _credentials_issuance_v1_Badge__Output>
  CreateBulkIssuance: MethodDefinition<_credentials_issuance_v1_CreateBulkIssuanceRequest, _credentials_issuance_v1_BulkIssuance, _credentials_issuance_v1_CreateBulkIssuanceRequest__Output, _credentials_issuance_v1_BulkIssuance__Output>
  DeleteBadge: MethodDefinition<_credentials_issuance_v1_BadgeIdRequest, _credentials_issuance_v1_DeleteBadgeResponse, _credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_DeleteBadgeResponse__Output>
  GenerateSigningKeys: MethodDefinition<_credentials_issuance_v1_GenerateSigningKeysRequest, _credentials_issuance_v1_GenerateSigningKeysResponse, _credentials_issuance_v1_GenerateSigningKeysRequest__Output, _credentials_issuance_v1_GenerateSigningKeysResponse__Output>
  GetBadge: MethodDefinition<_credentials_issuance_v1_BadgeIdRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_BadgeIdRequest__Output, _credentials_issuance_v1_Badge__Output>
  GetBadgeImage: MethodDefinition<_credentials_issuance_v1_GetBadgeImageRequest, _credentials_issuance_v1_BadgeImage, _credentials_issuance_v1_GetBadgeImageRequest__Output, _credentials_issuance_v1_BadgeImage__Output>
  GetBulkIssuance: MethodDefinition<_credentials_issuance_v1_GetBulkIssuanceRequest, _credentials_issuance_v1_BulkIssuance, _credentials_issuance_v1_GetBulkIssuanceRequest__Output, _credentials_issuance_v1_BulkIssuance__Output>
  GetCredential: MethodDefinition<_credentials_issuance_v1_GetCredentialRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_GetCredentialRequest__Output, _credentials_issuance_v1_Credential__Output>
  GetCredentialDetail: MethodDefinition<_credentials_issuance_v1_GetCredentialDetailRequest, _credentials_issuance_v1_CredentialDetail, _credentials_issuance_v1_GetCredentialDetailRequest__Output, _credentials_issuance_v1_CredentialDetail__Output>
  GetCredentialRecord: MethodDefinition<_credentials_issuance_v1_GetCredentialRecordRequest, _credentials_issuance_v1_CredentialRecord, _credentials_issuance_v1_GetCredentialRecordRequest__Output, _credentials_issuance_v1_CredentialRecord__Output>
  GetQuota: MethodDefinition<_credentials_issuance_v1_GetQuotaRequest, _credentials_issuance_v1_Quota, _credentials_issuance_v1_GetQuotaRequest__Output, _credentials_issuance_v1_Quota__Output>
  GetStatusList: MethodDefinition<_credentials_issuance_v1_GetStatusListRequest, _credentials_issuance_v1_StatusListCredential, _credentials_issuance_v1_GetStatusListRequest__Output, _credentials_issuance_v1_StatusListCredential__Output>
  IssueCredential: MethodDefinition<_credentials_issuance_v1_IssueCredentialRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_IssueCredentialRequest__Output, _credentials_issuance_v1_Credential__Output>
  ListAuditEntries: MethodDefinition<_credentials_audit_v1_ListAuditEntriesRequest, _credentials_audit_v1_ListAuditEntriesResponse, _credentials_audit_v1_ListAuditEntriesRequest__Output, _credentials_audit_v1_ListAuditEntriesResponse__Output>
  ListBadges: MethodDefinition<_credentials_issuance_v1_ListBadgesRequest, _credentials_issuance_v1_ListBadgesResponse, _credentials_issuance_v1_ListBadgesRequest__Output, _credentials_issuance_v1_ListBadgesResponse__Output>
  ListBulkIssuances: MethodDefinition<_credentials_issuance_v1_ListBulkIssuancesRequest, _credentials_issuance_v1_ListBulkIssuancesResponse, _credentials_issuance_v1_ListBulkIssuancesRequest__Output, _credentials_issuance_v1_ListBulkIssuancesResponse__Output>
  ListCredentials: MethodDefinition<_credentials_issuance_v1_ListCredentialsRequest, _credentials_issuance_v1_ListCredentialsResponse, _credentials_issuance_v1_ListCredentialsRequest__Output, _credentials_issuance_v1_ListCredentialsResponse__Output>
  ListRecipientCredentials: MethodDefinition<_credentials_issuance_v1_ListRecipientCredentialsRequest, _credentials_issuance_v1_ListRecipientCredentialsResponse, _credentials_issuance_v1_ListRecipientCredentialsRequest__Output, _credentials_issuance_v1_ListRecipientCredentialsResponse__Output>
  ListSigningKeys: MethodDefinition<_credentials_issuance_v1_ListSigningKeysRequest, _credentials_issuance_v1_ListSigningKeysResponse, _credentials_issuance_v1_ListSigningKeysRequest__Output, _credentials_issuance_v1_ListSigningKeysResponse__Output>
  PreviewBulkIssuance: MethodDefinition<_credentials_issuance_v1_PreviewBulkIssuanceRequest, _credentials_issuance_v1_BulkIssuancePreview, _credentials_issuance_v1_PreviewBulkIssuanceRequest__Output, _credentials_issuance_v1_BulkIssuancePreview__Output>
  RegisterClaimTokens: MethodDefinition<_credentials_issuance_v1_RegisterClaimTokensRequest, _credentials_issuance_v1_RegisterClaimTokensResponse, _credentials_issuance_v1_RegisterClaimTokensRequest__Output, _credentials_issuance_v1_RegisterClaimTokensResponse__Output>
  ReportSigningKeyCompromised: MethodDefinition<_credentials_issuance_v1_ReportSigningKeyCompromisedRequest, _credentials_issuance_v1_SigningKeyChange, _credentials_issuance_v1_ReportSigningKeyCompromisedRequest__Output, _credentials_issuance_v1_SigningKeyChange__Output>
  RevokeCredential: MethodDefinition<_credentials_issuance_v1_RevokeCredentialRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_RevokeCredentialRequest__Output, _credentials_issuance_v1_Credential__Output>
  RotateSigningKey: MethodDefinition<_credentials_issuance_v1_RotateSigningKeyRequest, _credentials_issuance_v1_SigningKeyChange, _credentials_issuance_v1_RotateSigningKeyRequest__Output, _credentials_issuance_v1_SigningKeyChange__Output>
  SetBadgeImage: MethodDefinition<_credentials_issuance_v1_SetBadgeImageRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_SetBadgeImageRequest__Output, _credentials_issuance_v1_Badge__Output>
  SetCredentialVisibility: MethodDefinition<_credentials_issuance_v1_SetCredentialVisibilityRequest, _credentials_issuance_v1_Credential, _credentials_issuance_v1_SetCredentialVisibilityRequest__Output, _credentials_issuance_v1_Credential__Output>
  UpdateBadge: MethodDefinition<_credentials_issuance_v1_UpdateBadgeRequest, _credentials_issuance_v1_Badge, _credentials_issuance_v1_UpdateBadgeRequest__Output, _credentials_issuance_v1_Badge__Output>
}
