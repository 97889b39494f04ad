import type { CallOptions } from '@cred/grpc';
import type { OrgScope } from './org-scope.js';

/**
 * The call options of an RPC that changes something: the request id and who acts (gRPC
 * metadata `x-actor`), which the owning service writes into its audit log. The actor is the
 * organization scope's (`user:<id>` or `api_key:<id>`), else the signed-in member's, else what
 * the route set in `res.locals.actor` (the operator console: `operator`).
 */
export function actingCall(res: { locals: Record<string, unknown> }, extra: Omit<CallOptions, 'requestId' | 'actor'> = {}): CallOptions {
  const scope = res.locals.scope as OrgScope | undefined;
  const actor =
    scope?.actor ??
    (typeof res.locals.userId === 'string' && res.locals.userId !== '' ? `user:${res.locals.userId}` : undefined) ??
    (res.locals.actor as string | undefined);
  return {
    ...extra,
    requestId: String(res.locals.requestId ?? ''),
    ...(actor ? { actor } : {}),
  };
}
