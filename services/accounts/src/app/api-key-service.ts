import { AppError, newUuid } from '@cred/runtime';
import { apiKeyStore } from '../db/api-key-store.js';
import { organizationStore } from '../db/organization-store.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, MAX_ACTIVE_API_KEYS, type ApiKey, type Organization } from '../domain/model.js';
import { newApiKeySecret } from '../domain/tokens.js';
import * as v from '../domain/validation.js';
import { emit, EVENTS, type AccountsContext } from './context.js';
import { apiKeyEventView } from './views.js';
import { audit, SYSTEM, type Acting } from './audit.js';
import { requirePermission } from './permissions.js';

const HEX64 = /^[0-9a-f]{64}$/;

/** API keys: created with the secret shown once, stored as a SHA-256, resolved by that hash. */
export class ApiKeyService {
  constructor(private readonly ctx: AccountsContext) {}

  /** Creating, listing, editing and revoking keys need the acting member's `api_keys.manage`. */
  async create(
    organizationId: string,
    actorUserId: unknown,
    input: { name: unknown; rateLimitPerMinute?: unknown },
    by: Acting = SYSTEM,
  ): Promise<{ apiKey: ApiKey; secret: string }> {
    await requirePermission(this.ctx.db, organizationId, actorUserId, 'api_keys.manage');
    const name = v.displayName(input.name, 'name', 100);
    const rateLimitPerMinute = input.rateLimitPerMinute === undefined ? DEFAULT_RATE_LIMIT_PER_MINUTE : v.rateLimitPerMinute(input.rateLimitPerMinute);
    await this.requireOrganization(organizationId);
    const { secret, prefix, hash } = newApiKeySecret();
    const apiKey: ApiKey = {
      id: newUuid(),
      organizationId,
      name,
      prefix,
      keyHash: hash,
      rateLimitPerMinute,
      createdAt: this.ctx.clock.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.ctx.db.transaction(async (trx) => {
      // Serialise creations per organization so the cap holds under concurrency.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`api-keys:${organizationId}`]);
      if ((await apiKeyStore.countActive(trx, organizationId)) >= MAX_ACTIVE_API_KEYS) {
        throw AppError.conflict(`An organization can hold at most ${MAX_ACTIVE_API_KEYS} active API keys`, { limit: MAX_ACTIVE_API_KEYS });
      }
      await apiKeyStore.insert(trx, apiKey, v.isUuid(actorUserId) ? actorUserId.toLowerCase() : null);
      await emit(this.ctx, trx, EVENTS.apiKeyCreated, apiKeyEventView(apiKey));
      // The prefix identifies the key in lists; the secret and its hash never reach the log.
      await audit(this.ctx, trx, by, {
        organizationId,
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: apiKey.id,
        details: { name: apiKey.name, prefix: apiKey.prefix, rateLimitPerMinute: apiKey.rateLimitPerMinute },
      });
    });
    return { apiKey, secret };
  }

  async list(organizationId: string, actorUserId: unknown, includeRevoked: boolean): Promise<ApiKey[]> {
    await requirePermission(this.ctx.db, organizationId, actorUserId, 'api_keys.manage');
    await this.requireOrganization(organizationId);
    return apiKeyStore.list(this.ctx.db, organizationId, includeRevoked);
  }

  async update(organizationId: string, actorUserId: unknown, keyId: string, patch: { name?: unknown; rateLimitPerMinute?: unknown }, by: Acting = SYSTEM): Promise<ApiKey> {
    await requirePermission(this.ctx.db, organizationId, actorUserId, 'api_keys.manage');
    const changes: { name?: string; rateLimitPerMinute?: number } = {};
    if (patch.name !== undefined) changes.name = v.displayName(patch.name, 'name', 100);
    if (patch.rateLimitPerMinute !== undefined) changes.rateLimitPerMinute = v.rateLimitPerMinute(patch.rateLimitPerMinute);
    const existing = await this.find(organizationId, keyId);
    if (existing.revokedAt) throw AppError.conflict('The API key is revoked');
    return this.ctx.db.transaction(async (trx) => {
      const updated = await apiKeyStore.update(trx, organizationId, keyId, changes);
      if (!updated) throw AppError.conflict('The API key is revoked');
      await emit(this.ctx, trx, EVENTS.apiKeyUpdated, apiKeyEventView(updated));
      await audit(this.ctx, trx, by, {
        organizationId,
        action: 'api_key.updated',
        targetType: 'api_key',
        targetId: keyId,
        details: { name: updated.name, prefix: updated.prefix, rateLimitPerMinute: updated.rateLimitPerMinute },
      });
      return updated;
    });
  }

  /** Idempotent: revoking a revoked key returns it unchanged. */
  async revoke(organizationId: string, actorUserId: unknown, keyId: string, by: Acting = SYSTEM): Promise<ApiKey> {
    await requirePermission(this.ctx.db, organizationId, actorUserId, 'api_keys.manage');
    const existing = await this.find(organizationId, keyId);
    if (existing.revokedAt) return existing;
    return this.ctx.db.transaction(async (trx) => {
      const revoked = await apiKeyStore.revoke(trx, organizationId, keyId, this.ctx.clock.now());
      if (!revoked) return existing;
      await emit(this.ctx, trx, EVENTS.apiKeyRevoked, apiKeyEventView(revoked));
      await audit(this.ctx, trx, by, {
        organizationId,
        action: 'api_key.revoked',
        targetType: 'api_key',
        targetId: keyId,
        details: { name: revoked.name, prefix: revoked.prefix },
      });
      return revoked;
    });
  }

  async resolve(keyHash: string): Promise<{ apiKey: ApiKey; organization: Organization }> {
    const apiKey = HEX64.test(keyHash) ? await apiKeyStore.findByHash(this.ctx.db, keyHash) : undefined;
    if (!apiKey) throw AppError.notFound('API key not found');
    const organization = await organizationStore.findById(this.ctx.db, apiKey.organizationId);
    if (!organization) throw AppError.notFound('API key not found');
    return { apiKey, organization };
  }

  async touch(keyId: string): Promise<void> {
    if (!v.isUuid(keyId)) return;
    await apiKeyStore.touch(this.ctx.db, keyId, this.ctx.clock.now());
  }

  private async find(organizationId: string, keyId: string): Promise<ApiKey> {
    const key = v.isUuid(organizationId) && v.isUuid(keyId) ? await apiKeyStore.find(this.ctx.db, organizationId, keyId) : undefined;
    if (!key) throw AppError.notFound('API key not found');
    return key;
  }

  private async requireOrganization(organizationId: string): Promise<void> {
    const org = v.isUuid(organizationId) ? await organizationStore.findById(this.ctx.db, organizationId) : undefined;
    if (!org) throw AppError.notFound('Organization not found');
  }
}
