import { Type } from '@sinclair/typebox';
import { OB2_REASON_CODES } from '@cred/ob3/ob2-reasons';
import { AnyObject, component, Nullable, Ref, StringEnum } from '../kit.js';

export const Achievement = component(
  'Achievement',
  Type.Object(
    {
      '@context': Type.Optional(Type.Array(Type.String(), { description: 'On the standalone document only.' })),
      id: Type.String({ format: 'uri' }),
      type: Type.Array(Type.String(), { contains: Type.Unsafe<unknown>({ const: 'Achievement' }) }),
      name: Type.String(),
      description: Type.String(),
      criteria: Type.Object({ narrative: Type.String() }),
      image: Type.Optional(Type.Object({ id: Type.String(), type: Type.Unsafe<unknown>({ const: 'Image' }) })),
      tag: Type.Optional(Type.Array(Type.String())),
    },
    { description: "An Open Badges 3.0 Achievement; `id` is the badge's achievementUrl." },
  ),
);
export const Ob3Credential = component(
  'Ob3Credential',
  Type.Object(
    {
      '@context': Type.Array(Type.String()),
      id: Type.String({ pattern: '^urn:uuid:' }),
      type: Type.Unsafe<unknown>({ type: 'array', contains: { const: 'AchievementCredential' } }),
      issuer: Type.Object({
        id: Type.String({ pattern: '^did:web:' }),
        type: Type.Unsafe<unknown[]>({ type: 'array' }),
        name: Type.String(),
      }),
      validFrom: Type.String(),
      validUntil: Type.Optional(Type.String()),
      name: Type.Optional(Type.String()),
      credentialSubject: Type.Object({
        identifier: Type.Optional(Type.Unsafe<unknown[]>({ type: 'array' })),
        achievement: Ref(Achievement),
      }),
      credentialStatus: Type.Optional(
        Type.Object(
          {
            id: Type.String({ format: 'uri' }),
            type: Type.Unsafe<unknown>({ const: 'BitstringStatusListEntry' }),
            statusPurpose: Type.Unsafe<unknown>({ const: 'revocation' }),
            statusListIndex: Type.String({ pattern: '^\\d+$' }),
            statusListCredential: Type.String({ format: 'uri' }),
          },
          { description: "Where this credential's revocation is published (credentials issued before status lists have none)." },
        ),
      ),
      proof: Type.Unsafe<unknown>({ type: ['object', 'array'] }),
    },
    {
      description:
        'A signed Open Badges 3.0 `AchievementCredential` (VC Data Model 2.0, `DataIntegrityProof` with `eddsa-rdfc-2022`). The recipient is identified by a salted SHA-256 hash of the e-mail, never the plain address.',
    },
  ),
);
export const StatusListCredential = component(
  'StatusListCredential',
  Type.Object(
    {
      '@context': Type.Array(Type.String()),
      id: Type.String({ format: 'uri' }),
      type: Type.Unsafe<unknown>({ type: 'array', contains: { const: 'BitstringStatusListCredential' } }),
      issuer: Type.String({ pattern: '^did:web:' }),
      credentialSubject: Type.Object({
        id: Type.String({ format: 'uri' }),
        type: Type.Unsafe<unknown>({ const: 'BitstringStatusList' }),
        statusPurpose: Type.Unsafe<unknown>({ const: 'revocation' }),
        encodedList: Type.String({ pattern: '^u[A-Za-z0-9_-]+$' }),
      }),
      proof: Type.Unsafe<unknown>({ type: ['object', 'array'] }),
    },
    { description: 'A W3C Bitstring Status List credential: `encodedList` is the GZIP-compressed bitstring, multibase base64url (`u`).' },
  ),
);
export const IssuerProfile = component(
  'IssuerProfile',
  Type.Object({
    '@context': Type.Array(Type.String()),
    id: Type.String({ pattern: '^did:web:', description: 'The issuer DID; its document is at /issuers/{slug}/did.json.' }),
    type: Type.Array(Type.String(), { contains: Type.Unsafe<unknown>({ const: 'Profile' }) }),
    name: Type.String(),
    url: Type.Optional(Type.String({ format: 'uri' })),
  }),
);
export const DidDocument = component(
  'DidDocument',
  Type.Object(
    {
      '@context': Type.Array(Type.String()),
      id: Type.String({ pattern: '^did:web:', description: '`did:web:<host>:issuers:<slug>` (a port is written %3A).' }),
      verificationMethod: Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: '#key-[1-9][0-9]*$' }),
            type: Type.Unsafe<unknown>({ const: 'Multikey' }),
            controller: Type.String(),
            publicKeyMultibase: Type.String({ pattern: '^z' }),
            revoked: Type.Optional(
              Type.String({
                format: 'date-time',
                description:
                  'W3C Controlled Identifiers v1.0: the instant the organization reported this key compromised. No proof by it made at or after this instant is to be trusted; the key stays listed so that what it signed before can still be checked. A proof’s own `created` cannot show it is older (the key holder writes it): this platform judges its own credentials by its issuance records (reason `not_issued`, docs/decisions.md).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1 },
      ),
      assertionMethod: Type.Array(Type.String()),
    },
    { additionalProperties: false },
  ),
);
export const VerificationReason = component(
  'VerificationReason',
  Type.Object(
    {
      code: StringEnum(['key_compromised', 'not_issued'], {
        description:
          '`key_compromised`: a proof by one of this platform’s keys made at or after the time its owner reported the key compromised (signatureValid is false; ADR 0008). ' +
          '`not_issued` (submitted credentials only): the credential names an issuer of this platform (its did:web), but this platform holds no credential with this id and the same content (a SHA-256 digest of the signed credential, proof included, keys sorted): a forgery, whatever its proof.created says, or an altered copy.',
      }),
      message: Type.String({
        description:
          'For `key_compromised`: the key, when the proof was made and the instant the key was reported compromised. For `not_issued`: the issuer named.',
      }),
    },
    { additionalProperties: false, description: 'Present when a check failed for a reason worth naming (status is invalid).' },
  ),
);
export const PublicVerification = component(
  'PublicVerification',
  Type.Object(
    {
      valid: Type.Boolean({ description: 'true only when every check of `verification` passes.' }),
      status: StringEnum(['pending', 'valid', 'expired', 'revoked'], {
        description: 'The lifecycle status at read time: revoked > expired > valid (claimed) > pending.',
      }),
      credential: Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          credentialId: Type.String({ pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' }),
          badgeId: Type.String({ format: 'uuid' }),
          badgeName: Nullable(Type.String({ description: 'From the signed achievement (what was awarded).' })),
          badgeDescription: Nullable(Type.String()),
          badgeImageUrl: Nullable(Type.String()),
          tags: Type.Array(Type.String()),
          issuerName: Nullable(Type.String()),
          issuerSlug: Type.String(),
          issuerDomainVerified: Type.Boolean(),
          recipientName: Type.String(),
          recipientEmailPartial: Type.String({ description: 'First character of the local part, `***`, `@` and the domain.' }),
          issuanceDate: Type.String({ format: 'date-time' }),
          expirationDate: Nullable(Type.String({ format: 'date-time' })),
          claimedAt: Nullable(Type.String({ format: 'date-time' })),
          revokedAt: Nullable(Type.String({ format: 'date-time' })),
          revocationReason: Nullable(Type.String()),
          supersedesCredentialId: Nullable(Type.String({ format: 'uuid' })),
          supersededByCredentialId: Nullable(Type.String({ format: 'uuid' })),
          verificationUrl: Type.String({ format: 'uri' }),
        },
        { additionalProperties: false },
      ),
      verification: Type.Object(
        {
          signatureValid: Type.Boolean({ description: "Ed25519 proof verified against the issuer's published did.json." }),
          notRevoked: Type.Boolean(),
          notExpired: Type.Boolean(),
          issuerActive: Type.Boolean({ description: 'The issuing organization is approved and not suspended.' }),
        },
        { additionalProperties: false },
      ),
      reason: Type.Optional(Ref(VerificationReason)),
      ob3Credential: Ref(Ob3Credential),
      features: Type.Object({ qrCodeEnabled: Type.Boolean() }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
);
export const SubmittedVerification = component(
  'SubmittedVerification',
  Type.Object(
    {
      valid: Type.Boolean({ description: 'true only when every check passes (status valid).' }),
      status: StringEnum(['valid', 'expired', 'revoked', 'invalid']),
      verification: Type.Object(
        {
          signatureValid: Type.Boolean({ description: 'At least one supported proof verifies and none fails.' }),
          notRevoked: Type.Boolean(),
          notExpired: Type.Boolean(),
          issuerAuthenticated: Type.Boolean({
            description:
              'The signing key is shown to belong to the issuer (did:key, or its did:web / https controller document). Required for valid.',
          }),
          notBeforeValid: Type.Boolean(),
          structureValid: Type.Boolean(),
          statusAvailable: Type.Boolean({ description: 'false when a status list could not be fetched (then not valid).' }),
          recipientMatched: Type.Optional(
            Type.Boolean({
              description:
                'Open Badges 2.0, only when the request gave a `recipient` address: the assertion was awarded to it (hashed or not). false makes the result invalid.',
            }),
          ),
          issuerActive: Type.Optional(
            Type.Boolean({ description: 'Only for credentials issued on this platform: the organization is approved and not suspended.' }),
          ),
        },
        { additionalProperties: false },
      ),
      checks: Type.Array(
        Type.Object({ name: Type.String(), passed: Type.Boolean(), message: Type.String() }, { additionalProperties: false }),
        {
          description:
            'In order: format (VC-JWT only), context, type, structure, signature, issuer, notBefore, expiration, status; for credentials of this platform also registry and issuerActive. A credential naming an issuer of this platform that this platform never issued (no record with its id and content) adds a failed registry check and reason `not_issued` (status invalid). A proof made by one of this platform’s keys at or after the time its owner reported it compromised (judged on the credential as this platform issued it) adds a failed keyNotCompromised check and reason `key_compromised` (status invalid). Open Badges 2.0: format, structure, badgeClass, signature (hosted: served at its id; signed: the JWS), issuer, notBefore, expiration, status, and recipient when an address was given; a check that ends the verification is the last one listed.',
        },
      ),
      ob3Credential: Nullable(
        AnyObject({ description: 'The credential that was verified (unwrapped), or null (always null for Open Badges 2.0).' }),
      ),
      openBadgesVersion: StringEnum(['3.0', '2.0'], {
        description: 'Which Open Badges version was checked: 3.0 (a Verifiable Credential) or 2.0 (a hosted or signed assertion).',
      }),
      ob2: Type.Optional(
        Type.Object(
          {
            assertion: Nullable(AnyObject({ description: 'The assertion judged: the hosted copy, or the JWS payload.' })),
            badgeClass: Nullable(AnyObject({ description: 'The BadgeClass (name, description, criteria, image).' })),
            issuer: Nullable(AnyObject({ description: 'The Issuer profile.' })),
          },
          {
            additionalProperties: false,
            description: 'Open Badges 2.0 only: the documents read (null where the verification stopped before).',
          },
        ),
      ),
      reason: Type.Optional(
        Type.Union([
          Ref(VerificationReason),
          Type.Object(
            { code: StringEnum([...OB2_REASON_CODES]), message: Type.String() },
            {
              additionalProperties: false,
              description: 'Open Badges 2.0 only, when not valid: why, one code per refusal (docs/standards.md "Open Badges 2.0").',
            },
          ),
        ]),
      ),
      issuedHere: Type.Optional(
        Type.Object(
          { credentialId: Type.String({ pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' }), verificationUrl: Type.String({ format: 'uri' }) },
          { additionalProperties: false, description: 'Present when the credential was issued on this platform and is public.' },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
