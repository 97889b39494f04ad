/**
 * The reasons a verification names when a check failed for a reason worth naming, on
 * GET /api/verify/{id} (`reason`) and POST /api/verify/credential|baked (`reason`). The OpenAPI
 * component `VerificationReason` lists the same codes (services/gateway/src/openapi/schemas/public.ts).
 *
 * - `key_compromised`: a proof made by one of our keys at or after the time its owner reported
 *   it compromised (ADR 0008).
 * - `not_issued`: the credential names one of our issuers, but this platform holds no credential
 *   with its id and content: a forgery (made with a stolen key, whatever its `proof.created`
 *   says) or an altered copy (docs/decisions.md "Compromised keys: what a verifier can trust").
 */
export const REASON = { keyCompromised: 'key_compromised', notIssued: 'not_issued' } as const;

export type ReasonCode = (typeof REASON)[keyof typeof REASON];

export interface VerificationReason {
  code: ReasonCode;
  message: string;
}
