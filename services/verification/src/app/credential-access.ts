import { AppError } from '@cred/runtime';
import { credentialStore } from '../db/credential-store.js';
import type { CredentialRef } from '../domain/identifiers.js';
import type { CredentialRecord } from '../domain/model.js';
import type { VerificationContext } from './context.js';
import type { SessionHeaders } from './recipient-session.js';

/**
 * The credential a public request names, if the caller may see it: public credentials to
 * anyone, private ones only to the owning recipient's session (docs/contract.md "Authentication and access").
 */
export async function loadViewableCredential(
  ctx: VerificationContext,
  ref: CredentialRef | null,
  headers: SessionHeaders,
): Promise<CredentialRecord> {
  let credential = ref ? await credentialStore.find(ctx.db, ref) : undefined;
  // Issued a moment ago, before its event reached the read model: issuance is asked.
  if (!credential && ref && ctx.source && (await ctx.source.fill(ref))) credential = await credentialStore.find(ctx.db, ref);
  if (!credential) throw AppError.notFound('Credential not found');
  await assertViewable(ctx, credential, headers);
  return credential;
}

/** Public credentials pass; private ones only with the owning recipient's session (else 403). */
export async function assertViewable(
  ctx: Pick<VerificationContext, 'sessions'>,
  credential: CredentialRecord,
  headers: SessionHeaders,
): Promise<void> {
  // Public credentials never reach accounts: their answer does not depend on who asks.
  if (!credential.isPublic) {
    const session = await ctx.sessions(headers);
    if (!session || session.email !== credential.recipientEmail.toLowerCase()) {
      throw AppError.forbidden('This credential is private');
    }
  }
}
