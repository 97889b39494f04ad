// @unit
// The permission table (@cred/proto/roles) as docs/roles.md states it: a pure check, no I/O.
import t from 'tap';
import { can, canAssignRole, canRemoveMember, PERMISSIONS, ROLES, type Permission } from '@cred/proto/roles';

const EXPECTED: Record<Permission, string> = {
  // owner admin issuer viewer
  'organization.read': 'YYYY',
  'organization.manage': 'YY--',
  'members.read': 'YYYY',
  'members.manage': 'YY--',
  'owners.manage': 'Y---',
  'signing_keys.read': 'YYYY',
  'signing_keys.manage': 'YY--',
  'api_keys.manage': 'YY--',
  'webhooks.manage': 'YY--',
  'badges.read': 'YYYY',
  'badges.manage': 'YYY-',
  'credentials.read': 'YYYY',
  'credentials.issue': 'YYY-',
  'analytics.read': 'YYYY',
  'audit.read': 'YY--',
};

t.test('the table says what docs/roles.md says', async (t) => {
  t.same(Object.keys(PERMISSIONS).sort(), Object.keys(EXPECTED).sort(), 'every permission is written down');
  for (const [permission, row] of Object.entries(EXPECTED) as [Permission, string][]) {
    t.equal(ROLES.map((r) => (can(r, permission) ? 'Y' : '-')).join(''), row, permission);
  }
  t.notOk(can('member', 'credentials.read'), 'the old role name holds nothing');
  t.notOk(can(undefined, 'organization.read'), 'no role holds nothing');
});

t.test('owners seats: only owners touch them', async (t) => {
  t.ok(canAssignRole('owner', undefined, 'owner'), 'an owner may invite an owner');
  t.notOk(canAssignRole('admin', undefined, 'owner'), 'an admin may not');
  t.ok(canAssignRole('admin', undefined, 'admin'), 'an admin may invite an admin');
  t.notOk(canAssignRole('admin', 'owner', 'viewer'), 'an admin may not demote an owner');
  t.notOk(canAssignRole('admin', 'issuer', 'owner'), 'nor promote to owner');
  t.ok(canAssignRole('admin', 'admin', 'viewer'), 'an admin may change an admin');
  t.notOk(canAssignRole('issuer', 'viewer', 'issuer'), 'an issuer changes no roles');
  t.ok(canRemoveMember('owner', 'owner'));
  t.notOk(canRemoveMember('admin', 'owner'));
  t.ok(canRemoveMember('admin', 'issuer'));
  t.notOk(canRemoveMember('viewer', 'viewer'));
});
