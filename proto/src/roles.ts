/**
 * Roles of an organization's members and what each may do: the one permission table of the
 * platform (docs/roles.md says it in words). It sits beside the protos because it is part of the
 * contract: `Membership.role` carries these names, the gateway enforces the table on every member
 * route, accounts re-checks it for what accounts owns (members, invitations, API keys,
 * organization settings), issuance for signing keys, and the web application hides what a role
 * cannot use. Plain data, no I/O, so the browser bundle can import it too.
 */
export const ROLES = ['owner', 'admin', 'issuer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const ISSUERS: readonly Role[] = ['owner', 'admin', 'issuer'];

/**
 * Permission -> the roles that hold it. Admins hold everything but `owners.manage`: they cannot
 * invite, promote, demote or remove an owner (so an admin can never take an organization away
 * from its owners).
 */
export const PERMISSIONS = {
  /** The organization record, its quota. */
  'organization.read': ALL,
  /** Name, domain, e-mail notifications, recipients' names in credentials. */
  'organization.manage': MANAGERS,
  /** Who is in the team, with roles. */
  'members.read': ALL,
  /** Invite (and list or revoke invitations), change roles, remove members: owners' seats excepted. */
  'members.manage': MANAGERS,
  /** Invite someone as owner, make someone owner, demote or remove an owner. */
  'owners.manage': ['owner'],
  /** The organization's public keys (they are public in did.json anyway). */
  'signing_keys.read': ALL,
  /** Generate, rotate, report a compromise. */
  'signing_keys.manage': MANAGERS,
  /** Create, list, edit, revoke API keys. */
  'api_keys.manage': MANAGERS,
  /** Outbound webhook endpoints and their deliveries (read included: URLs, failures). */
  'webhooks.manage': MANAGERS,
  'badges.read': ALL,
  /** Create, edit, delete badge templates and their images. */
  'badges.manage': ISSUERS,
  /** Credentials, bulk jobs and their reports, notifications sent. */
  'credentials.read': ALL,
  /** Issue, renew, revoke, bulk issuance (preview included). */
  'credentials.issue': ISSUERS,
  'analytics.read': ALL,
  /** Who did what and when in the organization (docs/architecture.md, Audit log). */
  'audit.read': MANAGERS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds `permission`; an unknown role (or none) holds nothing. */
export function can(role: string | undefined, permission: Permission): boolean {
  return isRole(role) && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Whether `actor` may give `target` (a member's current role, or undefined for a new member)
 * the role `next`: members.manage for any change, owners.manage when an owner's seat is on
 * either side.
 */
export function canAssignRole(actor: string | undefined, current: Role | undefined, next: Role): boolean {
  if (!can(actor, 'members.manage')) return false;
  if ((current === 'owner' || next === 'owner') && !can(actor, 'owners.manage')) return false;
  return true;
}

/** Whether `actor` may remove a member holding `target` (leaving oneself is not removing). */
export function canRemoveMember(actor: string | undefined, target: Role): boolean {
  if (!can(actor, 'members.manage')) return false;
  return target !== 'owner' || can(actor, 'owners.manage');
}
