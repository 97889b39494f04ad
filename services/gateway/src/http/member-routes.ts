import { AppError } from '@cred/runtime';
import type { SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { pathId, requestIdOf } from './body.js';
import { forwardedIdempotency, forwardIdempotency, REPLAYED_HEADER } from './idempotency.js';
import { requireSession } from './session-auth.js';
import { invitationSummaryView, invitationView, memberView, organizationView } from './views.js';
import { validate } from './validate.js';
import { AcceptInvitationBody, ChangeRoleBody, InvitationBody } from '../openapi/schemas/accounts.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

/**
 * `/api/organizations/{orgId}/members` and `.../invitations`: mounted under the organization
 * router (session, membership, role checked against the permission table). Every call names the
 * acting user, and accounts checks that user's role again on its own rows.
 */
export function memberRoutes(
  upstreams: Upstreams,
  /** Drops the gateway's cached API key principals: a removal or demotion may revoke keys (issue 39). */
  keysMayHaveChanged: () => Promise<void>,
): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}']);
  const accounts = upstreams.accounts;
  const actor = (res: { locals: Record<string, unknown> }) => ({
    organization_id: String(res.locals.orgId),
    actor_user_id: String(res.locals.userId),
  });

  router.get('/members', async (_req, res) => {
    const r = await accounts.ListMembers(actor(res), { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.members ?? []).map(memberView) });
  });

  router.patch('/members/{userId}', async (req, res) => {
    const userId = pathId(req, 'userId');
    const { role } = validate(ChangeRoleBody, req.body ?? {});
    const member = await accounts.ChangeMemberRole({ ...actor(res), user_id: userId, role }, { requestId: requestIdOf(res) });
    await keysMayHaveChanged();
    res.status(200).json(memberView(member));
  });

  router.delete('/members/{userId}', async (req, res) => {
    const userId = pathId(req, 'userId');
    await accounts.RemoveMember({ ...actor(res), user_id: userId }, { requestId: requestIdOf(res) });
    await keysMayHaveChanged();
    res.status(204).end();
  });

  router.get('/invitations', async (_req, res) => {
    const r = await accounts.ListInvitations(actor(res), { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.invitations ?? []).map(invitationView) });
  });

  // Idempotency-Key: accounts keeps the record with the invitation (./idempotency.ts,
  // forwardIdempotency; docs/decisions.md "Idempotency-Key"). A replay is the first answer.
  router.post('/invitations', forwardIdempotency('invitations.create'), async (req, res) => {
    const { email, role } = validate(InvitationBody, req.body ?? {});
    const invitation = await accounts
      .CreateInvitation({ ...actor(res), email, role, idempotency: forwardedIdempotency(res) }, { requestId: requestIdOf(res) })
      .catch((err: unknown) => {
        // Past an invitation limit accounts says when the next one may go (details.retryAfter, seconds).
        if (err instanceof AppError && err.code === 'RATE_LIMITED' && !res.headersSent) {
          const s = Number(err.details.retryAfter);
          res.setHeader('Retry-After', String(Number.isInteger(s) && s >= 1 ? s : 60));
        }
        throw err;
      });
    if (invitation.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    const view = invitationView(invitation);
    res.status(201).setHeader('Location', `/api/organizations/${String(res.locals.orgId)}/invitations/${view.id}`);
    res.json(view);
  });

  router.delete('/invitations/{invitationId}', async (req, res) => {
    const invitationId = pathId(req, 'invitationId');
    await accounts.RevokeInvitation({ ...actor(res), invitation_id: invitationId }, { requestId: requestIdOf(res) });
    res.status(204).end();
  });

  return router;
}

/** A token as sent: the accounts service decides; this only bounds it (an unknown token is 404 there). */
function tokenOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw AppError.validation('token', 'token is required');
  if (value.length > 256 || !/^[A-Za-z0-9_-]+$/.test(value)) throw AppError.notFound('Invitation not found');
  return value;
}

/**
 * `/api/invitations`: the holder of an invitation's token (from the e-mail) reads what it offers
 * without signing in, then accepts it signed in with the invited address.
 */
export function invitationRoutes(upstreams: Upstreams, verifySession: SessionVerifier): DocumentedRouter {
  const router = documentedRouter(['/api/invitations']);
  const accounts = upstreams.accounts;

  router.post('/accept', requireSession(verifySession), async (req, res) => {
    const token = tokenOf(validate(AcceptInvitationBody, req.body ?? {}).token);
    const r = await accounts.AcceptInvitation({ token, user_id: String(res.locals.userId) }, { requestId: requestIdOf(res) });
    res.status(200).json({ organization: organizationView(r.organization!), member: memberView(r.member!) });
  });

  router.get('/{token}', async (req, res) => {
    const token = tokenOf(req.params.token);
    const summary = await accounts.GetInvitationByToken({ token }, { requestId: requestIdOf(res) });
    res.status(200).setHeader('Cache-Control', 'no-store');
    res.json(invitationSummaryView(summary));
  });

  return router;
}
