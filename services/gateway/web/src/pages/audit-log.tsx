import { api, query } from '../api.js';
import { FilterForm, Select, TextInput, errorFor } from '../components/forms.js';
import { useOrg } from '../components/layout.js';
import { DateText, Loaded, LoadError, Table } from '../components/ui.js';
import { refusedFilter, useQueryFilters, useResource, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import type { Member } from '../types.js';
import { Link, navigate, useLocation, withQuery } from '../router.js';

interface AuditEntry {
  id: string;
  occurredAt: string;
  actor: string;
  /** A `user:` actor's name as the account has it now (also after leaving); null otherwise. */
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  requestId: string | null;
}

interface AuditLogPage {
  data: AuditEntry[];
  pagination: { limit: number; nextCursor: string | null };
}

const PAGE_SIZE = 50;
const FILTERS = ['action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The action filter: a whole group (prefix) or one action. The API takes both forms. */
const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  { value: 'credential.', label: 'Credentials: any' },
  { value: 'credential.issued', label: 'Credential issued' },
  { value: 'credential.renewed', label: 'Credential renewed' },
  { value: 'credential.revoked', label: 'Credential revoked' },
  { value: 'bulk_issuance.', label: 'Bulk issuance started' },
  { value: 'badge.', label: 'Badges: any change' },
  { value: 'signing_key.', label: 'Signing keys: generated, rotated, compromised' },
  { value: 'api_key.', label: 'API keys: created, changed, revoked' },
  { value: 'webhook.', label: 'Webhooks: created, deleted' },
  { value: 'organization.', label: 'Organization: settings, plan, approval' },
  { value: 'member.', label: 'Members' },
  { value: 'invitation.', label: 'Invitations' },
  { value: 'user.', label: 'Sign-ups and sign-ins' },
];

const ACTION_TEXT: Record<string, string> = {
  'credential.issued': 'Issued a credential',
  'credential.renewed': 'Renewed a credential',
  'credential.revoked': 'Revoked a credential',
  'bulk_issuance.started': 'Started a bulk issuance',
  'bulk_issuance.report_downloaded': "Downloaded a bulk issuance's report",
  'badge.created': 'Created a badge',
  'badge.updated': 'Changed a badge',
  'badge.deleted': 'Deleted a badge',
  'badge.deactivated': 'Deactivated a badge',
  'badge.image_changed': "Changed a badge's image",
  'signing_key.generated': 'Generated the signing keys',
  'signing_key.rotated': 'Rotated the signing key',
  'signing_key.compromised': 'Reported a signing key compromised',
  'api_key.created': 'Created an API key',
  'api_key.updated': 'Changed an API key',
  'api_key.revoked': 'Revoked an API key',
  'organization.created': 'Created the organization',
  'organization.updated': 'Changed the settings',
  'organization.approved': 'Approved the organization',
  'organization.suspended': 'Suspended the organization',
  'organization.reinstated': 'Reinstated the organization',
  'organization.plan_changed': 'Changed the plan',
  'organization.subscription_changed': 'Subscription changed',
  'member.added': 'Added a member',
  'member.role_changed': "Changed a member's role",
  'member.removed': 'Removed a member',
  'invitation.created': 'Invited someone',
  'invitation.accepted': 'Accepted an invitation',
  'invitation.revoked': 'Withdrew an invitation',
  'webhook.created': 'Added a webhook endpoint',
  'webhook.updated': 'Changed a webhook endpoint',
  'webhook.deleted': 'Deleted a webhook endpoint',
  'webhook.secret_rotated': "Rotated a webhook's secret",
  'user.signed_up': 'Signed up',
  'user.sign_up_attempted': "Someone tried to sign up with a member's address",
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': "A sign-in to a member's account failed",
};

/** Members' names by user id, from the team list; people who left are no longer in it. */
type Names = ReadonlyMap<string, string>;

function actorText({ actor, actorName }: AuditEntry, names: Names | undefined): string {
  const [kind, id] = actor.split(/:(.*)/s);
  if (kind === 'user') {
    const member = id ? names?.get(id) : undefined;
    if (member) return member;
    const short = id?.slice(0, 8) ?? '';
    // The team list names every current member: an id it lacks is someone who has left.
    if (names) return actorName ? `${actorName} (former member)` : `Former member ${short}`;
    return actorName ?? `Member ${short}`;
  }
  if (kind === 'api_key') return `API key ${id?.slice(0, 8) ?? ''}`;
  if (actor === 'operator') return 'Platform operator';
  if (kind === 'operator') return `Platform operator ${id ?? ''}`;
  if (actor === 'system') return 'The platform';
  if (kind === 'provider') return `Payment provider (${id ?? ''})`;
  return actor;
}

/** What an entry is about, by the name the details give it when there is one. */
function Target({ orgId, e, names }: { orgId: string; e: AuditEntry; names: Names | undefined }) {
  const d = e.details;
  const label =
    typeof d.credentialId === 'string'
      ? d.credentialId
      : typeof d.name === 'string'
        ? d.name
        : typeof d.url === 'string'
          ? d.url
          : typeof d.email === 'string'
            ? d.email
            : e.targetType === 'membership'
              ? (names?.get(e.targetId) ?? e.targetId)
              : e.targetId;
  const kind = e.targetType.replace(/_/g, ' ');
  if (e.targetType === 'credential')
    return (
      <>
        {kind} <Link href={pagePath('credentialDetail', { orgId, credentialId: e.targetId })}>{label}</Link>
      </>
    );
  if (e.targetType === 'badge' && e.action !== 'badge.deleted')
    return (
      <>
        {kind} <Link href={pagePath('badgeEdit', { orgId, badgeId: e.targetId })}>{label}</Link>
      </>
    );
  return (
    <>
      {kind} <span class="break">{label}</span>
    </>
  );
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Who did what and when: owners and admins only (the API answers 403 to other members). */
export function AuditLogPage() {
  useTitle('Audit log');
  const { org } = useOrg();
  const location = useLocation();
  const q = location.search;
  const { applied: filters, draft, set, filtered } = useQueryFilters(location, FILTERS);
  const cursor = q.get('cursor') ?? undefined;
  const list = useResource(
    () =>
      api.get<AuditLogPage>(
        `/api/organizations/${encodeURIComponent(org.id)}/audit-log${query({
          action: filters.action,
          from: filters.from,
          // The page's "to" day is included; the API's `to` is the instant before which entries count.
          to: DAY.test(filters.to) ? nextDay(filters.to) : filters.to,
          cursor,
          limit: PAGE_SIZE,
        })}`,
      ),
    [org.id, location.href],
  );
  // Names for the "Who" column; the page still works (with short ids) if the list fails.
  const team = useResource(() => api.get<{ data: Member[] }>(`/api/organizations/${encodeURIComponent(org.id)}/members`), [org.id]);
  const names: Names | undefined = team.data
    ? new Map(team.data.data.map((m) => [m.userId, `${m.name} (${m.email})`]))
    : undefined;
  const filterError = refusedFilter(list.error);
  return (
    <>
      <h1>Audit log</h1>
      <p>Who did what in the organization and when, newest first. Owners and admins can read it.</p>
      <FilterForm
        label="Filter the audit log"
        error={filterError}
        fields={FILTERS}
        onApply={() => navigate(withQuery(location, { ...draft, cursor: undefined }))}
        clearHref={filtered ? location.pathname : undefined}
      >
        <Select
          name="action"
          label="Action"
          value={draft.action}
          options={ACTION_OPTIONS}
          onValue={set('action')}
          error={errorFor(filterError, 'action')}
        />
        <TextInput name="from" label="From (day, UTC)" type="date" value={draft.from} onValue={set('from')} error={errorFor(filterError, 'from')} />
        <TextInput name="to" label="To (day included, UTC)" type="date" value={draft.to} onValue={set('to')} error={errorFor(filterError, 'to')} />
      </FilterForm>
      {filterError ? null : list.error ? (
        <LoadError error={list.error} retry={list.reload} />
      ) : (
        <Loaded resource={list}>
          {(page) =>
            page.data.length === 0 ? (
              <p>{filtered || cursor ? 'No entries match.' : 'Nothing recorded yet.'}</p>
            ) : (
              <>
                <Table caption={filtered ? 'Matching entries' : 'Entries'} columns={['When', 'Who', 'Action', 'Target']}>
                  {page.data.map((e) => (
                    <tr key={e.id}>
                      <td>
                        <DateText iso={e.occurredAt} withTime />
                      </td>
                      <td>
                        {actorText(e, names)}
                        <div class="muted small">
                          <code>{e.actor}</code>
                        </div>
                      </td>
                      <td>
                        {ACTION_TEXT[e.action] ?? e.action}
                        <div class="muted small">
                          <code>{e.action}</code>
                        </div>
                      </td>
                      <td>
                        <Target orgId={org.id} e={e} names={names} />
                      </td>
                    </tr>
                  ))}
                </Table>
                <nav class="pager" aria-label="Audit log pages">
                  <ul>
                    <li>{cursor ? <Link href={withQuery(location, { cursor: undefined })}>← Newest</Link> : null}</li>
                    <li>
                      {page.pagination.nextCursor ? (
                        <Link href={withQuery(location, { cursor: page.pagination.nextCursor })}>Older →</Link>
                      ) : null}
                    </li>
                  </ul>
                </nav>
              </>
            )
          }
        </Loaded>
      )}
    </>
  );
}
