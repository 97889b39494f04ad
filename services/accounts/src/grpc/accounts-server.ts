import { loadProtos } from '@cred/proto';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import type { ApiKeyService } from '../app/api-key-service.js';
import type { AuthService } from '../app/auth-service.js';
import type { OrganizationService } from '../app/organization-service.js';
import { acting } from '../app/audit.js';
import { auditCallMeta, listAuditEntriesHandler } from '@cred/db/audit';
import { AppError } from '@cred/runtime';
import type { Knex } from '@cred/db';
import type { MemberService } from '../app/member-service.js';
import { apiKeyToProto, invitationToProto, memberToProto, membershipToProto, organizationToProto, sessionToProto, userToProto } from './mappers.js';

export interface AccountsApp {
  auth: AuthService;
  organizations: OrganizationService;
  apiKeys: ApiKeyService;
  /** Where the audit log is read from (ListAuditEntries). */
  audit: { db: Knex; schema: string };
  members: MemberService;
}

/** The part of a grpc-js server call read here: its metadata. */
type Call = { metadata: { get(key: string): unknown[] } };

/** The actor and request id the caller sent (audit log). */
const by = (call: Call) => acting(auditCallMeta(call));

/** The gateway's client address key (an IPv4 address or an IPv6 /56), or nothing if it is not one. */
function clientAddressOf(value: string | undefined): string | undefined {
  return value && /^[0-9a-fA-F.:/]{1,64}$/.test(value) ? value : undefined;
}

/** proto3 `optional`: present only when the synthetic oneof names the field. */
function present<R, K extends keyof R & string>(req: R, field: K): R[K] | undefined {
  return (req as Record<string, unknown>)[`_${field}`] === field ? req[field] : undefined;
}

/** The gRPC edge: maps messages to use-case calls and domain objects back to messages. No rules here. */
export function accountsBinding(app: AccountsApp): GrpcServiceBinding {
  const { auth, organizations, apiKeys, members } = app;
  return grpcService('credentials.accounts.v1.AccountsService', loadProtos().accounts.AccountsService.service, {
    ListAuditEntries: listAuditEntriesHandler(app.audit.db, app.audit.schema, (field, message) => AppError.validation(field, message)),

    GetOrganization: async (req) => organizationToProto(await organizations.get(req.organization_id)),

    SignUp: async (req, call) => {
      const r = await auth.signUp(
        {
          email: req.email,
          password: req.password,
          name: req.name,
          organization: req.organization ? { name: req.organization.name, slug: req.organization.slug } : undefined,
          clientAddress: clientAddressOf(req.client_address),
        },
        by(call),
      );
      return {
        user: userToProto(r.user, r.memberships),
        organization: r.organization ? organizationToProto(r.organization) : null,
        session: sessionToProto(r.session),
      };
    },
    Login: async (req, call) => {
      const r = await auth.login({ email: req.email, password: req.password, clientAddress: clientAddressOf(req.client_address) }, by(call));
      return { user: userToProto(r.user, r.memberships), session: sessionToProto(r.session) };
    },
    ConfirmPassword: async (req) => {
      await auth.confirmPassword({ userId: req.user_id, password: req.password });
      return {};
    },
    GetUser: async (req) => {
      const r = await auth.getUser(req.user_id);
      return userToProto(r.user, r.memberships);
    },
    GetUserNames: async (req) => ({ users: (await auth.userNames(req.user_ids ?? [])).map((u) => ({ user_id: u.id, name: u.name })) }),
    GetSession: async (req) => {
      const r = await auth.getSession(req.session_id, req.user_id);
      return userToProto(r.user, r.memberships);
    },
    EndSession: async (req) => {
      await auth.endSession(req.session_id, req.user_id);
      return {};
    },
    VerifyEmail: async (req) => {
      const r = await auth.verifyEmail(req.token);
      return userToProto(r.user, r.memberships);
    },
    ResendVerification: async (req) => {
      await auth.resendVerification(req.email);
      return {};
    },
    RequestPasswordReset: async (req) => {
      await auth.requestPasswordReset(req.email);
      return {};
    },
    ConfirmPasswordReset: async (req) => {
      await auth.confirmPasswordReset({ token: req.token, password: req.password });
      return {};
    },
    GetMembership: async (req) => membershipToProto(await organizations.membership(req.user_id, req.organization_id)),

    UpdateOrganization: async (req, call) => {
      return organizationToProto(
        await organizations.update(
          req.organization_id,
          {
            name: present(req, 'name'),
            domain: present(req, 'domain'),
            emailNotificationsEnabled: present(req, 'email_notifications_enabled'),
            recipientNameInCredentials: present(req, 'recipient_name_in_credentials'),
            actorUserId: req.actor_user_id || undefined,
          },
          by(call),
        ),
      );
    },
    ListOrganizations: async (req) => {
      const r = await organizations.list({ status: req.status, limit: req.limit, offset: req.offset });
      return { organizations: r.items.map(organizationToProto), total: r.total };
    },
    ApproveOrganization: async (req, call) => organizationToProto(await organizations.adminAction(req.organization_id, 'approve', by(call))),
    SuspendOrganization: async (req, call) => organizationToProto(await organizations.adminAction(req.organization_id, 'suspend', by(call))),
    ReinstateOrganization: async (req, call) => organizationToProto(await organizations.adminAction(req.organization_id, 'reinstate', by(call))),
    SetPlan: async (req, call) => organizationToProto(await organizations.setPlan(req.organization_id, req.plan, by(call))),
    SetSubscription: async (req, call) =>
      organizationToProto(
        await organizations.setSubscription(req.organization_id, { plan: req.plan, subscriptionStatus: req.subscription_status }, by(call)),
      ),
    MarkSigningKeysGenerated: async (req) => organizationToProto(await organizations.markSigningKeysGenerated(req.organization_id)),

    CreateApiKey: async (req, call) => {
      const r = await apiKeys.create(
        req.organization_id,
        req.actor_user_id,
        {
          name: req.name,
          ...(req.rate_limit_per_minute ? { rateLimitPerMinute: req.rate_limit_per_minute } : {}),
        },
        by(call),
      );
      return { api_key: apiKeyToProto(r.apiKey), secret: r.secret };
    },
    ListApiKeys: async (req) => ({
      api_keys: (await apiKeys.list(req.organization_id, req.actor_user_id, req.include_revoked)).map(apiKeyToProto),
    }),
    UpdateApiKey: async (req, call) => {
      return apiKeyToProto(
        await apiKeys.update(
          req.organization_id,
          req.actor_user_id,
          req.key_id,
          {
            name: present(req, 'name'),
            rateLimitPerMinute: present(req, 'rate_limit_per_minute'),
          },
          by(call),
        ),
      );
    },
    RevokeApiKey: async (req, call) => apiKeyToProto(await apiKeys.revoke(req.organization_id, req.actor_user_id, req.key_id, by(call))),
    ResolveApiKey: async (req) => {
      const r = await apiKeys.resolve(req.key_hash);
      return { api_key: apiKeyToProto(r.apiKey), organization: organizationToProto(r.organization) };
    },
    TouchApiKey: async (req) => {
      await apiKeys.touch(req.key_id);
      return {};
    },

    ListMembers: async (req) => ({ members: (await members.list(req.organization_id, req.actor_user_id)).map(memberToProto) }),
    ChangeMemberRole: async (req, call) =>
      memberToProto(await members.changeRole(req.organization_id, req.actor_user_id, req.user_id, req.role, by(call).requestId)),
    RemoveMember: async (req, call) => {
      await members.remove(req.organization_id, req.actor_user_id, req.user_id, by(call).requestId);
      return {};
    },
    CreateInvitation: async (req, call) =>
      invitationToProto(
        await members.invite(req.organization_id, req.actor_user_id, { email: req.email, role: req.role }, by(call).requestId, req.idempotency ?? undefined),
      ),
    ListInvitations: async (req) => ({
      invitations: (await members.listInvitations(req.organization_id, req.actor_user_id)).map(invitationToProto),
    }),
    RevokeInvitation: async (req, call) =>
      invitationToProto(await members.revokeInvitation(req.organization_id, req.actor_user_id, req.invitation_id, by(call).requestId)),
    GetInvitationByToken: async (req) => {
      const r = await members.summary(req.token);
      return {
        organization_id: r.organization.id,
        organization_name: r.organization.name,
        email: r.invitation.email,
        role: r.invitation.role,
        expires_at: r.invitation.expiresAt.toISOString(),
      };
    },
    AcceptInvitation: async (req, call) => {
      const r = await members.accept(req.token, req.user_id, by(call).requestId);
      return { member: memberToProto(r.member), organization: organizationToProto(r.organization) };
    },
  });
}
