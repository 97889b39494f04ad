import { claimTokenStore } from '../db/claim-token-store.js';
import { UUID_RE } from '../domain/text.js';
import type { IssuanceContext } from './context.js';

const HASH_RE = /^[0-9a-f]{64}$/;

/** At most this many registrations per call (notification sends e-mails in small batches). */
export const MAX_CLAIM_TOKENS_PER_CALL = 100;

/** The hash of one claim link's token, as notification hands it over. */
export interface ClaimTokenRegistration {
  credentialUuid: string;
  organizationId: string | null;
  tokenHash: string;
  expiresAt: Date;
  sourceEventId: string | null;
}

/**
 * Reads one registration (the gRPC call's camel-cased fields, or the deprecated event's data);
 * `fail` builds the caller's error (a validation error for the RPC, a contract error for events).
 */
export function parseClaimTokenRegistration(data: Record<string, unknown>, fail: (message: string) => Error): ClaimTokenRegistration {
  const field = (name: string, re?: RegExp): string => {
    const v = data[name];
    if (typeof v !== 'string' || v.length === 0 || v.length > 200 || (re && !re.test(v))) throw fail(`${name} is missing or malformed`);
    return v;
  };
  const expiresAt = new Date(field('expiresAt'));
  if (Number.isNaN(expiresAt.getTime())) throw fail('expiresAt is not an instant');
  const organizationId = typeof data.organizationId === 'string' && UUID_RE.test(data.organizationId) ? data.organizationId : null;
  return {
    tokenHash: field('tokenHash', HASH_RE),
    credentialUuid: field('credentialUuid', UUID_RE).toLowerCase(),
    organizationId,
    expiresAt,
    sourceEventId: typeof data.sourceEventId === 'string' && data.sourceEventId !== '' ? data.sourceEventId.slice(0, 100) : null,
  };
}

/** Stores the hashes in one statement; a hash seen before changes nothing (retried sends are safe). */
export async function registerClaimTokens(ctx: Pick<IssuanceContext, 'db' | 'clock'>, tokens: readonly ClaimTokenRegistration[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const at = ctx.clock.now();
  await claimTokenStore.add(
    ctx.db,
    tokens.map((t) => ({ ...t, at })),
  );
  return tokens.length;
}
