import { AppError } from '@cred/runtime';
import { credentialStore } from '../db/credential-store.js';
import type { Credential } from '../domain/credential.js';
import { checkUuid } from '../domain/text.js';
import type { IssuanceContext } from './context.js';

/** A credential of the organization by its UUID; a malformed id or another organization's is NOT_FOUND. */
export async function getCredential(ctx: IssuanceContext, organizationId: string, credentialUuid: string): Promise<Credential> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const id = checkUuid(credentialUuid, 'credentialId', true);
  const credential = await credentialStore.find(ctx.db, orgId, id);
  if (!credential) throw AppError.notFound('Credential not found');
  return credential;
}
