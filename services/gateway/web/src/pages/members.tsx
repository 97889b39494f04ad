import { useState } from 'preact/hooks';
import { can, canAssignRole, canRemoveMember, isRole, ROLES, type Role } from '@cred/proto/roles';
import { api, seg } from '../api.js';
import { ErrorSummary, Form, Select, SubmitButton, TextInput, errorFor } from '../components/forms.js';
import { useOrg, useRole, useUser } from '../components/layout.js';
import { DateText, Loaded, Notice, Table } from '../components/ui.js';
import { ConfirmItem, ConfirmOpener } from '../components/confirm.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { navigate } from '../router.js';
import { refreshSession } from '../session.js';
import type { Invitation, Member } from '../types.js';

/** How each role reads, with what it may do (docs/roles.md in a sentence). */
export const ROLE_TEXT: Record<Role, { name: string; hint: string }> = {
  owner: { name: 'Owner', hint: 'everything, including owners and the organization itself' },
  admin: { name: 'Admin', hint: 'everything but owners: members, keys, webhooks, settings, badges, issuing' },
  issuer: { name: 'Issuer', hint: 'badges and credentials: design, issue, renew, revoke, bulk issue' },
  viewer: { name: 'Viewer', hint: 'read only: badges, credentials, analytics, the team' },
};

const roleName = (role: string) => (isRole(role) ? ROLE_TEXT[role].name : role);

/** The roles `actor` may give to a member now holding `current` (or to a new member). */
function assignable(actor: string, current?: Role): Role[] {
  return ROLES.filter((r) => canAssignRole(actor, current, r));
}

function InviteForm({ orgId, role, onInvited }: { orgId: string; role: string; onInvited: (email: string) => void }) {
  const options = assignable(role);
  const [email, setEmail] = useState('');
  const [newRole, setNewRole] = useState<string>('issuer');
  const submission = useSubmission();
  return (
    <section class="card" aria-labelledby="h-invite">
      <h2 id="h-invite">Invite a colleague</h2>
      <p>They get an e-mail with a link that works once, for 7 days. They sign in or create an account with that address to join.</p>
      <ErrorSummary error={submission.error} fields={['email', 'role']} scope="invite" />
      <Form
        label="Invite a colleague"
        onSubmit={() =>
          submission.run(async () => {
            const address = email.trim();
            await api.post(`/api/organizations/${seg(orgId)}/invitations`, { email: address, role: newRole });
            setEmail('');
            onInvited(address);
          })
        }
      >
        <TextInput
          name="email"
          scope="invite"
          label="Their e-mail address"
          type="email"
          autoComplete="off"
          spellcheck={false}
          value={email}
          onValue={setEmail}
          error={errorFor(submission.error, 'email')}
        />
        <Select
          name="role"
          scope="invite"
          label="Role"
          hint={isRole(newRole) ? `${ROLE_TEXT[newRole].name}: ${ROLE_TEXT[newRole].hint}.` : undefined}
          value={newRole}
          options={options.map((r) => ({ value: r, label: ROLE_TEXT[r].name }))}
          onValue={setNewRole}
          error={errorFor(submission.error, 'role')}
        />
        <SubmitButton pending={submission.pending}>Send invitation</SubmitButton>
      </Form>
    </section>
  );
}

function RoleChange({
  orgId,
  member,
  actorRole,
  onSaved,
}: {
  orgId: string;
  member: Member;
  actorRole: string;
  onSaved: (m: Member) => void;
}) {
  const current = isRole(member.role) ? member.role : undefined;
  const options = assignable(actorRole, current);
  const [role, setRole] = useState<string>(member.role);
  const submission = useSubmission();
  const scope = `role-${member.userId}`;
  if (options.length === 0 || !options.includes(current as Role)) return <>{roleName(member.role)}</>;
  return (
    <div class="edit-row">
      <ErrorSummary error={submission.error} fields={['role']} scope={scope} />
      <Form
        label={`Role of ${member.name}`}
        onSubmit={() =>
          submission.run(async () => {
            const updated = await api.patch<Member>(`/api/organizations/${seg(orgId)}/members/${seg(member.userId)}`, { role });
            onSaved(updated);
          })
        }
      >
        <Select
          name="role"
          scope={scope}
          label={`Role of ${member.name}`}
          value={role}
          options={options.map((r) => ({ value: r, label: ROLE_TEXT[r].name }))}
          onValue={setRole}
          error={errorFor(submission.error, 'role')}
        />
        <SubmitButton pending={submission.pending}>Change role</SubmitButton>
      </Form>
    </div>
  );
}

export function MembersPage() {
  const { org } = useOrg();
  useTitle(`${org.name}: members`);
  const user = useUser();
  const role = useRole(org.id);
  const manage = can(role, 'members.manage');
  const members = useResource(() => api.get<{ data: Member[] }>(`/api/organizations/${seg(org.id)}/members`), [org.id]);
  const invitations = useResource(
    () =>
      manage
        ? api.get<{ data: Invitation[] }>(`/api/organizations/${seg(org.id)}/invitations`)
        : Promise.resolve({ data: [] as Invitation[] }),
    [org.id, manage],
  );
  const [message, setMessage] = useState('');
  const [removing, setRemoving] = useState<Member | undefined>();
  const [withdrawing, setWithdrawing] = useState<Invitation | undefined>();
  const remove = useSubmission();
  const withdraw = useSubmission();
  const leaving = removing?.userId === user?.id;

  return (
    <>
      <h1>Members</h1>
      <p>
        Your role here: <strong>{roleName(role)}</strong>
        {isRole(role) ? ` (${ROLE_TEXT[role].hint})` : ''}.
      </p>
      {message ? <Notice tone="success">{message}</Notice> : null}
      <Loaded resource={members}>
        {({ data }) => (
          <Table caption="Members" wide columns={['Name', 'E-mail address', 'Role', 'Joined', 'Actions']}>
            {data.map((m) => {
              const self = m.userId === user?.id;
              const removable = self || (isRole(m.role) && canRemoveMember(role, m.role));
              return (
                <tr key={m.userId}>
                  <td>
                    {m.name}
                    {self ? <span class="muted"> (you)</span> : null}
                  </td>
                  <td>{m.email}</td>
                  <td>
                    {manage ? (
                      <RoleChange
                        orgId={org.id}
                        member={m}
                        actorRole={role}
                        onSaved={async (updated) => {
                          setMessage(`${updated.name} is now ${roleName(updated.role).toLowerCase()}.`);
                          if (self) await refreshSession();
                          members.reload();
                        }}
                      />
                    ) : (
                      roleName(m.role)
                    )}
                  </td>
                  <td>
                    <DateText iso={m.joinedAt} />
                  </td>
                  <td>
                    {removable ? (
                      <ConfirmOpener submission={remove} onOpen={() => setRemoving(m)}>
                        {self ? (
                          'Leave the organization'
                        ) : (
                          <>
                            Remove<span class="visually-hidden"> {m.name}</span>
                          </>
                        )}
                      </ConfirmOpener>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </Loaded>
      {manage ? (
        <>
          <h2>Pending invitations</h2>
          <Loaded resource={invitations}>
            {({ data }) =>
              data.length === 0 ? (
                <p>There are no pending invitations.</p>
              ) : (
                <Table caption="Pending invitations" wide columns={['E-mail address', 'Role', 'Sent', 'Expires', 'Actions']}>
                  {data.map((i) => (
                    <tr key={i.id}>
                      <td>{i.email}</td>
                      <td>{roleName(i.role)}</td>
                      <td>
                        <DateText iso={i.createdAt} />
                      </td>
                      <td>
                        <DateText iso={i.expiresAt} withTime />
                      </td>
                      <td>
                        {i.role !== 'owner' || can(role, 'owners.manage') ? (
                          <ConfirmOpener submission={withdraw} onOpen={() => setWithdrawing(i)}>
                            Revoke<span class="visually-hidden"> the invitation of {i.email}</span>
                          </ConfirmOpener>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </Table>
              )
            }
          </Loaded>
          <InviteForm
            orgId={org.id}
            role={role}
            onInvited={(email) => {
              setMessage(`We sent an invitation to ${email}.`);
              invitations.reload();
            }}
          />
        </>
      ) : null}
      <ConfirmItem
        item={removing}
        title={leaving ? 'Leave this organization?' : 'Remove this member?'}
        label={leaving ? 'Leave' : 'Remove member'}
        submission={remove}
        run={(m) => api.del(`/api/organizations/${seg(org.id)}/members/${seg(m.userId)}`)}
        onDone={async (m) => {
          if (m.userId === user?.id) {
            await refreshSession();
            navigate('/', { replace: true });
            return;
          }
          setMessage(`${m.name} has been removed.`);
          members.reload();
        }}
        onClose={() => setRemoving(undefined)}
      >
        {(m) => (
          <p>
            {leaving
              ? `You lose access to ${org.name} at once. Someone who manages its members can invite you again.`
              : `${m.name} (${m.email}) loses access to ${org.name} at once. What they issued stays.`}
          </p>
        )}
      </ConfirmItem>
      <ConfirmItem
        item={withdrawing}
        title="Revoke this invitation?"
        label="Revoke invitation"
        submission={withdraw}
        run={(i) => api.del(`/api/organizations/${seg(org.id)}/invitations/${seg(i.id)}`)}
        onDone={(i) => {
          setMessage(`The invitation of ${i.email} has been revoked.`);
          invitations.reload();
        }}
        onClose={() => setWithdrawing(undefined)}
      >
        {(i) => <p>The link sent to {i.email} stops working at once. You can invite the address again afterwards.</p>}
      </ConfirmItem>
    </>
  );
}
