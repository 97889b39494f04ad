import { loadProtos } from '@cred/proto';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import { AppError } from '@cred/runtime';
import { auditCallMeta, listAuditEntriesHandler } from '@cred/db/audit';
import type { ServerUnaryCall } from '@grpc/grpc-js';
import { generateSigningKeys } from '../app/generate-signing-keys.js';
import { listSigningKeys, reportSigningKeyCompromised, rotateSigningKey, type SigningKeyView } from '../app/signing-key-changes.js';
import { createBadge, deleteBadge, getBadge, getBadgeImage, listBadges, setBadgeImage, updateBadge } from '../app/badges.js';
import type { CallMeta, IssuanceContext } from '../app/context.js';
import { auditActor } from '../app/audit.js';
import { getCredential, getCredentialDetail, getCredentialRecord } from '../app/get-credential.js';
import { issueCredential } from '../app/issue-credential.js';
import { MAX_CLAIM_TOKENS_PER_CALL, parseClaimTokenRegistration, registerClaimTokens } from '../app/claim-tokens.js';
import {
  claimCredential,
  getQuota,
  listCredentials,
  listRecipientCredentials,
  revokeCredential,
  setCredentialVisibility,
  type RecipientSession,
} from '../app/lifecycle.js';
import { badgeBodyFromProto, badgeToProto, chainLinkToProto, credentialToProto, issueContentFromProto } from './mappers.js';
import { bulkHandlers } from './bulk-handlers.js';
import { requireActorPermission } from '../app/actor-permission.js';

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

function signingKeyToProto(k: SigningKeyView) {
  return {
    key_id: k.keyId,
    sequence: k.sequence,
    public_key_multibase: k.publicKeyMultibase,
    created_at: k.createdAt,
    current: k.current,
    ...(k.compromisedAt ? { compromised_at: k.compromisedAt } : {}),
  };
}

function requireOrgAndSlug(req: { organization_id: string; organization_slug: string }): void {
  if (!req.organization_id) throw AppError.validation('organization_id', 'organization_id is required');
  if (!SLUG_RE.test(req.organization_slug)) throw AppError.validation('organization_slug', 'organization_slug must be a URL-safe slug');
}

/** The Idempotency-Key a request carries (proto: IdempotencyKey), undefined without one. */
function givenKey(m: { key: string; fingerprint: string } | null | undefined): { key: string; fingerprint: string } | undefined {
  return m?.key ? { key: m.key, fingerprint: m.fingerprint } : undefined;
}

function metaOf(call: Pick<ServerUnaryCall<unknown, unknown>, 'metadata'>): CallMeta {
  return auditCallMeta(call);
}

interface SessionMessage {
  user_id: string;
  email: string;
  email_verified: boolean;
}

function sessionOf(s: SessionMessage | null | undefined): RecipientSession | undefined {
  return s && s.user_id ? { userId: s.user_id, email: s.email, emailVerified: s.email_verified } : undefined;
}

/** credentials.issuance.v1.IssuanceService: thin handlers mapping proto <-> use cases. */
export function issuanceBinding(ctx: IssuanceContext): GrpcServiceBinding {
  const badge = (b: Parameters<typeof badgeToProto>[0]) => badgeToProto(b, ctx.baseUrl);
  return grpcService('credentials.issuance.v1.IssuanceService', loadProtos().issuance.IssuanceService.service, {
    ListAuditEntries: listAuditEntriesHandler(ctx.db, ctx.schema, (field, message) => AppError.validation(field, message)),

    GenerateSigningKeys: async (req, call) => {
      if (!req.organization_id) throw AppError.validation('organization_id', 'organization_id is required');
      if (!SLUG_RE.test(req.organization_slug))
        throw AppError.validation('organization_slug', 'organization_slug must be a URL-safe slug');
      const { requestId, actor } = metaOf(call);
      await requireActorPermission(ctx, req.organization_id, req.requested_by, 'signing_keys.manage', metaOf(call));
      const r = await generateSigningKeys(
        { db: ctx.db, schema: ctx.schema, clock: ctx.clock, signing: ctx.signing, wakeRelay: ctx.wakeRelay },
        {
          organizationId: req.organization_id,
          organizationSlug: req.organization_slug,
          requestedBy: req.requested_by || actor || 'unknown',
          ...(requestId ? { requestId } : {}),
        },
      );
      return { key_id: r.keyId, public_key_multibase: r.publicKeyMultibase, created: r.created };
    },

    RotateSigningKey: async (req, call) => {
      requireOrgAndSlug(req);
      const meta = metaOf(call);
      await requireActorPermission(ctx, req.organization_id, req.requested_by, 'signing_keys.manage', meta);
      const r = await rotateSigningKey(
        ctx,
        req.organization_id,
        req.organization_slug,
        { ...meta, actor: auditActor(req.requested_by, meta.actor) },
        givenKey(req.idempotency),
      );
      if (r.idempotentReplay) ctx.logger.info({ organizationId: req.organization_id }, 'rotation replayed for a repeated idempotency key');
      return {
        key: signingKeyToProto(r.key),
        current_key: signingKeyToProto(r.currentKey),
        rotated: r.rotated,
        idempotent_replay: r.idempotentReplay === true,
      };
    },

    ReportSigningKeyCompromised: async (req, call) => {
      requireOrgAndSlug(req);
      const meta = metaOf(call);
      await requireActorPermission(ctx, req.organization_id, req.requested_by, 'signing_keys.manage', meta);
      const r = await reportSigningKeyCompromised(
        ctx,
        { organizationId: req.organization_id, organizationSlug: req.organization_slug, sequence: req.sequence, compromisedAt: req.compromised_at },
        { ...meta, actor: auditActor(req.requested_by, meta.actor) },
      );
      return { key: signingKeyToProto(r.key), current_key: signingKeyToProto(r.currentKey), rotated: r.rotated, idempotent_replay: false };
    },

    ListSigningKeys: async (req, call) => {
      if (!req.organization_id) throw AppError.validation('organization_id', 'organization_id is required');
      return { keys: (await listSigningKeys(ctx, req.organization_id, metaOf(call))).map(signingKeyToProto) };
    },

    CreateBadge: async (req, call) => {
      const b = await createBadge(ctx, req.organization_id, badgeBodyFromProto(req.badge), metaOf(call), givenKey(req.idempotency));
      return { ...badge(b), idempotent_replay: b.idempotentReplay === true };
    },

    GetBadge: async (req) => badge(await getBadge(ctx, req.organization_id, req.badge_id)),

    ListBadges: async (req) => {
      const r = await listBadges(ctx, req.organization_id, {
        limit: req.limit,
        offset: req.offset,
        ...(req.active === undefined ? {} : { active: req.active }),
      });
      return { badges: r.items.map(badge), limit: r.limit, offset: r.offset, total: r.total };
    },

    UpdateBadge: async (req, call) =>
      badge(await updateBadge(ctx, req.organization_id, req.badge_id, badgeBodyFromProto(req.badge), metaOf(call))),

    DeleteBadge: async (req, call) => {
      const r = await deleteBadge(ctx, req.organization_id, req.badge_id, metaOf(call));
      return r.deleted ? { deleted: true, badge: null } : { deleted: false, badge: badge(r.badge) };
    },

    SetBadgeImage: async (req, call) => {
      const b = await setBadgeImage(
        ctx,
        req.organization_id,
        req.badge_id,
        Buffer.from(req.data ?? []),
        req.declared_content_type,
        metaOf(call),
        givenKey(req.idempotency),
      );
      return { ...badge(b), idempotent_replay: b.idempotentReplay === true };
    },

    GetBadgeImage: async (req) => {
      const image = await getBadgeImage(ctx, {
        badgeId: req.badge_id,
        contentHash: req.content_hash,
        extension: req.extension,
        ...(req.organization_id ? { organizationId: req.organization_id } : {}),
      });
      return { data: image.data, content_type: image.contentType, content_hash: image.contentHash };
    },

    IssueCredential: async (req, call) => {
      ctx.clientIssues?.started();
      await requireActorPermission(ctx, req.organization_id, req.issued_by, 'credentials.issue', metaOf(call));
      const c = await issueCredential(
        ctx,
        req.organization_id,
        {
          badgeId: req.badge_id,
          recipientName: req.recipient_name,
          recipientEmail: req.recipient_email,
          ...(req.issued_by ? { issuedBy: req.issued_by } : {}),
          ...(req.idempotency?.key ? { idempotency: { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } } : {}),
          ...(req.content ? { content: issueContentFromProto(req.content) } : {}),
        },
        metaOf(call),
      );
      if (c.idempotentReplay) {
        ctx.logger.info({ credentialUuid: c.id, issuedBy: req.issued_by }, 'issue replayed for a repeated idempotency key');
        return { ...credentialToProto(c, ctx.baseUrl, ctx.clock.now()), idempotent_replay: true };
      }
      ctx.logger.debug(
        { credentialUuid: c.id, badgeId: c.badgeId, issuedBy: req.issued_by, renewal: c.supersedesCredentialId !== null },
        'credential issued',
      );
      return credentialToProto(c, ctx.baseUrl, ctx.clock.now());
    },

    GetCredential: async (req) =>
      credentialToProto(await getCredential(ctx, req.organization_id, req.credential_uuid), ctx.baseUrl, ctx.clock.now()),

    GetCredentialDetail: async (req) => {
      const r = await getCredentialDetail(ctx, req.organization_id, req.credential_ref);
      const now = ctx.clock.now();
      return {
        credential: credentialToProto(r.credential, ctx.baseUrl, now),
        renewal_chain: r.renewalChain.map((l) => chainLinkToProto(l, now)),
      };
    },

    ListCredentials: async (req) => {
      const r = await listCredentials(ctx, req.organization_id, {
        limit: req.limit,
        offset: req.offset,
        badgeId: req.badge_id,
        status: req.status,
        recipient: req.recipient,
      });
      const now = ctx.clock.now();
      return {
        credentials: r.items.map((c) => ({ ...credentialToProto(c, ctx.baseUrl, now), ob3_credential_json: '' })),
        limit: r.limit,
        offset: r.offset,
        total: r.total,
      };
    },

    ListRecipientCredentials: async (req) => {
      const r = await listRecipientCredentials(ctx, req.email, { limit: req.limit, offset: req.offset });
      const now = ctx.clock.now();
      return {
        credentials: r.items.map((c) => ({
          credential: { ...credentialToProto(c, ctx.baseUrl, now), ob3_credential_json: '' },
          issuer_name: c.issuerName,
          ...(c.badgeImageUrl === null ? {} : { badge_image_url: c.badgeImageUrl }),
        })),
        limit: r.limit,
        offset: r.offset,
        total: r.total,
      };
    },

    RevokeCredential: async (req, call) => {
      await requireActorPermission(ctx, req.organization_id, req.revoked_by, 'credentials.issue', metaOf(call));
      const c = await revokeCredential(ctx, req.organization_id, req.credential_ref, req.reason, req.revoked_by || 'unknown', metaOf(call));
      ctx.logger.info({ credentialUuid: c.id, revokedBy: req.revoked_by }, 'credential revoked');
      return credentialToProto(c, ctx.baseUrl, ctx.clock.now());
    },

    ClaimCredential: async (req) => {
      const c = await claimCredential(ctx, req.credential_ref, { token: req.token, session: sessionOf(req.session) });
      return credentialToProto(c, ctx.baseUrl, ctx.clock.now());
    },

    SetCredentialVisibility: async (req) =>
      credentialToProto(
        await setCredentialVisibility(ctx, req.credential_ref, req.is_public, sessionOf(req.session)),
        ctx.baseUrl,
        ctx.clock.now(),
      ),

    GetQuota: async (req, call) => {
      const q = await getQuota(ctx, req.organization_id, metaOf(call));
      return { plan: q.plan, limit: q.limit, used: q.used, month: q.month, resets_at: q.resetsAt.toISOString() };
    },

    GetCredentialRecord: async (req) => {
      const { credential, organizationSlug } = await getCredentialRecord(ctx, req.credential_ref);
      return {
        credential: credentialToProto(credential, ctx.baseUrl, ctx.clock.now()),
        organization_id: credential.organizationId,
        organization_slug: organizationSlug,
        recorded_at: credential.createdAt.toISOString(),
      };
    },

    GetStatusList: async (req, call) => {
      if (!SLUG_RE.test(req.organization_slug) || !Number.isSafeInteger(req.list_number) || req.list_number < 1)
        throw AppError.notFound('Status list not found');
      return { credential_json: await ctx.statusLists.current(req.organization_slug, req.list_number, metaOf(call)) };
    },

    RegisterClaimTokens: async (req) => {
      const tokens = req.tokens ?? [];
      if (tokens.length > MAX_CLAIM_TOKENS_PER_CALL) throw AppError.validation('tokens', `at most ${MAX_CLAIM_TOKENS_PER_CALL} tokens per call`);
      const parsed = tokens.map((t, i) =>
        parseClaimTokenRegistration(
          {
            credentialUuid: t.credential_uuid,
            organizationId: t.organization_id,
            tokenHash: t.token_hash,
            expiresAt: t.expires_at,
            sourceEventId: t.source_event_id,
          },
          (message) => AppError.validation(`tokens[${i}]`, message),
        ),
      );
      return { registered: await registerClaimTokens(ctx, parsed) };
    },

    ...bulkHandlers(ctx),
  });
}
