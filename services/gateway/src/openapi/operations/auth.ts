import {
  AcceptInvitationBody,
  EmailBody,
  InvitationSummary,
  LoginBody,
  Member,
  Organization,
  PasswordResetConfirmBody,
  SignUpBody,
  User,
  VerifyEmailBody,
} from '../schemas/accounts.js';
import { Accepted, ErrorBody } from '../schemas/common.js';
import { CredentialExport, RecipientCredential } from '../schemas/credentials.js';
import { common, csrfRefused, error, json, ok, page, rateHeaders, session, sessionInfo, setCookie, ts } from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { MyCredentialsQuery, NoQuery } from '../schemas/queries.js';

/** The 429 of both logins: the admission budgets, the failed-attempt limit, or the share of the password checks. */
const loginLimited = {
  ...common['429'],
  description:
    'RATE_LIMITED, before any password is checked: beyond 10 attempts a minute for the account or 30 for the client address ' +
    '(right and wrong passwords alike), beyond 3 failed attempts in 15 minutes for this address and account, or while the ' +
    'account or address already has as many sign-ins in progress as it may. Carries Retry-After (seconds).',
};

export const authPaths = {
  '/api/auth/signup': {
    post: {
      summary: 'Create an account (with an organization, or as a recipient without one)',
      requestBody: {
        required: true,
        content: json(SignUpBody),
      },
      responses: {
        ...ok(
          '201',
          'Account created; the organization starts pending_approval on the free plan. A verification e-mail is sent. ' +
            'An address that already has an account gets the same answer, so that a sign-up does not tell whether an address is ' +
            'taken: nothing is created, the token is of no session, and the owner of the address is told by e-mail instead.',
          {
            type: 'object',
            additionalProperties: false,
            required: ['user', 'organization', 'token', 'expiresAt'],
            properties: {
              user: User,
              organization: { oneOf: [Organization, { type: 'null' }] },
              token: { type: 'string' },
              expiresAt: ts,
            },
          },
        ),
        '409': error('CONFLICT: the organization slug is taken (`details.field = "organization.slug"`).'),
        ...common,
      },
    },
  },
  '/api/auth/login': {
    post: {
      summary: 'Sign in; returns a session JWT valid for one hour',
      requestBody: {
        required: true,
        content: json(LoginBody),
      },
      responses: {
        ...ok('200', 'Signed in.', {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'expiresAt', 'user'],
          properties: { token: { type: 'string' }, expiresAt: ts, user: User },
        }),
        '401': error('UNAUTHORIZED: wrong e-mail or password (the same answer for both).'),
        ...common,
        '429': loginLimited,
        '503': {
          description: 'UNAVAILABLE: too many sign-ins at this moment (password checks are bounded); retry after Retry-After seconds.',
          headers: { 'Retry-After': { schema: { type: 'integer' } } },
          content: json(ErrorBody),
        },
      },
    },
  },
  '/api/auth/session': {
    post: {
      summary: 'Sign in from a browser: the session goes into an HttpOnly cookie, never into the body',
      description:
        'The same rules and the same failed-login limit as /api/auth/login. The answer carries the CSRF token that cookie-authenticated ' +
        'unsafe requests must send as `X-CSRF-Token`.',
      requestBody: {
        required: true,
        content: json(LoginBody),
      },
      responses: {
        '200': {
          description: 'Signed in.',
          headers: {
            ...rateHeaders,
            ...setCookie(
              '`__Host-session=<JWT>; HttpOnly; SameSite=Lax; Path=/; Max-Age=<seconds>; Secure` (Secure over http://localhost too, ' +
                'as `__Host-` requires; no Domain), and its readable marker `signed_in=1` with the same attributes but HttpOnly: it authenticates nothing and only tells the web ' +
                'application that asking for the session is worth a request.',
            ),
          },
          content: json(sessionInfo),
        },
        '401': error('UNAUTHORIZED: wrong e-mail or password (the same answer for both).'),
        ...common,
        '429': loginLimited,
      },
    },
    get: {
      summary: 'The current session (cookie or Bearer): the user as they are now, its expiry and CSRF token',
      security: session,
      responses: {
        ...ok('200', 'The session.', sessionInfo),
        '401': error('UNAUTHORIZED: no session, or it is invalid, expired or ended.'),
        '429': common['429'],
      },
    },
    delete: {
      summary: 'Sign out: ends the session everywhere (the token stops working too) and clears the cookie',
      security: session,
      responses: {
        '204': {
          description: 'Signed out.',
          headers: { ...rateHeaders, ...setCookie('Clears the `__Host-session` cookie and its `signed_in` marker.') },
        },
        '401': error('UNAUTHORIZED: no session, or it is invalid, expired or ended.'),
        '403': csrfRefused,
        '429': common['429'],
      },
    },
  },
  '/api/auth/me': {
    get: {
      summary: 'The signed-in user',
      security: session,
      responses: {
        ...ok('200', 'The user.', { type: 'object', additionalProperties: false, required: ['user'], properties: { user: User } }),
        '401': error('UNAUTHORIZED'),
        '429': common['429'],
      },
    },
  },
  '/api/me/credentials': {
    get: {
      summary: "The signed-in user's own credentials, from every organization (recipient view)",
      description:
        "Every credential issued to the user's e-mail address, private ones included, newest first (issuanceDate desc, id desc). " +
        "The address and whether it is verified are read from the user's current account, so an address verified after sign-in " +
        'counts at once. An unverified address sees nothing: 403.',
      security: session,
      parameters: queryParameters(MyCredentialsQuery),
      responses: {
        ...ok('200', 'One page and the exact total.', page(RecipientCredential)),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: "Verify your e-mail address to see the credentials issued to it".'),
        '429': common['429'],
      },
    },
  },
  '/api/me/credentials/export': {
    get: {
      summary: 'Download all my credentials: every credential of the signed-in user in one JSON file, signed, with badge images',
      description:
        'The credentials GET /api/me/credentials lists, all of them (private ones included), newest first. Each `credential` is the ' +
        'signed Open Badges 3.0 credential byte for byte as issued, so it verifies on its own; `image` is the badge image it names ' +
        "when that is one of this platform's images. Answered as an attachment, never cached. An unverified address: 403.",
      security: session,
      parameters: queryParameters(NoQuery),
      responses: {
        '200': {
          description: 'The export (Content-Disposition: attachment; filename="credentials-{YYYY-MM-DD}.json").',
          headers: {
            ...rateHeaders,
            'Content-Disposition': { schema: { type: 'string' } },
            'Cache-Control': { schema: { type: 'string', enum: ['no-store'] } },
          },
          content: json(CredentialExport),
        },
        '400': error('VALIDATION_ERROR: the export takes no query parameters.'),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: "Verify your e-mail address to see the credentials issued to it".'),
        '429': common['429'],
      },
    },
  },
  '/api/auth/verify-email': {
    post: {
      summary: 'Confirm an e-mail address with the token from the verification e-mail',
      requestBody: {
        required: true,
        content: json(VerifyEmailBody),
      },
      responses: {
        ...ok('200', 'Verified.', { type: 'object', additionalProperties: false, required: ['user'], properties: { user: User } }),
        ...common,
      },
    },
  },
  '/api/auth/resend-verification': {
    post: {
      summary: 'Send a new verification e-mail (the answer never reveals whether the address has an account)',
      requestBody: {
        required: true,
        content: json(EmailBody),
      },
      responses: { ...ok('202', 'Accepted.', Accepted), ...common },
    },
  },
  '/api/auth/password-reset': {
    post: {
      summary: 'Send a password reset e-mail (the answer never reveals whether the address has an account)',
      requestBody: {
        required: true,
        content: json(EmailBody),
      },
      responses: { ...ok('202', 'Accepted.', Accepted), ...common },
    },
  },
  '/api/auth/password-reset/confirm': {
    post: {
      summary: 'Set a new password with the token from the reset e-mail (valid one hour, single use)',
      requestBody: {
        required: true,
        content: json(PasswordResetConfirmBody),
      },
      responses: { ...ok('200', 'Changed.', Accepted), ...common },
    },
  },
  '/api/invitations/accept': {
    post: {
      summary: 'Accept an invitation, signed in with the invited address',
      description:
        'Accepting makes the account a member; it does not confirm the address (an invitation link may have been forwarded): ' +
        'only the confirmation e-mail\'s link does.',
      security: session,
      requestBody: {
        required: true,
        content: json(AcceptInvitationBody),
      },
      responses: {
        ...ok('200', 'You are a member now.', {
          type: 'object',
          additionalProperties: false,
          required: ['organization', 'member'],
          properties: { organization: Organization, member: Member },
        }),
        '401': error('UNAUTHORIZED: not signed in.'),
        '403': error(
          'FORBIDDEN (details.reason = email_mismatch): signed in with another address than the invited one; or a failed CSRF check.',
        ),
        '404': error('NOT_FOUND: no invitation has this token.'),
        '409': error(
          'CONFLICT: details.invitationStatus = accepted | revoked | expired (the link no longer works), or details.reason = already_member.',
        ),
        ...common,
      },
    },
  },
  '/api/invitations/{token}': {
    parameters: [
      {
        name: 'token',
        in: 'path',
        required: true,
        description: "The token from the invitation e-mail's link.",
        schema: { type: 'string' },
      },
    ],
    get: {
      summary: 'What an invitation offers (no sign-in needed: the token is the proof)',
      responses: {
        ...ok('200', 'A pending invitation.', InvitationSummary),
        '404': error('NOT_FOUND: no invitation has this token.'),
        '409': error('CONFLICT (details.invitationStatus = accepted | revoked | expired): the link no longer works.'),
        '429': common['429'],
      },
    },
  },
} satisfies PathItems;
