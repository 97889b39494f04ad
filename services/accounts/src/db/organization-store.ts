import { rowCodec, type Knex, type RowOf } from '@cred/db';
import type { Member, Membership, MembershipRole, Organization, OrganizationStatus } from '../domain/model.js';

/** The columns are the organization's fields (packages/db rows.ts). */
const columns = rowCodec<Organization>()([
  'id',
  'name',
  'slug',
  'domain',
  'domainVerified',
  'status',
  'plan',
  'subscriptionStatus',
  'emailNotificationsEnabled',
  'recipientNameInCredentials',
  'signingKeysGenerated',
  'createdAt',
  'updatedAt',
]);
type OrgRow = RowOf<Organization>;
const toOrg = (r: OrgRow): Organization => columns.fromRow(r);

interface MembershipRow {
  organization_id: string;
  user_id: string;
  role: string;
  created_at: Date;
}

function toMembership(r: MembershipRow): Membership {
  return { organizationId: r.organization_id, userId: r.user_id, role: r.role as MembershipRole, createdAt: r.created_at };
}

export type OrganizationChanges = Partial<
  Pick<
    Organization,
    | 'name'
    | 'domain'
    | 'domainVerified'
    | 'status'
    | 'plan'
    | 'subscriptionStatus'
    | 'emailNotificationsEnabled'
    | 'recipientNameInCredentials'
    | 'signingKeysGenerated'
  >
>;

/** The only place with SQL for organizations and memberships. */
export const organizationStore = {
  async findById(db: Knex, id: string): Promise<Organization | undefined> {
    const row = await db<OrgRow>('organizations').where({ id }).first();
    return row ? toOrg(row) : undefined;
  },

  /** Row-locks the organization for a read-modify-write in `trx`. */
  async findForUpdate(trx: Knex.Transaction, id: string): Promise<Organization | undefined> {
    const row = await trx<OrgRow>('organizations').where({ id }).forUpdate().first();
    return row ? toOrg(row) : undefined;
  },

  async slugTaken(db: Knex, slug: string): Promise<boolean> {
    return (await db('organizations').where({ slug }).first('id')) !== undefined;
  },

  async insert(trx: Knex.Transaction, org: Organization): Promise<void> {
    await trx<OrgRow>('organizations').insert(columns.toRow(org));
  },

  async update(trx: Knex.Transaction, id: string, changes: OrganizationChanges, at: Date): Promise<Organization> {
    const [row] = await trx<OrgRow>('organizations')
      .where({ id })
      .update({ ...columns.toPatch(changes), updated_at: at })
      .returning('*');
    return toOrg(row as OrgRow);
  },

  async list(
    db: Knex,
    filter: { status?: OrganizationStatus; limit: number; offset: number },
  ): Promise<{ items: Organization[]; total: number }> {
    const base = () => {
      const q = db<OrgRow>('organizations');
      if (filter.status) q.where({ status: filter.status });
      return q;
    };
    const [rows, count] = await Promise.all([
      base()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(filter.limit)
        .offset(filter.offset),
      base().count<{ count: number }[]>('* as count'),
    ]);
    return { items: rows.map(toOrg), total: Number(count[0]?.count ?? 0) };
  },

  async addMembership(trx: Knex.Transaction, m: Membership): Promise<void> {
    await trx<MembershipRow>('memberships').insert({
      organization_id: m.organizationId,
      user_id: m.userId,
      role: m.role,
      created_at: m.createdAt,
    });
  },

  async findMembership(db: Knex, userId: string, organizationId: string): Promise<Membership | undefined> {
    const row = await db<MembershipRow>('memberships').where({ user_id: userId, organization_id: organizationId }).first();
    return row ? toMembership(row) : undefined;
  },

  async membershipsOf(db: Knex, userId: string): Promise<Membership[]> {
    const rows = await db<MembershipRow>('memberships').where({ user_id: userId }).orderBy('created_at', 'asc');
    return rows.map(toMembership);
  },

  /** Members with their names and addresses, owners first, then by joining time. */
  async listMembers(db: Knex, organizationId: string): Promise<Member[]> {
    const rows = await db('memberships as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', organizationId)
      .orderByRaw("CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'issuer' THEN 2 ELSE 3 END")
      .orderBy([
        { column: 'm.created_at', order: 'asc' },
        { column: 'm.user_id', order: 'asc' },
      ])
      .select<Array<{ user_id: string; email: string; name: string; role: string; created_at: Date }>>(
        'm.user_id',
        'u.email',
        'u.name',
        'm.role',
        'm.created_at',
      );
    return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role as MembershipRole, joinedAt: r.created_at }));
  },

  async findMember(db: Knex, organizationId: string, userId: string): Promise<Member | undefined> {
    const r = await db('memberships as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where({ 'm.organization_id': organizationId, 'm.user_id': userId })
      .first<{ user_id: string; email: string; name: string; role: string; created_at: Date } | undefined>(
        'm.user_id',
        'u.email',
        'u.name',
        'm.role',
        'm.created_at',
      );
    return r ? { userId: r.user_id, email: r.email, name: r.name, role: r.role as MembershipRole, joinedAt: r.created_at } : undefined;
  },

  async countOwners(db: Knex, organizationId: string): Promise<number> {
    const [row] = (await db('memberships').where({ organization_id: organizationId, role: 'owner' }).count('* as count')) as Array<{
      count: string;
    }>;
    return Number(row?.count ?? 0);
  },

  async setRole(trx: Knex.Transaction, organizationId: string, userId: string, role: MembershipRole): Promise<void> {
    await trx('memberships').where({ organization_id: organizationId, user_id: userId }).update({ role });
  },

  async removeMembership(trx: Knex.Transaction, organizationId: string, userId: string): Promise<boolean> {
    return (await trx('memberships').where({ organization_id: organizationId, user_id: userId }).delete()) === 1;
  },

  /** Adds a membership unless the user has one; false when they had (a concurrent join included). */
  async addMembershipIfNew(trx: Knex.Transaction, m: Membership): Promise<boolean> {
    const rows = await trx<MembershipRow>('memberships')
      .insert({ organization_id: m.organizationId, user_id: m.userId, role: m.role, created_at: m.createdAt })
      .onConflict(['organization_id', 'user_id'])
      .ignore()
      .returning('user_id');
    return rows.length === 1;
  },
};
