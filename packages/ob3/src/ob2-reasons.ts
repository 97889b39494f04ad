// A module of its own, with no Node.js import, so the gateway's OpenAPI schemas can use the list
// (`@cred/ob3/ob2-reasons`) as the verification service does.

/**
 * Why an Open Badges 2.0 assertion is not valid (the `reason.code` of a verification result),
 * one code per refusal. docs/standards.md "Open Badges 2.0" says when each applies.
 */
export const OB2_REASON_CODES = [
  'malformed', // the assertion (or a document it names) lacks required properties or has the wrong type
  'unsupported_verification', // verification.type is neither hosted nor signed, or does not fit how it was sent
  'assertion_unavailable', // the hosted assertion could not be fetched from its id
  'id_mismatch', // a fetched document's id is not the URL it was fetched from
  'badge_class_unavailable', // the BadgeClass could not be fetched or is not a BadgeClass
  'issuer_unavailable', // the Issuer profile could not be fetched or is not a Profile
  'address_refused', // a document's URL is refused by the outbound-address policy
  'fetch_limit', // more documents would be needed than one verification may fetch
  'origin_not_allowed', // the hosted assertion's URL is outside what its issuer allows
  'key_unavailable', // no usable public key (no creator / publicKey, not fetched, no PEM)
  'key_not_issuers', // the key is not the issuer's (owner differs, or the issuer does not list it)
  'signature_invalid', // the JWS signature does not verify, or a signed assertion came without one
  'not_yet_valid', // issuedOn is in the future
  'revocation_list_unavailable', // the issuer's revocationList could not be fetched or read
  'revoked', // revoked: true, HTTP 410 Gone for a hosted assertion, or named by the revocationList
  'expired', // expires has passed
  'recipient_mismatch', // the verifier's e-mail address is not the recipient
] as const;

export type Ob2ReasonCode = (typeof OB2_REASON_CODES)[number];
