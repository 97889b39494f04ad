import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { AppError, newUuid, type Clock, type Logger } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { didWebForOrg, encodeEd25519PublicKeyMultibase, rawEd25519PublicKey, signCredential } from '@cred/ob3';
import { openPrivateKey, sealPrivateKey } from '../domain/envelope.js';
import { keyStore, type StoredKey } from '../db/key-store.js';

export interface PublicKeyView {
  keyId: string;
  sequence: number;
  publicKeyMultibase: string;
  createdAt: Date;
  current: boolean;
  revokedAt: Date | null;
}

export interface KeyServiceDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  kek: Buffer;
  /** Called inside the key's transaction (the outbox write), so the event and the key commit together. */
  onKeyCreated?: (trx: Knex.Transaction, key: PublicKeyView & { organizationId: string; organizationSlug: string }) => Promise<void>;
}

function view(k: StoredKey): PublicKeyView {
  return { keyId: k.keyId, sequence: k.sequence, publicKeyMultibase: k.publicKeyMultibase, createdAt: k.createdAt, current: k.isCurrent, revokedAt: k.revokedAt };
}

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * Key custody: generation, rotation and signing. Private keys exist in clear only in this
 * process's memory (decrypted on first use, cached as non-exportable-by-accident KeyObjects);
 * they are never returned, logged or published.
 */
export class KeyService {
  private readonly cache = new Map<string, { keyId: string; privateKey: KeyObject }>();

  constructor(private readonly deps: KeyServiceDeps) {}

  async generate(organizationId: string, organizationSlug: string): Promise<{ key: PublicKeyView; created: boolean }> {
    this.validate(organizationId, organizationSlug);
    return this.deps.db.transaction(async (trx) => {
      await keyStore.lockOrganization(trx, organizationId);
      const current = await keyStore.findCurrent(trx, organizationId);
      if (current) return { key: view(current), created: false };
      return { key: await this.createKey(trx, organizationId, organizationSlug), created: true };
    });
  }

  async rotate(organizationId: string, organizationSlug: string): Promise<{ key: PublicKeyView; created: boolean }> {
    this.validate(organizationId, organizationSlug);
    const result = await this.deps.db.transaction(async (trx) => {
      await keyStore.lockOrganization(trx, organizationId);
      await keyStore.retireCurrent(trx, organizationId);
      return { key: await this.createKey(trx, organizationId, organizationSlug), created: true };
    });
    this.cache.delete(organizationId);
    this.deps.logger.info({ organizationId, keyId: result.key.keyId }, 'signing key rotated');
    return result;
  }

  async listPublic(organizationId: string): Promise<PublicKeyView[]> {
    return (await keyStore.listPublic(this.deps.db, organizationId)).map(view);
  }

  async sign(organizationId: string, unsignedCredentialJson: string, created: Date): Promise<{ signed: string; keyId: string }> {
    let unsigned: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(unsignedCredentialJson);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      unsigned = parsed as Record<string, unknown>;
    } catch {
      throw AppError.validation('unsigned_credential_json', 'credential must be a JSON object');
    }
    const key = await this.privateKeyFor(organizationId);
    const signed = await signCredential(unsigned, { verificationMethod: key.keyId, privateKey: key.privateKey, created });
    return { signed: JSON.stringify(signed), keyId: key.keyId };
  }

  private async privateKeyFor(organizationId: string): Promise<{ keyId: string; privateKey: KeyObject }> {
    const cached = this.cache.get(organizationId);
    if (cached) return cached;
    const current = await keyStore.findCurrent(this.deps.db, organizationId);
    if (!current) throw AppError.forbidden('Signing keys have not been generated for this organization');
    const der = openPrivateKey(this.deps.kek, current.sealed, current.id);
    try {
      const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
      const entry = { keyId: current.keyId, privateKey };
      this.cache.set(organizationId, entry);
      return entry;
    } finally {
      der.fill(0);
    }
  }

  private async createKey(trx: Knex.Transaction, organizationId: string, organizationSlug: string): Promise<PublicKeyView> {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const sequence = await keyStore.nextSequence(trx, organizationId);
    const did = didWebForOrg(this.deps.baseUrl, organizationSlug);
    const id = newUuid();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    const stored: StoredKey = {
      id,
      organizationId,
      organizationSlug,
      sequence,
      keyId: `${did}#key-${sequence}`,
      publicKeyMultibase: encodeEd25519PublicKeyMultibase(rawEd25519PublicKey(publicKey)),
      sealed: sealPrivateKey(this.deps.kek, der, id),
      isCurrent: true,
      createdAt: this.deps.clock.now(),
      revokedAt: null,
    };
    der.fill(0);
    await keyStore.insert(trx, stored);
    const v = view(stored);
    await this.deps.onKeyCreated?.(trx, { ...v, organizationId, organizationSlug });
    return v;
  }

  private validate(organizationId: string, organizationSlug: string): void {
    if (!organizationId) throw AppError.validation('organization_id', 'organization_id is required');
    if (!SLUG_RE.test(organizationSlug)) throw AppError.validation('organization_slug', 'organization_slug must be a URL-safe slug');
  }
}
