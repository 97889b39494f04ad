import {
  Achievement,
  DidDocument,
  IssuerProfile,
  Ob3Credential,
  PublicVerification,
  StatusListCredential,
  SubmittedVerification,
} from '../schemas/public.js';
import {
  cacheControl,
  common,
  error,
  htmlPage,
  multipartBody,
  publicCredentialRef,
  publicOk,
  publicOrRecipient,
  rateHeaders,
  slugParam,
  unavailable,
} from './shared.js';
import type { PathItems } from './shared.js';

/** The multipart part of an uploaded baked image, and the optional recipient address (Open Badges 2.0). */
const imageFile = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary' },
    recipient: { type: 'string', maxLength: 320, description: 'Open Badges 2.0: an e-mail address to compare with the recipient.' },
  },
};
/** The answer of a verification of a submitted credential or image (never cached). */
const submittedResult = publicOk('The verification result.', 'application/json', SubmittedVerification, {
  'Cache-Control': cacheControl('no-store'),
});

export const publicPaths = {
  '/api/verify/{credentialId}': {
    parameters: [publicCredentialRef],
    get: {
      summary: 'Verify a credential of this platform (public)',
      description:
        "Runs the four checks on every request: the Ed25519 signature against the issuer's did.json, expiry, revocation, and " +
        'the issuer being approved and not suspended. `valid` is true only when all pass; `status` stays the lifecycle status. ' +
        "A private credential needs the owning recipient's session (a missing, invalid or foreign one is 403, not 401). " +
        'Public answers are cross-origin readable.',
      security: publicOrRecipient,
      responses: {
        '429': common['429'],
        '200': publicOk('The verification.', 'application/json', PublicVerification, {
          'Cache-Control': cacheControl('`no-cache` (public) or `private, no-store` (a private credential, to its owner).'),
        }),
        '403': error('FORBIDDEN: the credential is private.'),
        '404': error('NOT_FOUND: no such credential (or not a CRD- id or UUID).'),
        '503': unavailable,
      },
    },
  },
  '/api/verify/credential': {
    post: {
      summary: 'Verify an Open Badges 3.0 credential or 2.0 assertion from any platform (public)',
      description:
        'The body is the credential, or `{"credential": ..., "recipient": ...}` (the credential, or a VC-JWT as a compact JWS string; ' +
        'or an Open Badges 2.0 assertion: its JSON, a signed assertion as its compact JWS, or a hosted assertion as its URL). ' +
        '`recipient`, an e-mail address, is compared with an Open Badges 2.0 recipient (hashed with its salt or not). ' +
        'The result says `openBadgesVersion`; an Open Badges 2.0 result that is not valid carries `reason`. ' +
        'application/json or any application/*+json, at most 64 KiB. Remote documents (did:web, status lists) are fetched only ' +
        'over https from public addresses. A credential of this platform is also checked against its registry (revocation, ' +
        'expiry, issuer active) and, when public, answered with `issuedHere`. Problems with the credential itself are results ' +
        '(valid false, status invalid), not errors.',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              anyOf: [
                {
                  type: 'object',
                  required: ['credential'],
                  properties: { credential: { type: ['object', 'string'] }, recipient: { type: 'string', maxLength: 320 } },
                },
                { type: 'object', required: ['@context'], description: 'The credential itself.' },
              ],
            },
          },
          'application/ld+json': { schema: { type: 'object' } },
        },
      },
      responses: {
        '429': common['429'],
        '200': submittedResult,
        '400': error(
          'VALIDATION_ERROR: empty body, not UTF-8 or not acceptable JSON (details.field = body), or not a credential ' +
            '(details.field = credential, details.reason = NOT_AN_OBJECT | MALFORMED_CREDENTIAL | REFERENCE_LOOP, the last for an ' +
            'Open Badges 2.0 assertion whose documents refer back to one another), or an unusable recipient ' +
            '(details.field = recipient, details.reason = BAD_RECIPIENT).',
        ),
        '413': error('PAYLOAD_TOO_LARGE: more than 64 KiB.'),
        '415': error('UNSUPPORTED_MEDIA_TYPE: not application/json or application/*+json.'),
        '503': unavailable,
      },
    },
  },
  '/api/verify/baked': {
    post: {
      summary: 'Verify a baked badge image (PNG or SVG) from any platform (public)',
      description:
        'multipart/form-data with the file `file`, or the raw image as image/png or image/svg+xml; at most 5 MiB. ' +
        'The embedded credential is verified as by POST /api/verify/credential: OB 3.0 (PNG iTXt `openbadgecredential`, SVG ' +
        '`openbadges:credential`) or Open Badges 2.0 (PNG iTXt or tEXt `openbadges`, SVG `openbadges:assertion` of ' +
        'http://openbadges.org, holding a hosted assertion URL, a JWS or the JSON). The multipart field `recipient` is the ' +
        'optional address to check an Open Badges 2.0 recipient against.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: imageFile },
          'image/png': { schema: { type: 'string', format: 'binary' } },
          'image/svg+xml': { schema: { type: 'string' } },
        },
      },
      responses: {
        '429': common['429'],
        '200': submittedResult,
        '400': error(
          'VALIDATION_ERROR (details.field = file): no file, or details.reason = NO_CREDENTIAL (an image without a credential), ' +
            'UNSUPPORTED_IMAGE, MALFORMED_IMAGE, MALFORMED_CREDENTIAL or REFERENCE_LOOP; details.field = recipient, ' +
            'details.reason = BAD_RECIPIENT.',
        ),
        '413': error('PAYLOAD_TOO_LARGE: more than 5 MiB.'),
        '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data, image/png or image/svg+xml (details.supported).'),
        '503': unavailable,
      },
    },
  },
  '/credentials/{credentialId}/ob3': {
    parameters: [publicCredentialRef],
    get: {
      summary: 'The signed Open Badges 3.0 credential, byte for byte as issued (public)',
      security: publicOrRecipient,
      responses: {
        '429': common['429'],
        '200': publicOk('The credential (JSON-LD).', 'application/ld+json', Ob3Credential, {
          'Cache-Control': cacheControl('`no-cache` (public) or `private, no-store` (a private credential, to its owner).'),
        }),
        '403': error('FORBIDDEN: the credential is private.'),
        '404': error('NOT_FOUND'),
        '503': unavailable,
      },
    },
  },
  '/api/credentials/{credentialId}/baked': {
    parameters: [publicCredentialRef],
    get: {
      summary: 'The badge image as PNG with the signed credential embedded (public)',
      description: 'One iTXt chunk `openbadgecredential` holds the stored credential bytes (Open Badges 3.0 baking).',
      security: publicOrRecipient,
      responses: {
        '429': common['429'],
        '200': publicOk(
          'The baked PNG.',
          'image/png',
          { type: 'string', format: 'binary' },
          {
            'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="CRD-....png"' },
            'Cache-Control': cacheControl('`no-cache` (public) or `private, no-store`.'),
          },
        ),
        '403': error('FORBIDDEN: the credential is private.'),
        '404': error('NOT_FOUND'),
        '503': unavailable,
      },
    },
  },
  '/issuers/{slug}/did.json': {
    parameters: [slugParam('slug', "The organization's slug.")],
    get: {
      summary: "The issuer's DID document (did:web): every non-revoked key as a Multikey, referenced from assertionMethod",
      responses: {
        '429': common['429'],
        '200': publicOk('The DID document.', 'application/did+json', DidDocument, {
          'Cache-Control': cacheControl('public, max-age=60'),
        }),
        '404': error('NOT_FOUND: unknown issuer, or no signing keys yet.'),
        '503': unavailable,
      },
    },
  },
  '/issuers/{slug}/status/{listNumber}': {
    parameters: [
      slugParam('slug', "The organization's slug."),
      {
        name: 'listNumber',
        in: 'path',
        required: true,
        description: "The number of the list, from 1, as in a credential's `credentialStatus.statusListCredential`.",
        schema: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
      },
    ],
    get: {
      summary: "One of the issuer's revocation lists (W3C Bitstring Status List, signed with the issuer's key)",
      description:
        'A `BitstringStatusListCredential` whose bit `statusListIndex` is set when the credential that carries that index is ' +
        'revoked (renewal included). Re-signed before a revocation is answered; cached by each replica for at most 500 ms. ' +
        'HEAD and `If-None-Match` work; readable cross-origin.',
      parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
      responses: {
        '429': common['429'],
        '200': publicOk('The signed list.', 'application/ld+json', StatusListCredential, {
          'Cache-Control': cacheControl('public, max-age=5'),
          ETag: { schema: { type: 'string' }, description: 'Strong; changes with every re-signed list.' },
        }),
        '304': {
          description: 'Not modified (If-None-Match matched the ETag).',
          headers: { ...rateHeaders, 'Cache-Control': cacheControl('public, max-age=5'), ETag: { schema: { type: 'string' } } },
        },
        '404': error('NOT_FOUND: unknown issuer or list.'),
        '503': unavailable,
      },
    },
  },
  '/issuers/{slug}': {
    parameters: [slugParam('slug', "The organization's slug.")],
    get: {
      summary: "The issuer's Open Badges 3.0 Profile (JSON-LD)",
      responses: {
        '429': common['429'],
        '200': publicOk('The Profile.', 'application/ld+json', IssuerProfile, {
          'Cache-Control': cacheControl('public, max-age=300'),
        }),
        '404': error('NOT_FOUND: unknown issuer, or still pending approval.'),
        '503': unavailable,
      },
    },
  },
  '/achievements/{orgSlug}/{badgeSlug}': {
    parameters: [slugParam('orgSlug', "The organization's slug."), slugParam('badgeSlug', "The badge's slug.")],
    get: {
      summary: 'The badge as an Open Badges 3.0 Achievement (JSON-LD); deactivated badges stay published',
      responses: {
        '429': common['429'],
        '200': publicOk('The Achievement.', 'application/ld+json', Achievement, {
          'Cache-Control': cacheControl('public, max-age=300'),
        }),
        '404': error('NOT_FOUND'),
        '503': unavailable,
      },
    },
  },
  '/verify/{credentialId}': {
    parameters: [publicCredentialRef],
    get: {
      summary: 'The web verification page of a credential',
      description:
        'Status, the four checks, the achievement, the issuer (with the domain-verified mark), the recipient name and partial ' +
        'e-mail, dates, the revocation reason, renewal links, a QR code of the verification URL, and downloads.',
      security: publicOrRecipient,
      responses: {
        '429': common['429'],
        '200': htmlPage('The page.'),
        '403': htmlPage('The credential is private.'),
        '404': htmlPage('No such credential.'),
        '503': unavailable,
      },
    },
  },
  '/verify-lookup': {
    get: {
      summary: 'The lookup page: enter a credential id, or upload a baked badge',
      parameters: [{ name: 'id', in: 'query', required: false, schema: { type: 'string' }, description: 'A CRD- id or UUID.' }],
      responses: {
        '429': common['429'],
        '200': htmlPage('The forms (no `id`).'),
        '303': {
          description: 'A well-formed `id`: redirect to its verification page.',
          headers: { ...rateHeaders, Location: { schema: { type: 'string' }, description: '/verify/{credentialId}' } },
        },
        '400': htmlPage('The forms again, saying the `id` is not a credential id.'),
        '503': unavailable,
      },
    },
    post: {
      summary: "The lookup page's upload: verifies a baked PNG/SVG of any platform and shows the result",
      requestBody: multipartBody(imageFile),
      responses: {
        '429': common['429'],
        '200': htmlPage('The result page (as POST /api/verify/baked).'),
        '400': htmlPage('The form again with the reason (no file, no credential inside, not an image).'),
        '413': htmlPage('The form again: the file is larger than 5 MiB.'),
        '415': htmlPage('The form again: not multipart/form-data.'),
        '503': unavailable,
      },
    },
  },
  '/o/{orgSlug}/badges/{badgeSlug}': {
    parameters: [slugParam('orgSlug', "The organization's slug."), slugParam('badgeSlug', "The badge's slug.")],
    get: {
      summary: 'The public page of a badge',
      responses: {
        '429': common['429'],
        '200': htmlPage('The page.'),
        '404': htmlPage('Unknown badge, or the issuer is still pending approval.'),
        '503': unavailable,
      },
    },
  },
  '/o/{orgSlug}/badges/{badgeSlug}/image.png': {
    parameters: [slugParam('orgSlug', "The organization's slug."), slugParam('badgeSlug', "The badge's slug.")],
    get: {
      summary: 'The badge image as PNG (converted from JPEG/WebP/SVG, or a placeholder), as the pages show it',
      responses: {
        '429': common['429'],
        '200': publicOk(
          'The PNG.',
          'image/png',
          { type: 'string', format: 'binary' },
          {
            'Cache-Control': cacheControl('public, max-age=300'),
            ETag: { schema: { type: 'string' } },
          },
        ),
        '404': error('NOT_FOUND'),
        '503': unavailable,
      },
    },
  },
  '/claim/{credentialId}': {
    parameters: [publicCredentialRef],
    get: {
      summary: 'The claim page behind the link of the issue e-mail',
      description: 'A form (no script) that posts the token to POST /claim/{credentialId}. Shows nothing of the credential itself.',
      parameters: [
        { name: 'token', in: 'query', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,128}$' } },
        {
          name: 'result',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['claimed', 'invalid_token', 'conflict', 'not_found', 'error'] },
          description: 'Set by the redirect of POST /claim/{credentialId}.',
        },
      ],
      responses: {
        '429': common['429'],
        '200': htmlPage('The page (Cache-Control: no-store).'),
        '404': htmlPage('Not a CRD- id or UUID.'),
        '503': unavailable,
      },
    },
    post: {
      summary: "The claim page's form: claims the credential with the token, then redirects back to the page",
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', properties: { token: { type: 'string' } } },
          },
        },
      },
      responses: {
        '303': {
          description:
            'Redirect to /claim/{credentialId}?result=claimed, or ?result=invalid_token|conflict|not_found when the claim was refused.',
          headers: { ...rateHeaders, Location: { schema: { type: 'string' } } },
        },
        '404': error('NOT_FOUND: not a CRD- id or UUID.'),
        '413': error('PAYLOAD_TOO_LARGE: a form larger than 4 KiB.'),
        '429': common['429'],
        '503': unavailable,
      },
    },
  },
} satisfies PathItems;
