import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuditEntry as _credentials_audit_v1_AuditEntry, AuditEntry__Output as _credentials_audit_v1_AuditEntry__Output } from './credentials/audit/v1/AuditEntry';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from './credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from './credentials/audit/v1/ListAuditEntriesResponse';
import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from './credentials/idempotency/v1/IdempotencyKey';
import type { Badge as _credentials_issuance_v1_Badge, Badge__Output as _credentials_issuance_v1_Badge__Output } from './credentials/issuance/v1/Badge';
import type { BadgeAlignment as _credentials_issuance_v1_BadgeAlignment, BadgeAlignment__Output as _credentials_issuance_v1_BadgeAlignment__Output } from './credentials/issuance/v1/BadgeAlignment';
import type { BadgeAlignmentInput as _credentials_issuance_v1_BadgeAlignmentInput, BadgeAlignmentInput__Output as _credentials_issuance_v1_BadgeAlignmentInput__Output } from './credentials/issuance/v1/BadgeAlignmentInput';
import type { BadgeAlignmentInputList as _credentials_issuance_v1_BadgeAlignmentInputList, BadgeAlignmentInputList__Output as _credentials_issuance_v1_BadgeAlignmentInputList__Output } from './credentials/issuance/v1/BadgeAlignmentInputList';
import type { BadgeIdRequest as _credentials_issuance_v1_BadgeIdRequest, BadgeIdRequest__Output as _credentials_issuance_v1_BadgeIdRequest__Output } from './credentials/issuance/v1/BadgeIdRequest';
import type { BadgeImage as _credentials_issuance_v1_BadgeImage, BadgeImage__Output as _credentials_issuance_v1_BadgeImage__Output } from './credentials/issuance/v1/BadgeImage';
import type { BadgeInput as _credentials_issuance_v1_BadgeInput, BadgeInput__Output as _credentials_issuance_v1_BadgeInput__Output } from './credentials/issuance/v1/BadgeInput';
import type { BadgeResultDescription as _credentials_issuance_v1_BadgeResultDescription, BadgeResultDescription__Output as _credentials_issuance_v1_BadgeResultDescription__Output } from './credentials/issuance/v1/BadgeResultDescription';
import type { BadgeResultDescriptionInput as _credentials_issuance_v1_BadgeResultDescriptionInput, BadgeResultDescriptionInput__Output as _credentials_issuance_v1_BadgeResultDescriptionInput__Output } from './credentials/issuance/v1/BadgeResultDescriptionInput';
import type { BadgeResultDescriptionInputList as _credentials_issuance_v1_BadgeResultDescriptionInputList, BadgeResultDescriptionInputList__Output as _credentials_issuance_v1_BadgeResultDescriptionInputList__Output } from './credentials/issuance/v1/BadgeResultDescriptionInputList';
import type { BulkIssuance as _credentials_issuance_v1_BulkIssuance, BulkIssuance__Output as _credentials_issuance_v1_BulkIssuance__Output } from './credentials/issuance/v1/BulkIssuance';
import type { BulkIssuancePreview as _credentials_issuance_v1_BulkIssuancePreview, BulkIssuancePreview__Output as _credentials_issuance_v1_BulkIssuancePreview__Output } from './credentials/issuance/v1/BulkIssuancePreview';
import type { BulkIssuanceRow as _credentials_issuance_v1_BulkIssuanceRow, BulkIssuanceRow__Output as _credentials_issuance_v1_BulkIssuanceRow__Output } from './credentials/issuance/v1/BulkIssuanceRow';
import type { BulkPreviewRow as _credentials_issuance_v1_BulkPreviewRow, BulkPreviewRow__Output as _credentials_issuance_v1_BulkPreviewRow__Output } from './credentials/issuance/v1/BulkPreviewRow';
import type { ClaimCredentialRequest as _credentials_issuance_v1_ClaimCredentialRequest, ClaimCredentialRequest__Output as _credentials_issuance_v1_ClaimCredentialRequest__Output } from './credentials/issuance/v1/ClaimCredentialRequest';
import type { ClaimTokenRegistration as _credentials_issuance_v1_ClaimTokenRegistration, ClaimTokenRegistration__Output as _credentials_issuance_v1_ClaimTokenRegistration__Output } from './credentials/issuance/v1/ClaimTokenRegistration';
import type { CreateBadgeRequest as _credentials_issuance_v1_CreateBadgeRequest, CreateBadgeRequest__Output as _credentials_issuance_v1_CreateBadgeRequest__Output } from './credentials/issuance/v1/CreateBadgeRequest';
import type { CreateBulkIssuanceRequest as _credentials_issuance_v1_CreateBulkIssuanceRequest, CreateBulkIssuanceRequest__Output as _credentials_issuance_v1_CreateBulkIssuanceRequest__Output } from './credentials/issuance/v1/CreateBulkIssuanceRequest';
import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from './credentials/issuance/v1/Credential';
import type { CredentialDetail as _credentials_issuance_v1_CredentialDetail, CredentialDetail__Output as _credentials_issuance_v1_CredentialDetail__Output } from './credentials/issuance/v1/CredentialDetail';
import type { CredentialRecord as _credentials_issuance_v1_CredentialRecord, CredentialRecord__Output as _credentials_issuance_v1_CredentialRecord__Output } from './credentials/issuance/v1/CredentialRecord';
import type { DeleteBadgeResponse as _credentials_issuance_v1_DeleteBadgeResponse, DeleteBadgeResponse__Output as _credentials_issuance_v1_DeleteBadgeResponse__Output } from './credentials/issuance/v1/DeleteBadgeResponse';
import type { EvidenceInput as _credentials_issuance_v1_EvidenceInput, EvidenceInput__Output as _credentials_issuance_v1_EvidenceInput__Output } from './credentials/issuance/v1/EvidenceInput';
import type { GenerateSigningKeysRequest as _credentials_issuance_v1_GenerateSigningKeysRequest, GenerateSigningKeysRequest__Output as _credentials_issuance_v1_GenerateSigningKeysRequest__Output } from './credentials/issuance/v1/GenerateSigningKeysRequest';
import type { GenerateSigningKeysResponse as _credentials_issuance_v1_GenerateSigningKeysResponse, GenerateSigningKeysResponse__Output as _credentials_issuance_v1_GenerateSigningKeysResponse__Output } from './credentials/issuance/v1/GenerateSigningKeysResponse';
import type { GetBadgeImageRequest as _credentials_issuance_v1_GetBadgeImageRequest, GetBadgeImageRequest__Output as _credentials_issuance_v1_GetBadgeImageRequest__Output } from './credentials/issuance/v1/GetBadgeImageRequest';
import type { GetBulkIssuanceRequest as _credentials_issuance_v1_GetBulkIssuanceRequest, GetBulkIssuanceRequest__Output as _credentials_issuance_v1_GetBulkIssuanceRequest__Output } from './credentials/issuance/v1/GetBulkIssuanceRequest';
import type { GetCredentialDetailRequest as _credentials_issuance_v1_GetCredentialDetailRequest, GetCredentialDetailRequest__Output as _credentials_issuance_v1_GetCredentialDetailRequest__Output } from './credentials/issuance/v1/GetCredentialDetailRequest';
import type { GetCredentialRecordRequest as _credentials_issuance_v1_GetCredentialRecordRequest, GetCredentialRecordRequest__Output as _credentials_issuance_v1_GetCredentialRecordRequest__Output } from './credentials/issuance/v1/GetCredentialRecordRequest';
import type { GetCredentialRequest as _credentials_issuance_v1_GetCredentialRequest, GetCredentialRequest__Output as _credentials_issuance_v1_GetCredentialRequest__Output } from './credentials/issuance/v1/GetCredentialRequest';
import type { GetQuotaRequest as _credentials_issuance_v1_GetQuotaRequest, GetQuotaRequest__Output as _credentials_issuance_v1_GetQuotaRequest__Output } from './credentials/issuance/v1/GetQuotaRequest';
import type { GetStatusListRequest as _credentials_issuance_v1_GetStatusListRequest, GetStatusListRequest__Output as _credentials_issuance_v1_GetStatusListRequest__Output } from './credentials/issuance/v1/GetStatusListRequest';
import type { IssuanceServiceClient as _credentials_issuance_v1_IssuanceServiceClient, IssuanceServiceDefinition as _credentials_issuance_v1_IssuanceServiceDefinition } from './credentials/issuance/v1/IssuanceService';
import type { IssueContent as _credentials_issuance_v1_IssueContent, IssueContent__Output as _credentials_issuance_v1_IssueContent__Output } from './credentials/issuance/v1/IssueContent';
import type { IssueCredentialRequest as _credentials_issuance_v1_IssueCredentialRequest, IssueCredentialRequest__Output as _credentials_issuance_v1_IssueCredentialRequest__Output } from './credentials/issuance/v1/IssueCredentialRequest';
import type { ListBadgesRequest as _credentials_issuance_v1_ListBadgesRequest, ListBadgesRequest__Output as _credentials_issuance_v1_ListBadgesRequest__Output } from './credentials/issuance/v1/ListBadgesRequest';
import type { ListBadgesResponse as _credentials_issuance_v1_ListBadgesResponse, ListBadgesResponse__Output as _credentials_issuance_v1_ListBadgesResponse__Output } from './credentials/issuance/v1/ListBadgesResponse';
import type { ListBulkIssuancesRequest as _credentials_issuance_v1_ListBulkIssuancesRequest, ListBulkIssuancesRequest__Output as _credentials_issuance_v1_ListBulkIssuancesRequest__Output } from './credentials/issuance/v1/ListBulkIssuancesRequest';
import type { ListBulkIssuancesResponse as _credentials_issuance_v1_ListBulkIssuancesResponse, ListBulkIssuancesResponse__Output as _credentials_issuance_v1_ListBulkIssuancesResponse__Output } from './credentials/issuance/v1/ListBulkIssuancesResponse';
import type { ListCredentialsRequest as _credentials_issuance_v1_ListCredentialsRequest, ListCredentialsRequest__Output as _credentials_issuance_v1_ListCredentialsRequest__Output } from './credentials/issuance/v1/ListCredentialsRequest';
import type { ListCredentialsResponse as _credentials_issuance_v1_ListCredentialsResponse, ListCredentialsResponse__Output as _credentials_issuance_v1_ListCredentialsResponse__Output } from './credentials/issuance/v1/ListCredentialsResponse';
import type { ListRecipientCredentialsRequest as _credentials_issuance_v1_ListRecipientCredentialsRequest, ListRecipientCredentialsRequest__Output as _credentials_issuance_v1_ListRecipientCredentialsRequest__Output } from './credentials/issuance/v1/ListRecipientCredentialsRequest';
import type { ListRecipientCredentialsResponse as _credentials_issuance_v1_ListRecipientCredentialsResponse, ListRecipientCredentialsResponse__Output as _credentials_issuance_v1_ListRecipientCredentialsResponse__Output } from './credentials/issuance/v1/ListRecipientCredentialsResponse';
import type { ListSigningKeysRequest as _credentials_issuance_v1_ListSigningKeysRequest, ListSigningKeysRequest__Output as _credentials_issuance_v1_ListSigningKeysRequest__Output } from './credentials/issuance/v1/ListSigningKeysRequest';
import type { ListSigningKeysResponse as _credentials_issuance_v1_ListSigningKeysResponse, ListSigningKeysResponse__Output as _credentials_issuance_v1_ListSigningKeysResponse__Output } from './credentials/issuance/v1/ListSigningKeysResponse';
import type { NullableNumber as _credentials_issuance_v1_NullableNumber, NullableNumber__Output as _credentials_issuance_v1_NullableNumber__Output } from './credentials/issuance/v1/NullableNumber';
import type { NullableString as _credentials_issuance_v1_NullableString, NullableString__Output as _credentials_issuance_v1_NullableString__Output } from './credentials/issuance/v1/NullableString';
import type { PreviewBulkIssuanceRequest as _credentials_issuance_v1_PreviewBulkIssuanceRequest, PreviewBulkIssuanceRequest__Output as _credentials_issuance_v1_PreviewBulkIssuanceRequest__Output } from './credentials/issuance/v1/PreviewBulkIssuanceRequest';
import type { Quota as _credentials_issuance_v1_Quota, Quota__Output as _credentials_issuance_v1_Quota__Output } from './credentials/issuance/v1/Quota';
import type { RecipientCredential as _credentials_issuance_v1_RecipientCredential, RecipientCredential__Output as _credentials_issuance_v1_RecipientCredential__Output } from './credentials/issuance/v1/RecipientCredential';
import type { RecipientSession as _credentials_issuance_v1_RecipientSession, RecipientSession__Output as _credentials_issuance_v1_RecipientSession__Output } from './credentials/issuance/v1/RecipientSession';
import type { RegisterClaimTokensRequest as _credentials_issuance_v1_RegisterClaimTokensRequest, RegisterClaimTokensRequest__Output as _credentials_issuance_v1_RegisterClaimTokensRequest__Output } from './credentials/issuance/v1/RegisterClaimTokensRequest';
import type { RegisterClaimTokensResponse as _credentials_issuance_v1_RegisterClaimTokensResponse, RegisterClaimTokensResponse__Output as _credentials_issuance_v1_RegisterClaimTokensResponse__Output } from './credentials/issuance/v1/RegisterClaimTokensResponse';
import type { RenewalLink as _credentials_issuance_v1_RenewalLink, RenewalLink__Output as _credentials_issuance_v1_RenewalLink__Output } from './credentials/issuance/v1/RenewalLink';
import type { ReportSigningKeyCompromisedRequest as _credentials_issuance_v1_ReportSigningKeyCompromisedRequest, ReportSigningKeyCompromisedRequest__Output as _credentials_issuance_v1_ReportSigningKeyCompromisedRequest__Output } from './credentials/issuance/v1/ReportSigningKeyCompromisedRequest';
import type { ResultInput as _credentials_issuance_v1_ResultInput, ResultInput__Output as _credentials_issuance_v1_ResultInput__Output } from './credentials/issuance/v1/ResultInput';
import type { RevokeCredentialRequest as _credentials_issuance_v1_RevokeCredentialRequest, RevokeCredentialRequest__Output as _credentials_issuance_v1_RevokeCredentialRequest__Output } from './credentials/issuance/v1/RevokeCredentialRequest';
import type { RotateSigningKeyRequest as _credentials_issuance_v1_RotateSigningKeyRequest, RotateSigningKeyRequest__Output as _credentials_issuance_v1_RotateSigningKeyRequest__Output } from './credentials/issuance/v1/RotateSigningKeyRequest';
import type { SetBadgeImageRequest as _credentials_issuance_v1_SetBadgeImageRequest, SetBadgeImageRequest__Output as _credentials_issuance_v1_SetBadgeImageRequest__Output } from './credentials/issuance/v1/SetBadgeImageRequest';
import type { SetCredentialVisibilityRequest as _credentials_issuance_v1_SetCredentialVisibilityRequest, SetCredentialVisibilityRequest__Output as _credentials_issuance_v1_SetCredentialVisibilityRequest__Output } from './credentials/issuance/v1/SetCredentialVisibilityRequest';
import type { SigningKey as _credentials_issuance_v1_SigningKey, SigningKey__Output as _credentials_issuance_v1_SigningKey__Output } from './credentials/issuance/v1/SigningKey';
import type { SigningKeyChange as _credentials_issuance_v1_SigningKeyChange, SigningKeyChange__Output as _credentials_issuance_v1_SigningKeyChange__Output } from './credentials/issuance/v1/SigningKeyChange';
import type { StatusListCredential as _credentials_issuance_v1_StatusListCredential, StatusListCredential__Output as _credentials_issuance_v1_StatusListCredential__Output } from './credentials/issuance/v1/StatusListCredential';
import type { StringList as _credentials_issuance_v1_StringList, StringList__Output as _credentials_issuance_v1_StringList__Output } from './credentials/issuance/v1/StringList';
import type { UpdateBadgeRequest as _credentials_issuance_v1_UpdateBadgeRequest, UpdateBadgeRequest__Output as _credentials_issuance_v1_UpdateBadgeRequest__Output } from './credentials/issuance/v1/UpdateBadgeRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    audit: {
      v1: {
        AuditEntry: MessageTypeDefinition<_credentials_audit_v1_AuditEntry, _credentials_audit_v1_AuditEntry__Output>
        ListAuditEntriesRequest: MessageTypeDefinition<_credentials_audit_v1_ListAuditEntriesRequest, _credentials_audit_v1_ListAuditEntriesRequest__Output>
        ListAuditEntriesResponse: MessageTypeDefinition<_credentials_audit_v1_ListAuditEntriesResponse, _credentials_audit_v1_ListAuditEntriesResponse__Output>
      }
    }
    idempotency: {
      v1: {
        IdempotencyKey: MessageTypeDefinition<_credentials_idempotency_v1_IdempotencyKey, _credentials_idempotency_v1_IdempotencyKey__Output>
      }
    }
    issuance: {
      v1: {
        Badge: MessageTypeDefinition<_credentials_issuance_v1_Badge, _credentials_issuance_v1_Badge__Output>
        BadgeAlignment: MessageTypeDefinition<_credentials_issuance_v1_BadgeAlignment, _credentials_issuance_v1_BadgeAlignment__Output>
        BadgeAlignmentInput: MessageTypeDefinition<_credentials_issuance_v1_BadgeAlignmentInput, _credentials_issuance_v1_BadgeAlignmentInput__Output>
        BadgeAlignmentInputList: MessageTypeDefinition<_credentials_issuance_v1_BadgeAlignmentInputList, _credentials_issuance_v1_BadgeAlignmentInputList__Output>
        BadgeIdRequest: MessageTypeDefinition<_credentials_issuance_v1_BadgeIdRequest, _credentials_issuance_v1_BadgeIdRequest__Output>
        BadgeImage: MessageTypeDefinition<_credentials_issuance_v1_BadgeImage, _credentials_issuance_v1_BadgeImage__Output>
        BadgeInput: MessageTypeDefinition<_credentials_issuance_v1_BadgeInput, _credentials_issuance_v1_BadgeInput__Output>
        BadgeResultDescription: MessageTypeDefinition<_credentials_issuance_v1_BadgeResultDescription, _credentials_issuance_v1_BadgeResultDescription__Output>
        BadgeResultDescriptionInput: MessageTypeDefinition<_credentials_issuance_v1_BadgeResultDescriptionInput, _credentials_issuance_v1_BadgeResultDescriptionInput__Output>
        BadgeResultDescriptionInputList: MessageTypeDefinition<_credentials_issuance_v1_BadgeResultDescriptionInputList, _credentials_issuance_v1_BadgeResultDescriptionInputList__Output>
        BulkIssuance: MessageTypeDefinition<_credentials_issuance_v1_BulkIssuance, _credentials_issuance_v1_BulkIssuance__Output>
        BulkIssuancePreview: MessageTypeDefinition<_credentials_issuance_v1_BulkIssuancePreview, _credentials_issuance_v1_BulkIssuancePreview__Output>
        BulkIssuanceRow: MessageTypeDefinition<_credentials_issuance_v1_BulkIssuanceRow, _credentials_issuance_v1_BulkIssuanceRow__Output>
        BulkPreviewRow: MessageTypeDefinition<_credentials_issuance_v1_BulkPreviewRow, _credentials_issuance_v1_BulkPreviewRow__Output>
        ClaimCredentialRequest: MessageTypeDefinition<_credentials_issuance_v1_ClaimCredentialRequest, _credentials_issuance_v1_ClaimCredentialRequest__Output>
        ClaimTokenRegistration: MessageTypeDefinition<_credentials_issuance_v1_ClaimTokenRegistration, _credentials_issuance_v1_ClaimTokenRegistration__Output>
        CreateBadgeRequest: MessageTypeDefinition<_credentials_issuance_v1_CreateBadgeRequest, _credentials_issuance_v1_CreateBadgeRequest__Output>
        CreateBulkIssuanceRequest: MessageTypeDefinition<_credentials_issuance_v1_CreateBulkIssuanceRequest, _credentials_issuance_v1_CreateBulkIssuanceRequest__Output>
        Credential: MessageTypeDefinition<_credentials_issuance_v1_Credential, _credentials_issuance_v1_Credential__Output>
        CredentialDetail: MessageTypeDefinition<_credentials_issuance_v1_CredentialDetail, _credentials_issuance_v1_CredentialDetail__Output>
        CredentialRecord: MessageTypeDefinition<_credentials_issuance_v1_CredentialRecord, _credentials_issuance_v1_CredentialRecord__Output>
        DeleteBadgeResponse: MessageTypeDefinition<_credentials_issuance_v1_DeleteBadgeResponse, _credentials_issuance_v1_DeleteBadgeResponse__Output>
        EvidenceInput: MessageTypeDefinition<_credentials_issuance_v1_EvidenceInput, _credentials_issuance_v1_EvidenceInput__Output>
        GenerateSigningKeysRequest: MessageTypeDefinition<_credentials_issuance_v1_GenerateSigningKeysRequest, _credentials_issuance_v1_GenerateSigningKeysRequest__Output>
        GenerateSigningKeysResponse: MessageTypeDefinition<_credentials_issuance_v1_GenerateSigningKeysResponse, _credentials_issuance_v1_GenerateSigningKeysResponse__Output>
        GetBadgeImageRequest: MessageTypeDefinition<_credentials_issuance_v1_GetBadgeImageRequest, _credentials_issuance_v1_GetBadgeImageRequest__Output>
        GetBulkIssuanceRequest: MessageTypeDefinition<_credentials_issuance_v1_GetBulkIssuanceRequest, _credentials_issuance_v1_GetBulkIssuanceRequest__Output>
        GetCredentialDetailRequest: MessageTypeDefinition<_credentials_issuance_v1_GetCredentialDetailRequest, _credentials_issuance_v1_GetCredentialDetailRequest__Output>
        GetCredentialRecordRequest: MessageTypeDefinition<_credentials_issuance_v1_GetCredentialRecordRequest, _credentials_issuance_v1_GetCredentialRecordRequest__Output>
        GetCredentialRequest: MessageTypeDefinition<_credentials_issuance_v1_GetCredentialRequest, _credentials_issuance_v1_GetCredentialRequest__Output>
        GetQuotaRequest: MessageTypeDefinition<_credentials_issuance_v1_GetQuotaRequest, _credentials_issuance_v1_GetQuotaRequest__Output>
        GetStatusListRequest: MessageTypeDefinition<_credentials_issuance_v1_GetStatusListRequest, _credentials_issuance_v1_GetStatusListRequest__Output>
        IssuanceService: SubtypeConstructor<typeof grpc.Client, _credentials_issuance_v1_IssuanceServiceClient> & { service: _credentials_issuance_v1_IssuanceServiceDefinition }
        IssueContent: MessageTypeDefinition<_credentials_issuance_v1_IssueContent, _credentials_issuance_v1_IssueContent__Output>
        IssueCredentialRequest: MessageTypeDefinition<_credentials_issuance_v1_IssueCredentialRequest, _credentials_issuance_v1_IssueCredentialRequest__Output>
        ListBadgesRequest: MessageTypeDefinition<_credentials_issuance_v1_ListBadgesRequest, _credentials_issuance_v1_ListBadgesRequest__Output>
        ListBadgesResponse: MessageTypeDefinition<_credentials_issuance_v1_ListBadgesResponse, _credentials_issuance_v1_ListBadgesResponse__Output>
        ListBulkIssuancesRequest: MessageTypeDefinition<_credentials_issuance_v1_ListBulkIssuancesRequest, _credentials_issuance_v1_ListBulkIssuancesRequest__Output>
        ListBulkIssuancesResponse: MessageTypeDefinition<_credentials_issuance_v1_ListBulkIssuancesResponse, _credentials_issuance_v1_ListBulkIssuancesResponse__Output>
        ListCredentialsRequest: MessageTypeDefinition<_credentials_issuance_v1_ListCredentialsRequest, _credentials_issuance_v1_ListCredentialsRequest__Output>
        ListCredentialsResponse: MessageTypeDefinition<_credentials_issuance_v1_ListCredentialsResponse, _credentials_issuance_v1_ListCredentialsResponse__Output>
        ListRecipientCredentialsRequest: MessageTypeDefinition<_credentials_issuance_v1_ListRecipientCredentialsRequest, _credentials_issuance_v1_ListRecipientCredentialsRequest__Output>
        ListRecipientCredentialsResponse: MessageTypeDefinition<_credentials_issuance_v1_ListRecipientCredentialsResponse, _credentials_issuance_v1_ListRecipientCredentialsResponse__Output>
        ListSigningKeysRequest: MessageTypeDefinition<_credentials_issuance_v1_ListSigningKeysRequest, _credentials_issuance_v1_ListSigningKeysRequest__Output>
        ListSigningKeysResponse: MessageTypeDefinition<_credentials_issuance_v1_ListSigningKeysResponse, _credentials_issuance_v1_ListSigningKeysResponse__Output>
        NullableNumber: MessageTypeDefinition<_credentials_issuance_v1_NullableNumber, _credentials_issuance_v1_NullableNumber__Output>
        NullableString: MessageTypeDefinition<_credentials_issuance_v1_NullableString, _credentials_issuance_v1_NullableString__Output>
        PreviewBulkIssuanceRequest: MessageTypeDefinition<_credentials_issuance_v1_PreviewBulkIssuanceRequest, _credentials_issuance_v1_PreviewBulkIssuanceRequest__Output>
        Quota: MessageTypeDefinition<_credentials_issuance_v1_Quota, _credentials_issuance_v1_Quota__Output>
        RecipientCredential: MessageTypeDefinition<_credentials_issuance_v1_RecipientCredential, _credentials_issuance_v1_RecipientCredential__Output>
        RecipientSession: MessageTypeDefinition<_credentials_issuance_v1_RecipientSession, _credentials_issuance_v1_RecipientSession__Output>
        RegisterClaimTokensRequest: MessageTypeDefinition<_credentials_issuance_v1_RegisterClaimTokensRequest, _credentials_issuance_v1_RegisterClaimTokensRequest__Output>
        RegisterClaimTokensResponse: MessageTypeDefinition<_credentials_issuance_v1_RegisterClaimTokensResponse, _credentials_issuance_v1_RegisterClaimTokensResponse__Output>
        RenewalLink: MessageTypeDefinition<_credentials_issuance_v1_RenewalLink, _credentials_issuance_v1_RenewalLink__Output>
        ReportSigningKeyCompromisedRequest: MessageTypeDefinition<_credentials_issuance_v1_ReportSigningKeyCompromisedRequest, _credentials_issuance_v1_ReportSigningKeyCompromisedRequest__Output>
        ResultInput: MessageTypeDefinition<_credentials_issuance_v1_ResultInput, _credentials_issuance_v1_ResultInput__Output>
        RevokeCredentialRequest: MessageTypeDefinition<_credentials_issuance_v1_RevokeCredentialRequest, _credentials_issuance_v1_RevokeCredentialRequest__Output>
        RotateSigningKeyRequest: MessageTypeDefinition<_credentials_issuance_v1_RotateSigningKeyRequest, _credentials_issuance_v1_RotateSigningKeyRequest__Output>
        SetBadgeImageRequest: MessageTypeDefinition<_credentials_issuance_v1_SetBadgeImageRequest, _credentials_issuance_v1_SetBadgeImageRequest__Output>
        SetCredentialVisibilityRequest: MessageTypeDefinition<_credentials_issuance_v1_SetCredentialVisibilityRequest, _credentials_issuance_v1_SetCredentialVisibilityRequest__Output>
        SigningKey: MessageTypeDefinition<_credentials_issuance_v1_SigningKey, _credentials_issuance_v1_SigningKey__Output>
        SigningKeyChange: MessageTypeDefinition<_credentials_issuance_v1_SigningKeyChange, _credentials_issuance_v1_SigningKeyChange__Output>
        StatusListCredential: MessageTypeDefinition<_credentials_issuance_v1_StatusListCredential, _credentials_issuance_v1_StatusListCredential__Output>
        StringList: MessageTypeDefinition<_credentials_issuance_v1_StringList, _credentials_issuance_v1_StringList__Output>
        UpdateBadgeRequest: MessageTypeDefinition<_credentials_issuance_v1_UpdateBadgeRequest, _credentials_issuance_v1_UpdateBadgeRequest__Output>
      }
    }
  }
}

