import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { AppError, KeyringError, newUuid, type AesGcmKeyring, type Clock, type Logger } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { didWebForOrg, encodeEd25519PublicKeyMultibase, rawEd25519PublicKey, signCredential } from '@cred/ob3';
import { openPrivateKey, rewrapDataKey, sealPrivateKey } from '../domain/envelope.js';
import { keyStore, type StoredKey } from '../db/key-store.js';

export interface PublicKeyView {
  keyId: string;
  sequence: number;
  publicKeyMultibase: string;
  createdAt: Date;
  current: boolean;
  revokedAt: Date | null;
  /** Proofs by this key made at or after this instant are not to be trusted (ADR 0008). */
  compromisedAt: Date | null;
}

export type OrganizationKeyView = PublicKeyView & { organizationId: string; organizationSlug: string };

export interface KeyServiceDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  /** KEY_ENCRYPTION_KEY (wraps new data keys) and KEY_ENCRYPTION_KEY_PREVIOUS (still opens). */
  keyring: AesGcmKeyring;
  /** Called inside the key's transaction (the outbox write), so the event and the key commit together. */
  onKeyCreated?: (trx: Knex.Transaction, key: OrganizationKeyView) => Promise<void>;
  /** Called inside the transaction that records a compromise. */
  onKeyCompromised?: (trx: Knex.Transaction, key: OrganizationKeyView & { compromisedAt: Date }) => Promise<void>;
}

function view(k: StoredKey): PublicKeyView {
  return { keyId: k.keyId, sequence: k.sequence, publicKeyMultibase: k.publicKeyMultibase, createdAt: k.createdAt, current: k.isCurrent, revokedAt: k.revokedAt, compromisedAt: k.compromisedAt };
}

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * Key custody: generation, rotation, compromise and signing. Private keys exist in clear only
 * in this process's memory (decrypted on first use, cached as KeyObjects by key row, which
 * never changes); they are never returned, logged or published. Which key is current is read
 * from the database on every signing call, so a rotation made through another replica takes
 * effect here at once.
 */
export class KeyService {
  private readonly cache = new Map<string, KeyObject>();

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
      if (!(await keyStore.findCurrent(trx, organizationId))) {
        throw AppError.forbidden('Signing keys have not been generated for this organization');
      }
      await keyStore.retireCurrent(trx, organizationId);
      return { key: await this.createKey(trx, organizationId, organizationSlug), created: true };
    });
    this.deps.logger.info({ organizationId, keyId: result.key.keyId }, 'signing key rotated');
    return result;
  }

  /**
   * Records that the key numbered `sequence` was compromised as of `compromisedAt` (not in
   * the future, not before the key was created). The current key is first replaced by a new one, in the same transaction, so
   * nothing is signed with it again. Reporting again keeps the earliest instant.
   */
  async compromise(
    organizationId: string,
    organizationSlug: string,
    sequence: number,
    compromisedAt: Date,
  ): Promise<{ key: PublicKeyView; current: PublicKeyView; rotated: boolean }> {
    this.validate(organizationId, organizationSlug);
    if (!Number.isSafeInteger(sequence) || sequence < 1) throw AppError.validation('sequence', 'sequence must be a key number (1 or more)');
    if (Number.isNaN(compromisedAt.getTime())) throw AppError.validation('compromisedAt', 'compromisedAt must be an ISO 8601 timestamp');
    if (compromisedAt.getTime() > this.deps.clock.now().getTime()) {
      throw AppError.validation('compromisedAt', 'compromisedAt must not be in the future');
    }
    const result = await this.deps.db.transaction(async (trx) => {
      await keyStore.lockOrganization(trx, organizationId);
      const key = await keyStore.findBySequence(trx, organizationId, sequence);
      if (!key || key.revokedAt) throw AppError.notFound('Signing key not found');
      // Back-dating is bounded by the key's own life: it signed nothing before it existed.
      if (compromisedAt.getTime() < key.createdAt.getTime()) {
        throw AppError.validation('compromisedAt', `compromisedAt must not be before the key was created (${key.createdAt.toISOString()})`, {
          earliest: key.createdAt.toISOString(),
        });
      }
      let current: PublicKeyView | undefined;
      if (key.isCurrent) {
        await keyStore.retireCurrent(trx, organizationId);
        current = await this.createKey(trx, organizationId, organizationSlug);
      }
      const at = await keyStore.markCompromised(trx, key.id, compromisedAt);
      const marked: PublicKeyView = { ...view(key), current: false, compromisedAt: at };
      await this.deps.onKeyCompromised?.(trx, { ...marked, organizationId, organizationSlug: key.organizationSlug, compromisedAt: at });
      if (!current) {
        const found = await keyStore.findCurrent(trx, organizationId);
        if (!found) throw new Error(`organization ${organizationId} has no current key`);
        current = view(found);
      }
      return { key: marked, current, rotated: key.isCurrent };
    });
    this.deps.logger.warn(
      { organizationId, keyId: result.key.keyId, compromisedAt: result.key.compromisedAt?.toISOString(), rotated: result.rotated },
      'signing key reported compromised',
    );
    return result;
  }

  async listPublic(organizationId: string): Promise<PublicKeyView[]> {
    return (await keyStore.listPublic(this.deps.db, organizationId)).map(view);
  }

  async sign(organizationId: string, unsignedCredentialJson: string, created: Date): Promise<{ signed: string; keyId: string }> {
    return (await this.signMany(organizationId, [{ unsignedCredentialJson, created }]))[0]!;
  }

  /** Signs each credential with the organization's current key (one lookup for the whole call). */
  async signMany(organizationId: string, items: Array<{ unsignedCredentialJson: string; created: Date }>): Promise<Array<{ signed: string; keyId: string }>> {
    const unsigned = items.map((item) => {
      try {
        const parsed: unknown = JSON.parse(item.unsignedCredentialJson);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        return parsed as Record<string, unknown>;
      } catch {
        throw AppError.validation('unsigned_credential_json', 'credential must be a JSON object');
      }
    });
    const key = await this.currentPrivateKey(organizationId);
    const out: Array<{ signed: string; keyId: string }> = [];
    for (const [i, credential] of unsigned.entries()) {
      const signed = await signCredential(credential, { verificationMethod: key.keyId, privateKey: key.privateKey, created: items[i]!.created });
      out.push({ signed: JSON.stringify(signed), keyId: key.keyId });
    }
    return out;
  }

  /**
   * Moves every key wrapped under a previous KEK to the current one (KEK rotation). Safe on
   * every replica at once: a row is written only if it still holds what was read. A key under
   * a KEK that is not configured is left alone, counted and logged (it cannot sign until the
   * KEK is configured again: fail closed).
   */
  async rewrapStoredKeys(pageSize = 200): Promise<{ rewrapped: number; unreadable: number }> {
    const { keyring } = this.deps;
    let afterId = '00000000-0000-0000-0000-000000000000';
    let rewrapped = 0;
    let unreadable = 0;
    for (;;) {
      const page = await keyStore.wrappedUnderOtherKek(this.deps.db, keyring.currentKeyId, afterId, pageSize);
      for (const key of page) {
        if (!keyring.has(key.sealed.kekId)) {
          unreadable++;
          continue;
        }
        let next;
        try {
          next = rewrapDataKey(keyring, key.sealed, key.id);
        } catch (err) {
          if (!(err instanceof KeyringError)) throw err;
          unreadable++;
          this.deps.logger.error({ keyId: key.keyId, err: err.message }, 'signing key does not open under its KEK; left as it is');
          continue;
        }
        if (await keyStore.storeRewrapped(this.deps.db, key.id, key.sealed, next)) rewrapped++;
      }
      if (page.length < pageSize) break;
      afterId = page[page.length - 1]!.id;
    }
    if (unreadable > 0) {
      this.deps.logger.error(
        { unreadable, kekIds: Object.keys(await keyStore.countByKek(this.deps.db)).filter((id) => !keyring.has(id)) },
        'signing keys are wrapped under a key-encryption key that is not configured; they cannot sign',
      );
    }
    if (rewrapped > 0) this.deps.logger.info({ rewrapped, kekId: keyring.currentKeyId }, 'signing keys re-wrapped under the current key-encryption key');
    return { rewrapped, unreadable };
  }

  get currentKekId(): string {
    return this.deps.keyring.currentKeyId;
  }

  /** Keys per KEK fingerprint, for the operator's "is the re-wrap done?" question. */
  async keysByKek(): Promise<Record<string, number>> {
    return keyStore.countByKek(this.deps.db);
  }

  private async currentPrivateKey(organizationId: string): Promise<{ keyId: string; privateKey: KeyObject }> {
    const current = await keyStore.findCurrent(this.deps.db, organizationId);
    if (!current) throw AppError.forbidden('Signing keys have not been generated for this organization');
    // Never the case (a compromised current key is replaced in the same transaction); checked anyway.
    if (current.compromisedAt) throw new AppError('UNAVAILABLE', 'The current signing key is reported compromised');
    const cached = this.cache.get(current.id);
    if (cached) return { keyId: current.keyId, privateKey: cached };
    let der: Buffer;
    try {
      der = openPrivateKey(this.deps.keyring, current.sealed, current.id);
    } catch (err) {
      if (!(err instanceof KeyringError)) throw err;
      this.deps.logger.error({ keyId: current.keyId, err: err.message }, 'signing key cannot be opened');
      throw new AppError('UNAVAILABLE', 'The signing key cannot be opened with the configured key-encryption keys');
    }
    try {
      const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
      if (this.cache.size >= 10_000) this.cache.clear();
      this.cache.set(current.id, privateKey);
      return { keyId: current.keyId, privateKey };
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
      sealed: sealPrivateKey(this.deps.keyring, der, id),
      isCurrent: true,
      createdAt: this.deps.clock.now(),
      revokedAt: null,
      compromisedAt: null,
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
