import { AdminSessionBody, Organization, OrganizationList, SetPlanBody, SigningKeys } from '../schemas/accounts.js';
import { Health } from '../schemas/common.js';
import {
  admin,
  adminSessionInfo,
  cacheControl,
  common,
  csrfRefused,
  error,
  json,
  ok,
  orgId,
  rateHeaders,
  requestIdHeader,
  setCookie,
  unavailable,
} from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { OrganizationListQuery } from '../schemas/queries.js';

/** Approve, suspend and reinstate answer once every verification surface shows the new status (issue 39). */
const verificationNote =
  'The 200 is sent once every verification surface (GET /api/verify/{id}, the verification page, POST /api/verify/credential and /baked) ' +
  'shows the new status: read-your-writes. A 503 means the change is recorded but verification has not confirmed it; repeating the request ' +
  'changes nothing more and asks verification again.';
const actionUnconfirmed = error('UNAVAILABLE: the change is recorded, but verification has not confirmed it yet; repeat the request.');

export const platformPaths = {
  '/api/admin/session': {
    post: {
      summary: 'Operator console sign-in with the platform admin token: a 1-hour HttpOnly cookie (never the token itself)',
      description: 'Wrong tokens count against the per-IP failed-attempt limit of the authentication endpoints.',
      requestBody: {
        required: true,
        content: json(AdminSessionBody),
      },
      responses: {
        '200': {
          description: 'Signed in.',
          headers: {
            ...rateHeaders,
            ...setCookie(
              '`__Host-admin_session=<signed value>; HttpOnly; SameSite=Strict; Path=/; Max-Age=3600; Secure` (Secure over ' +
                'http://localhost too, as `__Host-` requires; no Domain), and the readable marker ' +
                '`admin_signed_in=1; SameSite=Strict; Path=/; Max-Age=3600; Secure`, which authenticates nothing.',
            ),
          },
          content: json(adminSessionInfo),
        },
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        ...common,
      },
    },
    get: {
      summary: 'The operator console session of the __Host-admin_session cookie',
      responses: {
        ...ok('200', 'The session.', adminSessionInfo),
        '401': error('UNAUTHORIZED: no valid __Host-admin_session cookie.'),
        '429': common['429'],
      },
    },
    delete: {
      summary: 'Sign out of the operator console: clears the cookie',
      security: admin,
      responses: {
        '204': {
          description: 'Signed out.',
          headers: { ...rateHeaders, ...setCookie('Clears the `__Host-admin_session` cookie and its `admin_signed_in` marker.') },
        },
        '401': error('UNAUTHORIZED'),
        '403': csrfRefused,
        '429': common['429'],
      },
    },
  },
  '/api/admin/organizations': {
    get: {
      summary: 'All organizations, for platform operators',
      security: admin,
      parameters: queryParameters(OrganizationListQuery),
      responses: {
        ...ok('200', 'A page of organizations.', OrganizationList),
        '400': common['400'],
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        '429': common['429'],
      },
    },
  },
  '/api/admin/organizations/{orgId}': {
    parameters: [orgId],
    patch: {
      summary: "Set an organization's plan",
      security: admin,
      requestBody: {
        required: true,
        content: json(SetPlanBody),
      },
      responses: {
        ...ok('200', 'The organization.', Organization),
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        '404': error('NOT_FOUND'),
        ...common,
      },
    },
  },
  '/api/admin/organizations/{orgId}/approve': {
    parameters: [orgId],
    post: {
      summary: 'Approve an organization pending approval (approving an approved one changes nothing)',
      description: verificationNote,
      security: admin,
      responses: {
        ...ok('200', 'The organization (status approved).', Organization),
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        '404': error('NOT_FOUND'),
        '409': error('CONFLICT: a suspended organization is reinstated, not approved (details.status).'),
        '429': common['429'],
        '503': actionUnconfirmed,
      },
    },
  },
  '/api/admin/organizations/{orgId}/suspend': {
    parameters: [orgId],
    post: {
      summary: 'Suspend an organization: its credentials verify as not valid and its API keys get 403',
      description: verificationNote,
      security: admin,
      responses: {
        ...ok('200', 'The organization (status suspended).', Organization),
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
        '503': actionUnconfirmed,
      },
    },
  },
  '/api/admin/organizations/{orgId}/reinstate': {
    parameters: [orgId],
    post: {
      summary: 'Reinstate a suspended organization (status approved)',
      description: verificationNote,
      security: admin,
      responses: {
        ...ok('200', 'The organization (status approved).', Organization),
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        '404': error('NOT_FOUND'),
        '409': error('CONFLICT: only a suspended organization can be reinstated (details.status).'),
        '429': common['429'],
        '503': actionUnconfirmed,
      },
    },
  },
  '/api/admin/organizations/{orgId}/signing-keys': {
    parameters: [orgId],
    post: {
      summary: "Generate an organization's signing keys (as the member route does)",
      security: admin,
      responses: {
        ...ok('201', 'Generated now.', SigningKeys),
        ...ok('200', 'The organization already had its keys; nothing changed.', SigningKeys),
        '401': error('UNAUTHORIZED: not the platform admin token.'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
        '503': unavailable,
      },
    },
  },
  '/api/webhooks/stripe': {
    post: {
      summary: 'The payment provider (Stripe) posts subscription events here',
      description:
        'Authenticated by the `Stripe-Signature` header (t=..., v1=HMAC-SHA256 of `t.body` with the webhook secret, 5-minute ' +
        'tolerance), not by a key or session. The raw body (at most 1 MiB, any Content-Type) is verified byte for byte. Handled: ' +
        'checkout.session.completed, customer.subscription.created|updated|deleted, invoice.paid, invoice.payment_failed; other ' +
        'types are acknowledged and ignored; each event id is applied once.',
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: '`t=<unix seconds>,v1=<hex HMAC-SHA256>`',
        },
      ],
      requestBody: { required: true, content: json({ type: 'object', description: 'A Stripe event.' }) },
      responses: {
        ...ok('200', 'Received (handled, ignored or a duplicate).', {
          type: 'object',
          additionalProperties: false,
          required: ['received'],
          properties: { received: { const: true } },
        }),
        '400': error('VALIDATION_ERROR: missing, bad or stale signature, or an empty or malformed body; nothing changes.'),
        '413': error('PAYLOAD_TOO_LARGE: more than 1 MiB.'),
        '429': common['429'],
        '503': error('UNAVAILABLE: the change could not be applied now; the provider retries.'),
      },
    },
  },
  '/healthz': {
    get: {
      summary: 'Platform readiness: 200 only when every service is ready',
      description: 'Not rate limited. Results are cached for one second.',
      responses: {
        '200': { description: 'Every service is ready.', headers: requestIdHeader, content: json(Health) },
        '503': { description: 'Some service is not ready (see checks).', headers: requestIdHeader, content: json(Health) },
      },
    },
  },
  '/api/v1/openapi.json': {
    get: {
      summary: 'This document (no API key needed)',
      responses: {
        '200': {
          description: 'OpenAPI 3.1',
          headers: { ...rateHeaders, 'Cache-Control': cacheControl('public, max-age=300') },
          content: json({ type: 'object' }),
        },
        '429': common['429'],
      },
    },
  },
} satisfies PathItems;
