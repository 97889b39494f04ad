import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcceptInvitationRequest as _credentials_accounts_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _credentials_accounts_v1_AcceptInvitationRequest__Output } from './credentials/accounts/v1/AcceptInvitationRequest';
import type { AcceptInvitationResponse as _credentials_accounts_v1_AcceptInvitationResponse, AcceptInvitationResponse__Output as _credentials_accounts_v1_AcceptInvitationResponse__Output } from './credentials/accounts/v1/AcceptInvitationResponse';
import type { AccountsServiceClient as _credentials_accounts_v1_AccountsServiceClient, AccountsServiceDefinition as _credentials_accounts_v1_AccountsServiceDefinition } from './credentials/accounts/v1/AccountsService';
import type { ApiKey as _credentials_accounts_v1_ApiKey, ApiKey__Output as _credentials_accounts_v1_ApiKey__Output } from './credentials/accounts/v1/ApiKey';
import type { ApiKeyIdRequest as _credentials_accounts_v1_ApiKeyIdRequest, ApiKeyIdRequest__Output as _credentials_accounts_v1_ApiKeyIdRequest__Output } from './credentials/accounts/v1/ApiKeyIdRequest';
import type { ChangeMemberRoleRequest as _credentials_accounts_v1_ChangeMemberRoleRequest, ChangeMemberRoleRequest__Output as _credentials_accounts_v1_ChangeMemberRoleRequest__Output } from './credentials/accounts/v1/ChangeMemberRoleRequest';
import type { ConfirmPasswordRequest as _credentials_accounts_v1_ConfirmPasswordRequest, ConfirmPasswordRequest__Output as _credentials_accounts_v1_ConfirmPasswordRequest__Output } from './credentials/accounts/v1/ConfirmPasswordRequest';
import type { ConfirmPasswordResetRequest as _credentials_accounts_v1_ConfirmPasswordResetRequest, ConfirmPasswordResetRequest__Output as _credentials_accounts_v1_ConfirmPasswordResetRequest__Output } from './credentials/accounts/v1/ConfirmPasswordResetRequest';
import type { CreateApiKeyRequest as _credentials_accounts_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _credentials_accounts_v1_CreateApiKeyRequest__Output } from './credentials/accounts/v1/CreateApiKeyRequest';
import type { CreateApiKeyResponse as _credentials_accounts_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _credentials_accounts_v1_CreateApiKeyResponse__Output } from './credentials/accounts/v1/CreateApiKeyResponse';
import type { CreateInvitationRequest as _credentials_accounts_v1_CreateInvitationRequest, CreateInvitationRequest__Output as _credentials_accounts_v1_CreateInvitationRequest__Output } from './credentials/accounts/v1/CreateInvitationRequest';
import type { Empty as _credentials_accounts_v1_Empty, Empty__Output as _credentials_accounts_v1_Empty__Output } from './credentials/accounts/v1/Empty';
import type { EndSessionRequest as _credentials_accounts_v1_EndSessionRequest, EndSessionRequest__Output as _credentials_accounts_v1_EndSessionRequest__Output } from './credentials/accounts/v1/EndSessionRequest';
import type { GetMembershipRequest as _credentials_accounts_v1_GetMembershipRequest, GetMembershipRequest__Output as _credentials_accounts_v1_GetMembershipRequest__Output } from './credentials/accounts/v1/GetMembershipRequest';
import type { GetOrganizationRequest as _credentials_accounts_v1_GetOrganizationRequest, GetOrganizationRequest__Output as _credentials_accounts_v1_GetOrganizationRequest__Output } from './credentials/accounts/v1/GetOrganizationRequest';
import type { GetSessionRequest as _credentials_accounts_v1_GetSessionRequest, GetSessionRequest__Output as _credentials_accounts_v1_GetSessionRequest__Output } from './credentials/accounts/v1/GetSessionRequest';
import type { GetUserNamesRequest as _credentials_accounts_v1_GetUserNamesRequest, GetUserNamesRequest__Output as _credentials_accounts_v1_GetUserNamesRequest__Output } from './credentials/accounts/v1/GetUserNamesRequest';
import type { GetUserNamesResponse as _credentials_accounts_v1_GetUserNamesResponse, GetUserNamesResponse__Output as _credentials_accounts_v1_GetUserNamesResponse__Output } from './credentials/accounts/v1/GetUserNamesResponse';
import type { GetUserRequest as _credentials_accounts_v1_GetUserRequest, GetUserRequest__Output as _credentials_accounts_v1_GetUserRequest__Output } from './credentials/accounts/v1/GetUserRequest';
import type { Invitation as _credentials_accounts_v1_Invitation, Invitation__Output as _credentials_accounts_v1_Invitation__Output } from './credentials/accounts/v1/Invitation';
import type { InvitationIdRequest as _credentials_accounts_v1_InvitationIdRequest, InvitationIdRequest__Output as _credentials_accounts_v1_InvitationIdRequest__Output } from './credentials/accounts/v1/InvitationIdRequest';
import type { InvitationSummary as _credentials_accounts_v1_InvitationSummary, InvitationSummary__Output as _credentials_accounts_v1_InvitationSummary__Output } from './credentials/accounts/v1/InvitationSummary';
import type { InvitationTokenRequest as _credentials_accounts_v1_InvitationTokenRequest, InvitationTokenRequest__Output as _credentials_accounts_v1_InvitationTokenRequest__Output } from './credentials/accounts/v1/InvitationTokenRequest';
import type { ListApiKeysRequest as _credentials_accounts_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _credentials_accounts_v1_ListApiKeysRequest__Output } from './credentials/accounts/v1/ListApiKeysRequest';
import type { ListApiKeysResponse as _credentials_accounts_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _credentials_accounts_v1_ListApiKeysResponse__Output } from './credentials/accounts/v1/ListApiKeysResponse';
import type { ListInvitationsResponse as _credentials_accounts_v1_ListInvitationsResponse, ListInvitationsResponse__Output as _credentials_accounts_v1_ListInvitationsResponse__Output } from './credentials/accounts/v1/ListInvitationsResponse';
import type { ListMembersResponse as _credentials_accounts_v1_ListMembersResponse, ListMembersResponse__Output as _credentials_accounts_v1_ListMembersResponse__Output } from './credentials/accounts/v1/ListMembersResponse';
import type { ListOrganizationsRequest as _credentials_accounts_v1_ListOrganizationsRequest, ListOrganizationsRequest__Output as _credentials_accounts_v1_ListOrganizationsRequest__Output } from './credentials/accounts/v1/ListOrganizationsRequest';
import type { ListOrganizationsResponse as _credentials_accounts_v1_ListOrganizationsResponse, ListOrganizationsResponse__Output as _credentials_accounts_v1_ListOrganizationsResponse__Output } from './credentials/accounts/v1/ListOrganizationsResponse';
import type { LoginRequest as _credentials_accounts_v1_LoginRequest, LoginRequest__Output as _credentials_accounts_v1_LoginRequest__Output } from './credentials/accounts/v1/LoginRequest';
import type { LoginResponse as _credentials_accounts_v1_LoginResponse, LoginResponse__Output as _credentials_accounts_v1_LoginResponse__Output } from './credentials/accounts/v1/LoginResponse';
import type { Member as _credentials_accounts_v1_Member, Member__Output as _credentials_accounts_v1_Member__Output } from './credentials/accounts/v1/Member';
import type { MemberRequest as _credentials_accounts_v1_MemberRequest, MemberRequest__Output as _credentials_accounts_v1_MemberRequest__Output } from './credentials/accounts/v1/MemberRequest';
import type { Membership as _credentials_accounts_v1_Membership, Membership__Output as _credentials_accounts_v1_Membership__Output } from './credentials/accounts/v1/Membership';
import type { NewOrganization as _credentials_accounts_v1_NewOrganization, NewOrganization__Output as _credentials_accounts_v1_NewOrganization__Output } from './credentials/accounts/v1/NewOrganization';
import type { Organization as _credentials_accounts_v1_Organization, Organization__Output as _credentials_accounts_v1_Organization__Output } from './credentials/accounts/v1/Organization';
import type { OrganizationActorRequest as _credentials_accounts_v1_OrganizationActorRequest, OrganizationActorRequest__Output as _credentials_accounts_v1_OrganizationActorRequest__Output } from './credentials/accounts/v1/OrganizationActorRequest';
import type { OrganizationIdRequest as _credentials_accounts_v1_OrganizationIdRequest, OrganizationIdRequest__Output as _credentials_accounts_v1_OrganizationIdRequest__Output } from './credentials/accounts/v1/OrganizationIdRequest';
import type { RequestPasswordResetRequest as _credentials_accounts_v1_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _credentials_accounts_v1_RequestPasswordResetRequest__Output } from './credentials/accounts/v1/RequestPasswordResetRequest';
import type { ResendVerificationRequest as _credentials_accounts_v1_ResendVerificationRequest, ResendVerificationRequest__Output as _credentials_accounts_v1_ResendVerificationRequest__Output } from './credentials/accounts/v1/ResendVerificationRequest';
import type { ResolveApiKeyRequest as _credentials_accounts_v1_ResolveApiKeyRequest, ResolveApiKeyRequest__Output as _credentials_accounts_v1_ResolveApiKeyRequest__Output } from './credentials/accounts/v1/ResolveApiKeyRequest';
import type { ResolvedApiKey as _credentials_accounts_v1_ResolvedApiKey, ResolvedApiKey__Output as _credentials_accounts_v1_ResolvedApiKey__Output } from './credentials/accounts/v1/ResolvedApiKey';
import type { Session as _credentials_accounts_v1_Session, Session__Output as _credentials_accounts_v1_Session__Output } from './credentials/accounts/v1/Session';
import type { SetPlanRequest as _credentials_accounts_v1_SetPlanRequest, SetPlanRequest__Output as _credentials_accounts_v1_SetPlanRequest__Output } from './credentials/accounts/v1/SetPlanRequest';
import type { SetSubscriptionRequest as _credentials_accounts_v1_SetSubscriptionRequest, SetSubscriptionRequest__Output as _credentials_accounts_v1_SetSubscriptionRequest__Output } from './credentials/accounts/v1/SetSubscriptionRequest';
import type { SignUpRequest as _credentials_accounts_v1_SignUpRequest, SignUpRequest__Output as _credentials_accounts_v1_SignUpRequest__Output } from './credentials/accounts/v1/SignUpRequest';
import type { SignUpResponse as _credentials_accounts_v1_SignUpResponse, SignUpResponse__Output as _credentials_accounts_v1_SignUpResponse__Output } from './credentials/accounts/v1/SignUpResponse';
import type { UpdateApiKeyRequest as _credentials_accounts_v1_UpdateApiKeyRequest, UpdateApiKeyRequest__Output as _credentials_accounts_v1_UpdateApiKeyRequest__Output } from './credentials/accounts/v1/UpdateApiKeyRequest';
import type { UpdateOrganizationRequest as _credentials_accounts_v1_UpdateOrganizationRequest, UpdateOrganizationRequest__Output as _credentials_accounts_v1_UpdateOrganizationRequest__Output } from './credentials/accounts/v1/UpdateOrganizationRequest';
import type { User as _credentials_accounts_v1_User, User__Output as _credentials_accounts_v1_User__Output } from './credentials/accounts/v1/User';
import type { UserName as _credentials_accounts_v1_UserName, UserName__Output as _credentials_accounts_v1_UserName__Output } from './credentials/accounts/v1/UserName';
import type { VerifyEmailRequest as _credentials_accounts_v1_VerifyEmailRequest, VerifyEmailRequest__Output as _credentials_accounts_v1_VerifyEmailRequest__Output } from './credentials/accounts/v1/VerifyEmailRequest';
import type { AuditEntry as _credentials_audit_v1_AuditEntry, AuditEntry__Output as _credentials_audit_v1_AuditEntry__Output } from './credentials/audit/v1/AuditEntry';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from './credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from './credentials/audit/v1/ListAuditEntriesResponse';
import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from './credentials/idempotency/v1/IdempotencyKey';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    accounts: {
      v1: {
        AcceptInvitationRequest: MessageTypeDefinition<_credentials_accounts_v1_AcceptInvitationRequest, _credentials_accounts_v1_AcceptInvitationRequest__Output>
        AcceptInvitationResponse: MessageTypeDefinition<_credentials_accounts_v1_AcceptInvitationResponse, _credentials_accounts_v1_AcceptInvitationResponse__Output>
        AccountsService: SubtypeConstructor<typeof grpc.Client, _credentials_accounts_v1_AccountsServiceClient> & { service: _credentials_accounts_v1_AccountsServiceDefinition }
        ApiKey: MessageTypeDefinition<_credentials_accounts_v1_ApiKey, _credentials_accounts_v1_ApiKey__Output>
        ApiKeyIdRequest: MessageTypeDefinition<_credentials_accounts_v1_ApiKeyIdRequest, _credentials_accounts_v1_ApiKeyIdRequest__Output>
        ChangeMemberRoleRequest: MessageTypeDefinition<_credentials_accounts_v1_ChangeMemberRoleRequest, _credentials_accounts_v1_ChangeMemberRoleRequest__Output>
        ConfirmPasswordRequest: MessageTypeDefinition<_credentials_accounts_v1_ConfirmPasswordRequest, _credentials_accounts_v1_ConfirmPasswordRequest__Output>
        ConfirmPasswordResetRequest: MessageTypeDefinition<_credentials_accounts_v1_ConfirmPasswordResetRequest, _credentials_accounts_v1_ConfirmPasswordResetRequest__Output>
        CreateApiKeyRequest: MessageTypeDefinition<_credentials_accounts_v1_CreateApiKeyRequest, _credentials_accounts_v1_CreateApiKeyRequest__Output>
        CreateApiKeyResponse: MessageTypeDefinition<_credentials_accounts_v1_CreateApiKeyResponse, _credentials_accounts_v1_CreateApiKeyResponse__Output>
        CreateInvitationRequest: MessageTypeDefinition<_credentials_accounts_v1_CreateInvitationRequest, _credentials_accounts_v1_CreateInvitationRequest__Output>
        Empty: MessageTypeDefinition<_credentials_accounts_v1_Empty, _credentials_accounts_v1_Empty__Output>
        EndSessionRequest: MessageTypeDefinition<_credentials_accounts_v1_EndSessionRequest, _credentials_accounts_v1_EndSessionRequest__Output>
        GetMembershipRequest: MessageTypeDefinition<_credentials_accounts_v1_GetMembershipRequest, _credentials_accounts_v1_GetMembershipRequest__Output>
        GetOrganizationRequest: MessageTypeDefinition<_credentials_accounts_v1_GetOrganizationRequest, _credentials_accounts_v1_GetOrganizationRequest__Output>
        GetSessionRequest: MessageTypeDefinition<_credentials_accounts_v1_GetSessionRequest, _credentials_accounts_v1_GetSessionRequest__Output>
        GetUserNamesRequest: MessageTypeDefinition<_credentials_accounts_v1_GetUserNamesRequest, _credentials_accounts_v1_GetUserNamesRequest__Output>
        GetUserNamesResponse: MessageTypeDefinition<_credentials_accounts_v1_GetUserNamesResponse, _credentials_accounts_v1_GetUserNamesResponse__Output>
        GetUserRequest: MessageTypeDefinition<_credentials_accounts_v1_GetUserRequest, _credentials_accounts_v1_GetUserRequest__Output>
        Invitation: MessageTypeDefinition<_credentials_accounts_v1_Invitation, _credentials_accounts_v1_Invitation__Output>
        InvitationIdRequest: MessageTypeDefinition<_credentials_accounts_v1_InvitationIdRequest, _credentials_accounts_v1_InvitationIdRequest__Output>
        InvitationSummary: MessageTypeDefinition<_credentials_accounts_v1_InvitationSummary, _credentials_accounts_v1_InvitationSummary__Output>
        InvitationTokenRequest: MessageTypeDefinition<_credentials_accounts_v1_InvitationTokenRequest, _credentials_accounts_v1_InvitationTokenRequest__Output>
        ListApiKeysRequest: MessageTypeDefinition<_credentials_accounts_v1_ListApiKeysRequest, _credentials_accounts_v1_ListApiKeysRequest__Output>
        ListApiKeysResponse: MessageTypeDefinition<_credentials_accounts_v1_ListApiKeysResponse, _credentials_accounts_v1_ListApiKeysResponse__Output>
        ListInvitationsResponse: MessageTypeDefinition<_credentials_accounts_v1_ListInvitationsResponse, _credentials_accounts_v1_ListInvitationsResponse__Output>
        ListMembersResponse: MessageTypeDefinition<_credentials_accounts_v1_ListMembersResponse, _credentials_accounts_v1_ListMembersResponse__Output>
        ListOrganizationsRequest: MessageTypeDefinition<_credentials_accounts_v1_ListOrganizationsRequest, _credentials_accounts_v1_ListOrganizationsRequest__Output>
        ListOrganizationsResponse: MessageTypeDefinition<_credentials_accounts_v1_ListOrganizationsResponse, _credentials_accounts_v1_ListOrganizationsResponse__Output>
        LoginRequest: MessageTypeDefinition<_credentials_accounts_v1_LoginRequest, _credentials_accounts_v1_LoginRequest__Output>
        LoginResponse: MessageTypeDefinition<_credentials_accounts_v1_LoginResponse, _credentials_accounts_v1_LoginResponse__Output>
        Member: MessageTypeDefinition<_credentials_accounts_v1_Member, _credentials_accounts_v1_Member__Output>
        MemberRequest: MessageTypeDefinition<_credentials_accounts_v1_MemberRequest, _credentials_accounts_v1_MemberRequest__Output>
        Membership: MessageTypeDefinition<_credentials_accounts_v1_Membership, _credentials_accounts_v1_Membership__Output>
        NewOrganization: MessageTypeDefinition<_credentials_accounts_v1_NewOrganization, _credentials_accounts_v1_NewOrganization__Output>
        Organization: MessageTypeDefinition<_credentials_accounts_v1_Organization, _credentials_accounts_v1_Organization__Output>
        OrganizationActorRequest: MessageTypeDefinition<_credentials_accounts_v1_OrganizationActorRequest, _credentials_accounts_v1_OrganizationActorRequest__Output>
        OrganizationIdRequest: MessageTypeDefinition<_credentials_accounts_v1_OrganizationIdRequest, _credentials_accounts_v1_OrganizationIdRequest__Output>
        RequestPasswordResetRequest: MessageTypeDefinition<_credentials_accounts_v1_RequestPasswordResetRequest, _credentials_accounts_v1_RequestPasswordResetRequest__Output>
        ResendVerificationRequest: MessageTypeDefinition<_credentials_accounts_v1_ResendVerificationRequest, _credentials_accounts_v1_ResendVerificationRequest__Output>
        ResolveApiKeyRequest: MessageTypeDefinition<_credentials_accounts_v1_ResolveApiKeyRequest, _credentials_accounts_v1_ResolveApiKeyRequest__Output>
        ResolvedApiKey: MessageTypeDefinition<_credentials_accounts_v1_ResolvedApiKey, _credentials_accounts_v1_ResolvedApiKey__Output>
        Session: MessageTypeDefinition<_credentials_accounts_v1_Session, _credentials_accounts_v1_Session__Output>
        SetPlanRequest: MessageTypeDefinition<_credentials_accounts_v1_SetPlanRequest, _credentials_accounts_v1_SetPlanRequest__Output>
        SetSubscriptionRequest: MessageTypeDefinition<_credentials_accounts_v1_SetSubscriptionRequest, _credentials_accounts_v1_SetSubscriptionRequest__Output>
        SignUpRequest: MessageTypeDefinition<_credentials_accounts_v1_SignUpRequest, _credentials_accounts_v1_SignUpRequest__Output>
        SignUpResponse: MessageTypeDefinition<_credentials_accounts_v1_SignUpResponse, _credentials_accounts_v1_SignUpResponse__Output>
        UpdateApiKeyRequest: MessageTypeDefinition<_credentials_accounts_v1_UpdateApiKeyRequest, _credentials_accounts_v1_UpdateApiKeyRequest__Output>
        UpdateOrganizationRequest: MessageTypeDefinition<_credentials_accounts_v1_UpdateOrganizationRequest, _credentials_accounts_v1_UpdateOrganizationRequest__Output>
        User: MessageTypeDefinition<_credentials_accounts_v1_User, _credentials_accounts_v1_User__Output>
        UserName: MessageTypeDefinition<_credentials_accounts_v1_UserName, _credentials_accounts_v1_UserName__Output>
        VerifyEmailRequest: MessageTypeDefinition<_credentials_accounts_v1_VerifyEmailRequest, _credentials_accounts_v1_VerifyEmailRequest__Output>
      }
    }
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
  }
}

