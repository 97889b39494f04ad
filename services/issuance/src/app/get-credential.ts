import { AppError } from '@cred/runtime';
import { credentialStore, type ChainLink } from '../db/credential-store.js';
import type { Credential } from '../domain/credential.js';
import { checkUuid } from '../domain/text.js';
import type { IssuanceContext } from './context.js';
import { parseCredentialRef } from './lifecycle.js';

/** A credential of the organization by its UUID; a malformed id or another organization's is NOT_FOUND. */
export async function getCredential(ctx: IssuanceContext, organizationId: string, credentialUuid: string): Promise<Credential> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const id = checkUuid(credentialUuid, 'credentialId', true);
  const credential = await credentialStore.find(ctx.db, orgId, id);
  if (!credential) throw AppError.notFound('Credential not found');
  return credential;
}

/**
 * A credential of the organization by UUID or CRD- id (member routes), with its renewal chain:
 * every credential linked to it through supersedes / superseded_by, itself included, oldest first.
 */
export async function getCredentialDetail(
  ctx: IssuanceContext,
  organizationId: string,
  credentialRef: string,
): Promise<{ credential: Credential; renewalChain: ChainLink[] }> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const credential = await credentialStore.findByRef(ctx.db, parseCredentialRef(credentialRef), orgId);
  if (!credential) throw AppError.notFound('Credential not found');
  return { credential, renewalChain: await credentialStore.renewalChain(ctx.db, orgId, credential.id) };
}
