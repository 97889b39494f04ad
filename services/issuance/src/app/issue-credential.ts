import { randomBytes } from 'node:crypto';
import { writeOutbox } from '@cred/events';
import { buildAchievementCredential, didWebForOrg } from '@cred/ob3';
import { AppError, newUuid } from '@cred/runtime';
import { credentialStore, isCredentialIdCollision } from '../db/credential-store.js';
import { issueStore } from '../db/issue-store.js';
import { badgeAchievementUrl, type Badge } from '../domain/badge.js';
import {
  expirationFor,
  issuanceInstant,
  issuerProfileUrl,
  newCredentialId,
  validateIssueInput,
  type Credential,
  type IssueInput,
} from '../domain/credential.js';
import { checkUuid } from '../domain/text.js';
import { credentialIssued } from '../events/issuance-events.js';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';

const MAX_ID_ATTEMPTS = 5;

const badgeNotFound = () => AppError.notFound('Badge not found');
const badgeInactive = () => AppError.validation('badgeId', 'The badge is deactivated; no new credentials can be issued from it');

function alreadyHolds(existing: { id: string }): AppError {
  // Interim rule of the first-issue release: the renewal/supersession table replaces it.
  return AppError.conflict('The recipient already has a credential of this badge; renewal is not available yet', { existingCredentialId: existing.id });
}

export interface IssueRequest {
  badgeId: unknown;
  recipientName: unknown;
  recipientEmail: unknown;
}

/**
 * First issue of a badge to a recipient: validate, check the badge and the organization's
 * keys, build the OB3 credential from the badge's current state, have the signing service
 * sign it, then store it with `credential.issued` in one transaction.
 *
 * Signing happens outside the transaction (a network call must not hold a connection and
 * locks); inside it the recipient is locked and every precondition is checked again, so a
 * concurrent issue, deactivation or delete cannot slip between the checks and the insert.
 */
export async function issueCredential(ctx: IssuanceContext, organizationId: string, request: IssueRequest, meta: CallMeta): Promise<Credential> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const input: IssueInput = validateIssueInput(request);

  // One round trip for the badge, the key and the recipient; the organization from a short cache.
  const [facts, org] = await Promise.all([
    issueStore.facts(ctx.db, orgId, input.badgeId, input.recipientEmail),
    ctx.organizations.get(ctx, orgId, meta),
  ]);
  if (!facts) throw badgeNotFound();
  const badge = facts.badge;
  if (!badge.isActive) throw badgeInactive();
  if (!facts.hasSigningKey) throw AppError.forbidden('Signing keys have not been generated for this organization');
  if (org.status !== 'approved') throw AppError.forbidden('The organization is not approved');
  if (facts.existingCredentialId) throw alreadyHolds({ id: facts.existingCredentialId });

  const id = newUuid();
  const issuedAt = issuanceInstant(ctx.clock.now());
  const expiresAt = expirationFor(issuedAt, badge.expiresInDays);
  const unsigned = buildAchievementCredential({
    id,
    issuer: { did: didWebForOrg(ctx.baseUrl, org.slug), name: org.name, url: issuerProfileUrl(ctx.baseUrl, org.slug) },
    achievement: achievementOf(ctx.baseUrl, badge),
    recipient: { email: input.recipientEmail, salt: randomBytes(16).toString('hex') },
    validFrom: issuedAt,
    validUntil: expiresAt,
  });
  const signed = await ctx.signing.SignCredential(
    { organization_id: orgId, unsigned_credential_json: JSON.stringify(unsigned), created: issuedAt.toISOString() },
    callOptions(meta),
  );
  const ob3 = JSON.parse(signed.signed_credential_json) as Record<string, unknown>;

  for (let attempt = 1; ; attempt++) {
    const credential: Credential = {
      id,
      credentialId: newCredentialId(),
      organizationId: orgId,
      badgeId: badge.id,
      badgeName: badge.name,
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      status: 'pending',
      issuanceDate: issuedAt,
      expirationDate: expiresAt,
      claimedAt: null,
      revokedAt: null,
      revocationReason: null,
      isPublic: true,
      supersedesCredentialId: null,
      supersededByCredentialId: null,
      ob3,
      createdAt: ctx.clock.now(),
    };
    try {
      await ctx.db.transaction(async (trx) => {
        await credentialStore.lockRecipient(trx, badge.id, input.recipientEmail);
        const current = await issueStore.recheck(trx, orgId, badge.id, input.recipientEmail);
        if (!current) throw badgeNotFound();
        if (!current.isActive) throw badgeInactive();
        if (current.existingCredentialId) throw alreadyHolds({ id: current.existingCredentialId });
        await credentialStore.insert(trx, credential);
        await writeOutbox(
          trx,
          ctx.schema,
          credentialIssued(
            {
              credentialId: credential.credentialId,
              credentialUuid: credential.id,
              badgeId: credential.badgeId,
              organizationId: orgId,
              organizationSlug: org.slug,
              recipientEmail: credential.recipientEmail,
              recipientName: credential.recipientName,
              issuanceDate: issuedAt.toISOString(),
              expirationDate: expiresAt ? expiresAt.toISOString() : null,
              status: 'pending',
              isPublic: true,
              supersedesCredentialId: null,
              ob3Credential: ob3,
            },
            ctx.clock,
          ),
        );
      });
    } catch (err) {
      // 60 random bits make a clash rare; a new short id needs no new signature (it is not in the payload).
      if (isCredentialIdCollision(err) && attempt < MAX_ID_ATTEMPTS) continue;
      throw err;
    }
    ctx.wakeRelay();
    return credential;
  }
}

function achievementOf(baseUrl: string, badge: Badge) {
  return {
    url: badgeAchievementUrl(baseUrl, badge.organizationSlug, badge.slug),
    name: badge.name,
    description: badge.description,
    criteriaNarrative: badge.criteria,
    imageUrl: badge.imageUrl,
    tags: badge.tags,
  };
}
