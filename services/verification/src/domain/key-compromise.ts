/**
 * A key the issuer reported compromised as of an instant (ADR 0008): proofs it made at or
 * after that instant are not trusted, earlier ones are. A proof without a readable `created`
 * cannot show it is older, so it is not trusted either.
 */
export interface KeyCompromise {
  /** The proof's verification method, `<did>#key-<n>`. */
  keyId: string;
  compromisedAt: Date;
  /** The proof's `created` (null when missing or unreadable). */
  signedAt: Date | null;
  /** The reason as shown on every surface. */
  message: string;
}

function proofsOf(credential: Record<string, unknown>): Array<Record<string, unknown>> {
  const p = credential['proof'];
  const list = p === undefined ? [] : Array.isArray(p) ? p : [p];
  return list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x));
}

/** The first proof of the credential made by a key of `did` after that key's compromise, if any. */
export function compromisedProof(
  credential: Record<string, unknown>,
  did: string,
  keys: ReadonlyArray<{ sequence: number; compromisedAt: Date | string | null }>,
): KeyCompromise | null {
  for (const proof of proofsOf(credential)) {
    const vm = proof['verificationMethod'];
    if (typeof vm !== 'string' || !vm.startsWith(`${did}#key-`)) continue;
    const key = keys.find((k) => `${did}#key-${k.sequence}` === vm);
    if (!key || key.compromisedAt === null) continue;
    const compromisedAt = new Date(key.compromisedAt);
    const created = typeof proof['created'] === 'string' ? new Date(proof['created']) : null;
    const signedAt = created && !Number.isNaN(created.getTime()) ? created : null;
    if (signedAt && signedAt.getTime() < compromisedAt.getTime()) continue;
    return {
      keyId: vm,
      compromisedAt,
      signedAt,
      message: signedAt
        ? `signed on ${signedAt.toISOString()} with key ${vm}, which the issuer reported compromised as of ${compromisedAt.toISOString()}`
        : `signed with key ${vm}, which the issuer reported compromised as of ${compromisedAt.toISOString()}, and the proof does not say when it was made`,
    };
  }
  return null;
}
