// Original file: credentials/accounts/v1/accounts.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcceptInvitationRequest as _credentials_accounts_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _credentials_accounts_v1_AcceptInvitationRequest__Output } from '../../../credentials/accounts/v1/AcceptInvitationRequest';
import type { AcceptInvitationResponse as _credentials_accounts_v1_AcceptInvitationResponse, AcceptInvitationResponse__Output as _credentials_accounts_v1_AcceptInvitationResponse__Output } from '../../../credentials/accounts/v1/AcceptInvitationResponse';
import type { ApiKey as _credentials_accounts_v1_ApiKey, ApiKey__Output as _credentials_accounts_v1_ApiKey__Output } from '../../../credentials/accounts/v1/ApiKey';
import type { ApiKeyIdRequest as _credentials_accounts_v1_ApiKeyIdRequest, ApiKeyIdRequest__Output as _credentials_accounts_v1_ApiKeyIdRequest__Output } from '../../../credentials/accounts/v1/ApiKeyIdRequest';
import type { ChangeMemberRoleRequest as _credentials_accounts_v1_ChangeMemberRoleRequest, ChangeMemberRoleRequest__Output as _credentials_accounts_v1_ChangeMemberRoleRequest__Output } from '../../../credentials/accounts/v1/ChangeMemberRoleRequest';
import type { ConfirmPasswordRequest as _credentials_accounts_v1_ConfirmPasswordRequest, ConfirmPasswordRequest__Output as _credentials_accounts_v1_ConfirmPasswordRequest__Output } from '../../../credentials/accounts/v1/ConfirmPasswordRequest';
import type { ConfirmPasswordResetRequest as _credentials_accounts_v1_ConfirmPasswordResetRequest, ConfirmPasswordResetRequest__Output as _credentials_accounts_v1_ConfirmPasswordResetRequest__Output } from '../../../credentials/accounts/v1/ConfirmPasswordResetRequest';
import type { CreateApiKeyRequest as _credentials_accounts_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _credentials_accounts_v1_CreateApiKeyRequest__Output } from '../../../credentials/accounts/v1/CreateApiKeyRequest';
import type { CreateApiKeyResponse as _credentials_accounts_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _credentials_accounts_v1_CreateApiKeyResponse__Output } from '../../../credentials/accounts/v1/CreateApiKeyResponse';
import type { CreateInvitationRequest as _credentials_accounts_v1_CreateInvitationRequest, CreateInvitationRequest__Output as _credentials_accounts_v1_CreateInvitationRequest__Output } from '../../../credentials/accounts/v1/CreateInvitationRequest';
import type { Empty as _credentials_accounts_v1_Empty, Empty__Output as _credentials_accounts_v1_Empty__Output } from '../../../credentials/accounts/v1/Empty';
import type { EndSessionRequest as _credentials_accounts_v1_EndSessionRequest, EndSessionRequest__Output as _credentials_accounts_v1_EndSessionRequest__Output } from '../../../credentials/accounts/v1/EndSessionRequest';
import type { GetMembershipRequest as _credentials_accounts_v1_GetMembershipRequest, GetMembershipRequest__Output as _credentials_accounts_v1_GetMembershipRequest__Output } from '../../../credentials/accounts/v1/GetMembershipRequest';
import type { GetOrganizationRequest as _credentials_accounts_v1_GetOrganizationRequest, GetOrganizationRequest__Output as _credentials_accounts_v1_GetOrganizationRequest__Output } from '../../../credentials/accounts/v1/GetOrganizationRequest';
import type { GetSessionRequest as _credentials_accounts_v1_GetSessionRequest, GetSessionRequest__Output as _credentials_accounts_v1_GetSessionRequest__Output } from '../../../credentials/accounts/v1/GetSessionRequest';
import type { GetUserNamesRequest as _credentials_accounts_v1_GetUserNamesRequest, GetUserNamesRequest__Output as _credentials_accounts_v1_GetUserNamesRequest__Output } from '../../../credentials/accounts/v1/GetUserNamesRequest';
import type { GetUserNamesResponse as _credentials_accounts_v1_GetUserNamesResponse, GetUserNamesResponse__Output as _credentials_accounts_v1_GetUserNamesResponse__Output } from '../../../credentials/accounts/v1/GetUserNamesResponse';
import type { GetUserRequest as _credentials_accounts_v1_GetUserRequest, GetUserRequest__Output as _credentials_accounts_v1_GetUserRequest__Output } from '../../../credentials/accounts/v1/GetUserRequest';
import type { Invitation as _credentials_accounts_v1_Invitation, Invitation__Output as _credentials_accounts_v1_Invitation__Output } from '../../../credentials/accounts/v1/Invitation';
import type { InvitationIdRequest as _credentials_accounts_v1_InvitationIdRequest, InvitationIdRequest__Output as _credentials_accounts_v1_InvitationIdRequest__Output } from '../../../credentials/accounts/v1/InvitationIdRequest';
import type { InvitationSummary as _credentials_accounts_v1_InvitationSummary, InvitationSummary__Output as _credentials_accounts_v1_InvitationSummary__Output } from '../../../credentials/accounts/v1/InvitationSummary';
import type { InvitationTokenRequest as _credentials_accounts_v1_InvitationTokenRequest, InvitationTokenRequest__Output as _credentials_accounts_v1_InvitationTokenRequest__Output } from '../../../credentials/accounts/v1/InvitationTokenRequest';
import type { ListApiKeysRequest as _credentials_accounts_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _credentials_accounts_v1_ListApiKeysRequest__Output } from '../../../credentials/accounts/v1/ListApiKeysRequest';
import type { ListApiKeysResponse as _credentials_accounts_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _credentials_accounts_v1_ListApiKeysResponse__Output } from '../../../credentials/accounts/v1/ListApiKeysResponse';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from '../../../credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from '../../../credentials/audit/v1/ListAuditEntriesResponse';
import type { ListInvitationsResponse as _credentials_accounts_v1_ListInvitationsResponse, ListInvitationsResponse__Output as _credentials_accounts_v1_ListInvitationsResponse__Output } from '../../../credentials/accounts/v1/ListInvitationsResponse';
import type { ListMembersResponse as _credentials_accounts_v1_ListMembersResponse, ListMembersResponse__Output as _credentials_accounts_v1_ListMembersResponse__Output } from '../../../credentials/accounts/v1/ListMembersResponse';
import type { ListOrganizationsRequest as _credentials_accounts_v1_ListOrganizationsRequest, ListOrganizationsRequest__Output as _credentials_accounts_v1_ListOrganizationsRequest__Output } from '../../../credentials/accounts/v1/ListOrganizationsRequest';
import type { ListOrganizationsResponse as _credentials_accounts_v1_ListOrganizationsResponse, ListOrganizationsResponse__Output as _credentials_accounts_v1_ListOrganizationsResponse__Output } from '../../../credentials/accounts/v1/ListOrganizationsResponse';
import type { LoginRequest as _credentials_accounts_v1_LoginRequest, LoginRequest__Output as _credentials_accounts_v1_LoginRequest__Output } from '../../../credentials/accounts/v1/LoginRequest';
import type { LoginResponse as _credentials_accounts_v1_LoginResponse, LoginResponse__Output as _credentials_accounts_v1_LoginResponse__Output } from '../../../credentials/accounts/v1/LoginResponse';
import type { Member as _credentials_accounts_v1_Member, Member__Output as _credentials_accounts_v1_Member__Output } from '../../../credentials/accounts/v1/Member';
import type { MemberRequest as _credentials_accounts_v1_MemberRequest, MemberRequest__Output as _credentials_accounts_v1_MemberRequest__Output } from '../../../credentials/accounts/v1/MemberRequest';
import type { Membership as _credentials_accounts_v1_Membership, Membership__Output as _credentials_accounts_v1_Membership__Output } from '../../../credentials/accounts/v1/Membership';
import type { Organization as _credentials_accounts_v1_Organization, Organization__Output as _credentials_accounts_v1_Organization__Output } from '../../../credentials/accounts/v1/Organization';
import type { OrganizationActorRequest as _credentials_accounts_v1_OrganizationActorRequest, OrganizationActorRequest__Output as _credentials_accounts_v1_OrganizationActorRequest__Output } from '../../../credentials/accounts/v1/OrganizationActorRequest';
import type { OrganizationIdRequest as _credentials_accounts_v1_OrganizationIdRequest, OrganizationIdRequest__Output as _credentials_accounts_v1_OrganizationIdRequest__Output } from '../../../credentials/accounts/v1/OrganizationIdRequest';
import type { RequestPasswordResetRequest as _credentials_accounts_v1_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _credentials_accounts_v1_RequestPasswordResetRequest__Output } from '../../../credentials/accounts/v1/RequestPasswordResetRequest';
import type { ResendVerificationRequest as _credentials_accounts_v1_ResendVerificationRequest, ResendVerificationRequest__Output as _credentials_accounts_v1_ResendVerificationRequest__Output } from '../../../credentials/accounts/v1/ResendVerificationRequest';
import type { ResolveApiKeyRequest as _credentials_accounts_v1_ResolveApiKeyRequest, ResolveApiKeyRequest__Output as _credentials_accounts_v1_ResolveApiKeyRequest__Output } from '../../../credentials/accounts/v1/ResolveApiKeyRequest';
import type { ResolvedApiKey as _credentials_accounts_v1_ResolvedApiKey, ResolvedApiKey__Output as _credentials_accounts_v1_ResolvedApiKey__Output } from '../../../credentials/accounts/v1/ResolvedApiKey';
import type { SetPlanRequest as _credentials_accounts_v1_SetPlanRequest, SetPlanRequest__Output as _credentials_accounts_v1_SetPlanRequest__Output } from '../../../credentials/accounts/v1/SetPlanRequest';
import type { SetSubscriptionRequest as _credentials_accounts_v1_SetSubscriptionRequest, SetSubscriptionRequest__Output as _credentials_accounts_v1_SetSubscriptionRequest__Output } from '../../../credentials/accounts/v1/SetSubscriptionRequest';
import type { SignUpRequest as _credentials_accounts_v1_SignUpRequest, SignUpRequest__Output as _credentials_accounts_v1_SignUpRequest__Output } from '../../../credentials/accounts/v1/SignUpRequest';
import type { SignUpResponse as _credentials_accounts_v1_SignUpResponse, SignUpResponse__Output as _credentials_accounts_v1_SignUpResponse__Output } from '../../../credentials/accounts/v1/SignUpResponse';
import type { UpdateApiKeyRequest as _credentials_accounts_v1_UpdateApiKeyRequest, UpdateApiKeyRequest__Output as _credentials_accounts_v1_UpdateApiKeyRequest__Output } from '../../../credentials/accounts/v1/UpdateApiKeyRequest';
import type { UpdateOrganizationRequest as _credentials_accounts_v1_UpdateOrganizationRequest, UpdateOrganizationRequest__Output as _credentials_accounts_v1_UpdateOrganizationRequest__Output } from '../../../credentials/accounts/v1/UpdateOrganizationRequest';
import type { User as _credentials_accounts_v1_User, User__Output as _credentials_accounts_v1_User__Output } from '../../../credentials/accounts/v1/User';
import type { VerifyEmailRequest as _credentials_accounts_v1_VerifyEmailRequest, VerifyEmailRequest__Output as _credentials_accounts_v1_VerifyEmailRequest__Output } from '../../../credentials/accounts/v1/VerifyEmailRequest';

export interface AccountsServiceClient extends grpc.Client {
  AcceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _credentials_accounts_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_AcceptInvitationResponse__Output>): grpc.ClientUnaryCall;
  
  ApproveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  ApproveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  ApproveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  ApproveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  approveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  approveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  approveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  approveOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  ChangeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  ChangeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  ChangeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  ChangeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  changeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  changeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  changeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  changeMemberRole(argument: _credentials_accounts_v1_ChangeMemberRoleRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Member__Output>): grpc.ClientUnaryCall;
  
  ConfirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ConfirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ConfirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ConfirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPassword(argument: _credentials_accounts_v1_ConfirmPasswordRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ConfirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _credentials_accounts_v1_ConfirmPasswordResetRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  CreateApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _credentials_accounts_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_credentials_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  CreateInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  CreateInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  CreateInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  CreateInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _credentials_accounts_v1_CreateInvitationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  
  EndSession(argument: _credentials_accounts_v1_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _credentials_accounts_v1_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _credentials_accounts_v1_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _credentials_accounts_v1_EndSessionRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _credentials_accounts_v1_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _credentials_accounts_v1_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _credentials_accounts_v1_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _credentials_accounts_v1_EndSessionRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  GetInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  GetInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  GetInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  GetInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  getInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  getInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  getInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  getInvitationByToken(argument: _credentials_accounts_v1_InvitationTokenRequest, callback: grpc.requestCallback<_credentials_accounts_v1_InvitationSummary__Output>): grpc.ClientUnaryCall;
  
  GetMembership(argument: _credentials_accounts_v1_GetMembershipRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  GetMembership(argument: _credentials_accounts_v1_GetMembershipRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  GetMembership(argument: _credentials_accounts_v1_GetMembershipRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  GetMembership(argument: _credentials_accounts_v1_GetMembershipRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _credentials_accounts_v1_GetMembershipRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _credentials_accounts_v1_GetMembershipRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _credentials_accounts_v1_GetMembershipRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _credentials_accounts_v1_GetMembershipRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Membership__Output>): grpc.ClientUnaryCall;
  
  GetOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  GetOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  GetOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  GetOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  getOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  getOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  getOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  getOrganization(argument: _credentials_accounts_v1_GetOrganizationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  GetSession(argument: _credentials_accounts_v1_GetSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _credentials_accounts_v1_GetSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _credentials_accounts_v1_GetSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _credentials_accounts_v1_GetSessionRequest, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getSession(argument: _credentials_accounts_v1_GetSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getSession(argument: _credentials_accounts_v1_GetSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getSession(argument: _credentials_accounts_v1_GetSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getSession(argument: _credentials_accounts_v1_GetSessionRequest, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _credentials_accounts_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _credentials_accounts_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _credentials_accounts_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _credentials_accounts_v1_GetUserRequest, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _credentials_accounts_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _credentials_accounts_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _credentials_accounts_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _credentials_accounts_v1_GetUserRequest, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  
  GetUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  GetUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  GetUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  GetUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  getUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  getUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  getUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  getUserNames(argument: _credentials_accounts_v1_GetUserNamesRequest, callback: grpc.requestCallback<_credentials_accounts_v1_GetUserNamesResponse__Output>): grpc.ClientUnaryCall;
  
  ListApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _credentials_accounts_v1_ListApiKeysRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  ListInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  ListInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  ListInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  listInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  listInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  listInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  listInvitations(argument: _credentials_accounts_v1_OrganizationActorRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListInvitationsResponse__Output>): grpc.ClientUnaryCall;
  
  ListMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _credentials_accounts_v1_OrganizationActorRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  
  ListOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  ListOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  ListOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  ListOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listOrganizations(argument: _credentials_accounts_v1_ListOrganizationsRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _credentials_accounts_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _credentials_accounts_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _credentials_accounts_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _credentials_accounts_v1_LoginRequest, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _credentials_accounts_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _credentials_accounts_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _credentials_accounts_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _credentials_accounts_v1_LoginRequest, callback: grpc.requestCallback<_credentials_accounts_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  
  MarkSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  MarkSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  MarkSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  MarkSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  markSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  markSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  markSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  markSigningKeysGenerated(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  ReinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  ReinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  ReinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  ReinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  reinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  reinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  reinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  reinstateOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  RemoveMember(argument: _credentials_accounts_v1_MemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _credentials_accounts_v1_MemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _credentials_accounts_v1_MemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _credentials_accounts_v1_MemberRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _credentials_accounts_v1_MemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _credentials_accounts_v1_MemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _credentials_accounts_v1_MemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _credentials_accounts_v1_MemberRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  RequestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _credentials_accounts_v1_RequestPasswordResetRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ResendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ResendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ResendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  ResendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  resendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  resendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  resendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  resendVerification(argument: _credentials_accounts_v1_ResendVerificationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ResolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  ResolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  ResolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  ResolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  resolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  resolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  resolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  resolveApiKey(argument: _credentials_accounts_v1_ResolveApiKeyRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ResolvedApiKey__Output>): grpc.ClientUnaryCall;
  
  RevokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  RevokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  RevokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  RevokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  RevokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _credentials_accounts_v1_InvitationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Invitation__Output>): grpc.ClientUnaryCall;
  
  SetPlan(argument: _credentials_accounts_v1_SetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SetPlan(argument: _credentials_accounts_v1_SetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SetPlan(argument: _credentials_accounts_v1_SetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SetPlan(argument: _credentials_accounts_v1_SetPlanRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _credentials_accounts_v1_SetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _credentials_accounts_v1_SetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _credentials_accounts_v1_SetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _credentials_accounts_v1_SetPlanRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  SetSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SetSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SetSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SetSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _credentials_accounts_v1_SetSubscriptionRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  SignUp(argument: _credentials_accounts_v1_SignUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  SignUp(argument: _credentials_accounts_v1_SignUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  SignUp(argument: _credentials_accounts_v1_SignUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  SignUp(argument: _credentials_accounts_v1_SignUpRequest, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  signUp(argument: _credentials_accounts_v1_SignUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  signUp(argument: _credentials_accounts_v1_SignUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  signUp(argument: _credentials_accounts_v1_SignUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  signUp(argument: _credentials_accounts_v1_SignUpRequest, callback: grpc.requestCallback<_credentials_accounts_v1_SignUpResponse__Output>): grpc.ClientUnaryCall;
  
  SuspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SuspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SuspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  SuspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  suspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  suspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  suspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  suspendOrganization(argument: _credentials_accounts_v1_OrganizationIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  TouchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  TouchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  TouchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  TouchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  touchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  touchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  touchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  touchApiKey(argument: _credentials_accounts_v1_ApiKeyIdRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  UpdateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  UpdateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  UpdateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  UpdateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _credentials_accounts_v1_UpdateApiKeyRequest, callback: grpc.requestCallback<_credentials_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  UpdateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  UpdateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  UpdateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  UpdateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  updateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  updateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  updateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  updateOrganization(argument: _credentials_accounts_v1_UpdateOrganizationRequest, callback: grpc.requestCallback<_credentials_accounts_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  VerifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  VerifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  VerifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  VerifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  verifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  verifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  verifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  verifyEmail(argument: _credentials_accounts_v1_VerifyEmailRequest, callback: grpc.requestCallback<_credentials_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  
}

export interface AccountsServiceHandlers extends grpc.UntypedServiceImplementation {
  AcceptInvitation: grpc.handleUnaryCall<_credentials_accounts_v1_AcceptInvitationRequest__Output, _credentials_accounts_v1_AcceptInvitationResponse>;
  
  ApproveOrganization: grpc.handleUnaryCall<_credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization>;
  
  ChangeMemberRole: grpc.handleUnaryCall<_credentials_accounts_v1_ChangeMemberRoleRequest__Output, _credentials_accounts_v1_Member>;
  
  ConfirmPassword: grpc.handleUnaryCall<_credentials_accounts_v1_ConfirmPasswordRequest__Output, _credentials_accounts_v1_Empty>;
  
  ConfirmPasswordReset: grpc.handleUnaryCall<_credentials_accounts_v1_ConfirmPasswordResetRequest__Output, _credentials_accounts_v1_Empty>;
  
  CreateApiKey: grpc.handleUnaryCall<_credentials_accounts_v1_CreateApiKeyRequest__Output, _credentials_accounts_v1_CreateApiKeyResponse>;
  
  CreateInvitation: grpc.handleUnaryCall<_credentials_accounts_v1_CreateInvitationRequest__Output, _credentials_accounts_v1_Invitation>;
  
  EndSession: grpc.handleUnaryCall<_credentials_accounts_v1_EndSessionRequest__Output, _credentials_accounts_v1_Empty>;
  
  GetInvitationByToken: grpc.handleUnaryCall<_credentials_accounts_v1_InvitationTokenRequest__Output, _credentials_accounts_v1_InvitationSummary>;
  
  GetMembership: grpc.handleUnaryCall<_credentials_accounts_v1_GetMembershipRequest__Output, _credentials_accounts_v1_Membership>;
  
  GetOrganization: grpc.handleUnaryCall<_credentials_accounts_v1_GetOrganizationRequest__Output, _credentials_accounts_v1_Organization>;
  
  GetSession: grpc.handleUnaryCall<_credentials_accounts_v1_GetSessionRequest__Output, _credentials_accounts_v1_User>;
  
  GetUser: grpc.handleUnaryCall<_credentials_accounts_v1_GetUserRequest__Output, _credentials_accounts_v1_User>;
  
  GetUserNames: grpc.handleUnaryCall<_credentials_accounts_v1_GetUserNamesRequest__Output, _credentials_accounts_v1_GetUserNamesResponse>;
  
  ListApiKeys: grpc.handleUnaryCall<_credentials_accounts_v1_ListApiKeysRequest__Output, _credentials_accounts_v1_ListApiKeysResponse>;
  
  ListAuditEntries: grpc.handleUnaryCall<_credentials_audit_v1_ListAuditEntriesRequest__Output, _credentials_audit_v1_ListAuditEntriesResponse>;
  
  ListInvitations: grpc.handleUnaryCall<_credentials_accounts_v1_OrganizationActorRequest__Output, _credentials_accounts_v1_ListInvitationsResponse>;
  
  ListMembers: grpc.handleUnaryCall<_credentials_accounts_v1_OrganizationActorRequest__Output, _credentials_accounts_v1_ListMembersResponse>;
  
  ListOrganizations: grpc.handleUnaryCall<_credentials_accounts_v1_ListOrganizationsRequest__Output, _credentials_accounts_v1_ListOrganizationsResponse>;
  
  Login: grpc.handleUnaryCall<_credentials_accounts_v1_LoginRequest__Output, _credentials_accounts_v1_LoginResponse>;
  
  MarkSigningKeysGenerated: grpc.handleUnaryCall<_credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization>;
  
  ReinstateOrganization: grpc.handleUnaryCall<_credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization>;
  
  RemoveMember: grpc.handleUnaryCall<_credentials_accounts_v1_MemberRequest__Output, _credentials_accounts_v1_Empty>;
  
  RequestPasswordReset: grpc.handleUnaryCall<_credentials_accounts_v1_RequestPasswordResetRequest__Output, _credentials_accounts_v1_Empty>;
  
  ResendVerification: grpc.handleUnaryCall<_credentials_accounts_v1_ResendVerificationRequest__Output, _credentials_accounts_v1_Empty>;
  
  ResolveApiKey: grpc.handleUnaryCall<_credentials_accounts_v1_ResolveApiKeyRequest__Output, _credentials_accounts_v1_ResolvedApiKey>;
  
  RevokeApiKey: grpc.handleUnaryCall<_credentials_accounts_v1_ApiKeyIdRequest__Output, _credentials_accounts_v1_ApiKey>;
  
  RevokeInvitation: grpc.handleUnaryCall<_credentials_accounts_v1_InvitationIdRequest__Output, _credentials_accounts_v1_Invitation>;
  
  SetPlan: grpc.handleUnaryCall<_credentials_accounts_v1_SetPlanRequest__Output, _credentials_accounts_v1_Organization>;
  
  SetSubscription: grpc.handleUnaryCall<_credentials_accounts_v1_SetSubscriptionRequest__Output, _credentials_accounts_v1_Organization>;
  
  SignUp: grpc.handleUnaryCall<_credentials_accounts_v1_SignUpRequest__Output, _credentials_accounts_v1_SignUpResponse>;
  
  SuspendOrganization: grpc.handleUnaryCall<_credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization>;
  
  TouchApiKey: grpc.handleUnaryCall<_credentials_accounts_v1_ApiKeyIdRequest__Output, _credentials_accounts_v1_Empty>;
  
  UpdateApiKey: grpc.handleUnaryCall<_credentials_accounts_v1_UpdateApiKeyRequest__Output, _credentials_accounts_v1_ApiKey>;
  
  UpdateOrganization: grpc.handleUnaryCall<_credentials_accounts_v1_UpdateOrganizationRequest__Output, _credentials_accounts_v1_Organization>;
  
  VerifyEmail: grpc.handleUnaryCall<_credentials_accounts_v1_VerifyEmailRequest__Output, _credentials_accounts_v1_User>;
  
}

export interface AccountsServiceDefinition extends grpc.ServiceDefinition {
  AcceptInvitation: MethodDefinition<_credentials_accounts_v1_AcceptInvitationRequest, _credentials_accounts_v1_AcceptInvitationResponse, _credentials_accounts_v1_AcceptInvitationRequest__Output, _credentials_accounts_v1_AcceptInvitationResponse__Output>
  ApproveOrganization: MethodDefinition<_credentials_accounts_v1_OrganizationIdRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization__Output>
  ChangeMemberRole: MethodDefinition<_credentials_accounts_v1_ChangeMemberRoleRequest, _credentials_accounts_v1_Member, _credentials_accounts_v1_ChangeMemberRoleRequest__Output, _credentials_accounts_v1_Member__Output>
  ConfirmPassword: MethodDefinition<_credentials_accounts_v1_ConfirmPasswordRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_ConfirmPasswordRequest__Output, _credentials_accounts_v1_Empty__Output>
  ConfirmPasswordReset: MethodDefinition<_credentials_accounts_v1_ConfirmPasswordResetRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_ConfirmPasswordResetRequest__Output, _credentials_accounts_v1_Empty__Output>
  CreateApiKey: MethodDefinition<_credentials_accounts_v1_CreateApiKeyRequest, _credentials_accounts_v1_CreateApiKeyResponse, _credentials_accounts_v1_CreateApiKeyRequest__Output, _credentials_accounts_v1_CreateApiKeyResponse__Output>
  CreateInvitation: MethodDefinition<_credentials_accounts_v1_CreateInvitationRequest, _credentials_accounts_v1_Invitation, _credentials_accounts_v1_CreateInvitationRequest__Output, _credentials_accounts_v1_Invitation__Output>
  EndSession: MethodDefinition<_credentials_accounts_v1_EndSessionRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_EndSessionRequest__Output, _credentials_accounts_v1_Empty__Output>
  GetInvitationByToken: MethodDefinition<_credentials_accounts_v1_InvitationTokenRequest, _credentials_accounts_v1_InvitationSummary, _credentials_accounts_v1_InvitationTokenRequest__Output, _credentials_accounts_v1_InvitationSummary__Output>
  GetMembership: MethodDefinition<_credentials_accounts_v1_GetMembershipRequest, _credentials_accounts_v1_Membership, _credentials_accounts_v1_GetMembershipRequest__Output, _credentials_accounts_v1_Membership__Output>
  GetOrganization: MethodDefinition<_credentials_accounts_v1_GetOrganizationRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_GetOrganizationRequest__Output, _credentials_accounts_v1_Organization__Output>
  GetSession: MethodDefinition<_credentials_accounts_v1_GetSessionRequest, _credentials_accounts_v1_User, _credentials_accounts_v1_GetSessionRequest__Output, _credentials_accounts_v1_User__Output>
  GetUser: MethodDefinition<_credentials_accounts_v1_GetUserRequest, _credentials_accounts_v1_User, _credentials_accounts_v1_GetUserRequest__Output, _credentials_accounts_v1_User__Output>
  GetUserNames: MethodDefinition<_credentials_accounts_v1_GetUserNamesRequest, _credentials_accounts_v1_GetUserNamesResponse, _credentials_accounts_v1_GetUserNamesRequest__Output, _credentials_accounts_v1_GetUserNamesResponse__Output>
  ListApiKeys: MethodDefinition<_credentials_accounts_v1_ListApiKeysRequest, _credentials_accounts_v1_ListApiKeysResponse, _credentials_accounts_v1_ListApiKeysRequest__Output, _credentials_accounts_v1_ListApiKeysResponse__Output>
  ListAuditEntries: MethodDefinition<_credentials_audit_v1_ListAuditEntriesRequest, _credentials_audit_v1_ListAuditEntriesResponse, _credentials_audit_v1_ListAuditEntriesRequest__Output, _credentials_audit_v1_ListAuditEntriesResponse__Output>
  ListInvitations: MethodDefinition<_credentials_accounts_v1_OrganizationActorRequest, _credentials_accounts_v1_ListInvitationsResponse, _credentials_accounts_v1_OrganizationActorRequest__Output, _credentials_accounts_v1_ListInvitationsResponse__Output>
  ListMembers: MethodDefinition<_credentials_accounts_v1_OrganizationActorRequest, _credentials_accounts_v1_ListMembersResponse, _credentials_accounts_v1_OrganizationActorRequest__Output, _credentials_accounts_v1_ListMembersResponse__Output>
  ListOrganizations: MethodDefinition<_credentials_accounts_v1_ListOrganizationsRequest, _credentials_accounts_v1_ListOrganizationsResponse, _credentials_accounts_v1_ListOrganizationsRequest__Output, _credentials_accounts_v1_ListOrganizationsResponse__Output>
  Login: MethodDefinition<_credentials_accounts_v1_LoginRequest, _credentials_accounts_v1_LoginResponse, _credentials_accounts_v1_LoginRequest__Output, _credentials_accounts_v1_LoginResponse__Output>
  MarkSigningKeysGenerated: MethodDefinition<_credentials_accounts_v1_OrganizationIdRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization__Output>
  ReinstateOrganization: MethodDefinition<_credentials_accounts_v1_OrganizationIdRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization__Output>
  RemoveMember: MethodDefinition<_credentials_accounts_v1_MemberRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_MemberRequest__Output, _credentials_accounts_v1_Empty__Output>
  RequestPasswordReset: MethodDefinition<_credentials_accounts_v1_RequestPasswordResetRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_RequestPasswordResetRequest__Output, _credentials_accounts_v1_Empty__Output>
  ResendVerification: MethodDefinition<_credentials_accounts_v1_ResendVerificationRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_ResendVerificationRequest__Output, _credentials_accounts_v1_Empty__Output>
  ResolveApiKey: MethodDefinition<_credentials_accounts_v1_ResolveApiKeyRequest, _credentials_accounts_v1_ResolvedApiKey, _credentials_accounts_v1_ResolveApiKeyRequest__Output, _credentials_accounts_v1_ResolvedApiKey__Output>
  RevokeApiKey: MethodDefinition<_credentials_accounts_v1_ApiKeyIdRequest, _credentials_accounts_v1_ApiKey, _credentials_accounts_v1_ApiKeyIdRequest__Output, _credentials_accounts_v1_ApiKey__Output>
  RevokeInvitation: MethodDefinition<_credentials_accounts_v1_InvitationIdRequest, _credentials_accounts_v1_Invitation, _credentials_accounts_v1_InvitationIdRequest__Output, _credentials_accounts_v1_Invitation__Output>
  SetPlan: MethodDefinition<_credentials_accounts_v1_SetPlanRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_SetPlanRequest__Output, _credentials_accounts_v1_Organization__Output>
  SetSubscription: MethodDefinition<_credentials_accounts_v1_SetSubscriptionRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_SetSubscriptionRequest__Output, _credentials_accounts_v1_Organization__Output>
  SignUp: MethodDefinition<_credentials_accounts_v1_SignUpRequest, _credentials_accounts_v1_SignUpResponse, _credentials_accounts_v1_SignUpRequest__Output, _credentials_accounts_v1_SignUpResponse__Output>
  SuspendOrganization: MethodDefinition<_credentials_accounts_v1_OrganizationIdRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_OrganizationIdRequest__Output, _credentials_accounts_v1_Organization__Output>
  TouchApiKey: MethodDefinition<_credentials_accounts_v1_ApiKeyIdRequest, _credentials_accounts_v1_Empty, _credentials_accounts_v1_ApiKeyIdRequest__Output, _credentials_accounts_v1_Empty__Output>
  UpdateApiKey: MethodDefinition<_credentials_accounts_v1_UpdateApiKeyRequest, _credentials_accounts_v1_ApiKey, _credentials_accounts_v1_UpdateApiKeyRequest__Output, _credentials_accounts_v1_ApiKey__Output>
  UpdateOrganization: MethodDefinition<_credentials_accounts_v1_UpdateOrganizationRequest, _credentials_accounts_v1_Organization, _credentials_accounts_v1_UpdateOrganizationRequest__Output, _credentials_accounts_v1_Organization__Output>
  VerifyEmail: MethodDefinition<_credentials_accounts_v1_VerifyEmailRequest, _credentials_accounts_v1_User, _credentials_accounts_v1_VerifyEmailRequest__Output, _credentials_accounts_v1_User__Output>
}
