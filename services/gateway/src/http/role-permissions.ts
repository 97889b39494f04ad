import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import { can, type Permission } from '@cred/proto/roles';

/**
 * Which permission of the platform's table (@cred/proto/roles, docs/roles.md) each member route
 * needs: method and path under `/api/organizations/{orgId}`, as in the OpenAPI document. The
 * gateway test checks that every documented member route is listed here, so a new route cannot
 * be served without a decision.
 */
export interface RoutePermission {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** The path after `/api/organizations/{orgId}` ('' for the organization itself). */
  path: string;
  permission: Permission;
  /** When the path's `{userId}` is the caller: the permission for acting on oneself (leaving). */
  self?: Permission;
}

export const MEMBER_ROUTE_PERMISSIONS: readonly RoutePermission[] = [
  { method: 'get', path: '', permission: 'organization.read' },
  { method: 'patch', path: '', permission: 'organization.manage' },
  { method: 'get', path: '/quota', permission: 'organization.read' },

  { method: 'get', path: '/members', permission: 'members.read' },
  { method: 'patch', path: '/members/{userId}', permission: 'members.manage' },
  { method: 'delete', path: '/members/{userId}', permission: 'members.manage', self: 'organization.read' },
  { method: 'get', path: '/invitations', permission: 'members.manage' },
  { method: 'post', path: '/invitations', permission: 'members.manage' },
  { method: 'delete', path: '/invitations/{invitationId}', permission: 'members.manage' },

  { method: 'get', path: '/signing-keys', permission: 'signing_keys.read' },
  { method: 'post', path: '/signing-keys', permission: 'signing_keys.manage' },
  { method: 'post', path: '/signing-keys/rotate', permission: 'signing_keys.manage' },
  { method: 'post', path: '/signing-keys/{key}/compromised', permission: 'signing_keys.manage' },

  { method: 'get', path: '/api-keys', permission: 'api_keys.manage' },
  { method: 'post', path: '/api-keys', permission: 'api_keys.manage' },
  { method: 'patch', path: '/api-keys/{keyId}', permission: 'api_keys.manage' },
  { method: 'delete', path: '/api-keys/{keyId}', permission: 'api_keys.manage' },

  { method: 'get', path: '/webhooks', permission: 'webhooks.manage' },
  { method: 'post', path: '/webhooks', permission: 'webhooks.manage' },
  { method: 'delete', path: '/webhooks/{webhookId}', permission: 'webhooks.manage' },
  { method: 'get', path: '/webhooks/{webhookId}/deliveries', permission: 'webhooks.manage' },
  { method: 'post', path: '/webhooks/{webhookId}/deliveries/{deliveryId}/replay', permission: 'webhooks.manage' },
  { method: 'post', path: '/webhooks/deliveries/{deliveryId}/replay', permission: 'webhooks.manage' },
  { method: 'post', path: '/deliveries/{deliveryId}/replay', permission: 'webhooks.manage' },
  { method: 'post', path: '/webhooks/{webhookId}/ping', permission: 'webhooks.manage' },

  { method: 'get', path: '/badges', permission: 'badges.read' },
  { method: 'post', path: '/badges', permission: 'badges.manage' },
  { method: 'get', path: '/badges/{badgeId}', permission: 'badges.read' },
  { method: 'patch', path: '/badges/{badgeId}', permission: 'badges.manage' },
  { method: 'delete', path: '/badges/{badgeId}', permission: 'badges.manage' },
  { method: 'post', path: '/badges/{badgeId}/image', permission: 'badges.manage' },

  { method: 'get', path: '/credentials', permission: 'credentials.read' },
  { method: 'post', path: '/credentials', permission: 'credentials.issue' },
  { method: 'get', path: '/credentials/{credentialId}', permission: 'credentials.read' },
  { method: 'delete', path: '/credentials/{credentialId}', permission: 'credentials.issue' },
  { method: 'get', path: '/bulk-issuances', permission: 'credentials.read' },
  { method: 'post', path: '/bulk-issuances', permission: 'credentials.issue' },
  { method: 'post', path: '/bulk-issuances/preview', permission: 'credentials.issue' },
  { method: 'get', path: '/bulk-issuances/{bulkIssuanceId}', permission: 'credentials.read' },
  { method: 'get', path: '/bulk-issuances/{bulkIssuanceId}/report.csv', permission: 'credentials.read' },
  { method: 'get', path: '/notifications', permission: 'credentials.read' },

  { method: 'get', path: '/analytics', permission: 'analytics.read' },
  { method: 'get', path: '/audit-log', permission: 'audit.read' },
];

interface CompiledRoute extends RoutePermission {
  regex: RegExp;
  /** The same path read loosely (any case): for spotting a variant spelling of a listed route. */
  loose: RegExp;
  keys: string[];
  /** Literal segments first: `/webhooks/deliveries/...` is not `/webhooks/{webhookId}/...`. */
  literals: number;
}

const COMPILED: CompiledRoute[] = MEMBER_ROUTE_PERMISSIONS.map((r) => {
  const keys: string[] = [];
  const source = r.path
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)\}$/.exec(segment);
      if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { ...r, keys, regex: new RegExp(`^${source}$`), loose: new RegExp(`^${source}$`, 'i'), literals: r.path.split('/').filter((s) => s !== '' && !s.startsWith('{')).length };
}).sort((a, b) => b.literals - a.literals);

/**
 * The table's entry for a request under the organization (`path` relative to it, as Express has
 * it: not decoded), if any. The path must be written exactly as the route is, as the routers
 * match it (routes-kit.ts EXACT_ROUTING): no other case, no trailing slash.
 */
export function routePermission(method: string, path: string): { route: RoutePermission; params: Record<string, string> } | undefined {
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  for (const route of COMPILED) {
    if (route.method !== m) continue;
    const match = route.regex.exec(path === '/' ? '' : path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.keys.forEach((k, i) => (params[k] = match[i + 1] ?? ''));
    return { route, params };
  }
  return undefined;
}

/**
 * Whether `path` is another spelling of a listed route: other case, percent-encoded letters or
 * slashes, repeated or trailing slashes. The routers answer such a path 404 (they match
 * exactly); this says so before any router runs, so a router made some other way still cannot
 * serve a route's variant past its check.
 */
export function isRouteVariant(method: string, path: string): boolean {
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/').replace(/\/$/, '');
  return COMPILED.some((route) => route.method === m && route.loose.test(collapsed));
}

/**
 * Member routes: mount after requireMembership (which sets the caller's role, read from accounts
 * on this very request, so a role change counts on the next request). A route the table does not
 * list is left to the routers (they answer 404 for paths that do not exist), except another
 * spelling of a listed route, which is 404 here; the route-coverage test keeps every served
 * member route in the table.
 */
export function enforceRole(): RequestHandler {
  return (req, res, next) => {
    const found = routePermission(req.method, req.path);
    if (!found) {
      if (isRouteVariant(req.method, req.path)) throw AppError.notFound('Resource not found');
      next();
      return;
    }
    const role = String(res.locals.role ?? '');
    const self = found.route.self && found.params.userId?.toLowerCase() === String(res.locals.userId ?? '').toLowerCase();
    const permission = self ? found.route.self! : found.route.permission;
    if (!can(role, permission)) {
      throw AppError.forbidden(`Your role (${role}) does not allow this`, { role, permission });
    }
    next();
  };
}
