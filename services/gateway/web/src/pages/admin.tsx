import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, query, seg } from '../api.js';
import { ErrorSummary, Form, Select, SubmitButton, TextInput, errorFor } from '../components/forms.js';
import { DateText, Loaded, Notice, Pager, Table } from '../components/ui.js';
import { ConfirmItem } from '../components/confirm.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { Link, useLocation, withQuery } from '../router.js';
import { adminSession, adminSignIn, adminSignOut, refreshAdminSession, subscribe } from '../session.js';
import type { Organization, Page, Plan } from '../types.js';
import { ORG_STATUS_TEXT, OrgStatusTag, PLAN_TEXT } from './account-common.js';

const LIMIT = 25;
const FILTERS: [string, string][] = [
  ['', 'All'],
  ['pending_approval', ORG_STATUS_TEXT.pending_approval],
  ['approved', ORG_STATUS_TEXT.approved],
  ['suspended', ORG_STATUS_TEXT.suspended],
];
const PLANS = (Object.keys(PLAN_TEXT) as Plan[]).map((p) => ({ value: p, label: PLAN_TEXT[p] }));

function useAdmin(): { expiresAt: string } | null | undefined {
  // undefined: not known yet (asking the server); null: no console session.
  const [known, setKnown] = useState(false);
  const [admin, setAdmin] = useState(adminSession);
  useEffect(() => {
    const off = subscribe(() => setAdmin(adminSession()));
    void refreshAdminSession().finally(() => setKnown(true));
    return off;
  }, []);
  return known ? admin : undefined;
}

function AdminSignIn() {
  const [token, setToken] = useState('');
  const submission = useSubmission();
  return (
    <>
      <p>The operator console is for the people who run this platform. Sign in with the operator token from its configuration.</p>
      <ErrorSummary error={submission.error} fields={['token']} />
      <Form
        label="Sign in to the operator console"
        onSubmit={() =>
          submission.run(async () => {
            try {
              await adminSignIn(token);
            } catch (err) {
              if (err instanceof ApiError && err.status === 401)
                throw new ApiError(401, err.code, 'The operator token is not right', { field: 'token' });
              throw err;
            } finally {
              setToken('');
            }
          })
        }
      >
        <TextInput
          name="token"
          label="Operator token"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={token}
          onValue={setToken}
          error={errorFor(submission.error, 'token')}
        />
        <SubmitButton pending={submission.pending}>Sign in to the console</SubmitButton>
      </Form>
    </>
  );
}

function PlanForm({ org, onChanged }: { org: Organization; onChanged: (o: Organization) => void }) {
  const [plan, setPlan] = useState<string>(org.plan);
  const submission = useSubmission();
  return (
    <Form
      onSubmit={() =>
        submission.run(async () => {
          onChanged(await api.patch<Organization>(`/api/admin/organizations/${seg(org.id)}`, { plan }));
        })
      }
    >
      <div class="inline-form">
        <Select
          name="plan"
          scope={org.id}
          label={`Plan of ${org.name}`}
          value={plan}
          options={PLANS}
          onValue={setPlan}
          error={submission.error?.message}
        />
        <SubmitButton pending={submission.pending} variant="secondary">
          Change plan<span class="visually-hidden"> of {org.name}</span>
        </SubmitButton>
      </div>
    </Form>
  );
}

type Action = 'approve' | 'suspend' | 'reinstate';
const DONE: Record<Action, string> = { approve: 'approved', suspend: 'suspended', reinstate: 'reinstated' };

function Organizations() {
  const location = useLocation();
  const status = location.search.get('status') ?? '';
  const offset = Number(location.search.get('offset') ?? 0) || 0;
  const list = useResource(
    () =>
      api.get<Page<Organization>>(
        `/api/admin/organizations${query({ status: status || undefined, limit: LIMIT, offset: offset || undefined })}`,
      ),
    [status, offset],
  );
  const action = useSubmission();
  const [message, setMessage] = useState('');
  const [suspending, setSuspending] = useState<Organization | undefined>();

  useEffect(() => {
    // The console session ended (expired, signed out in another tab): back to the sign-in form.
    if (list.error?.status === 401 || action.error?.status === 401) void refreshAdminSession();
  }, [list.error, action.error]);

  const request = (org: Organization, what: Action) => api.post(`/api/admin/organizations/${seg(org.id)}/${what}`, {});
  const done = (org: Organization, what: Action) => {
    setMessage(`${org.name} has been ${DONE[what]}.`);
    list.reload();
  };
  const act = async (org: Organization, what: Action) => {
    if (await action.run(async () => void (await request(org, what)))) done(org, what);
  };

  return (
    <>
      <nav aria-label="Organizations by state">
        <ul class="tabs">
          {FILTERS.map(([value, label]) => (
            <li key={value}>
              <Link href={withQuery(location, { status: value, offset: undefined })} aria-current={status === value ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {suspending ? null : <ErrorSummary error={action.error} />}
      <Loaded resource={list}>
        {(page) =>
          page.data.length === 0 ? (
            <p>No organizations{status ? ` in the state “${ORG_STATUS_TEXT[status as keyof typeof ORG_STATUS_TEXT] ?? status}”` : ''}.</p>
          ) : (
            <>
              <Table caption="Organizations" wide columns={['Organization', 'State', 'Plan', 'Created', 'Actions']}>
                {page.data.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <strong>{o.name}</strong>
                      <div class="muted small">
                        <code>{o.slug}</code>
                        {o.domain ? ` · ${o.domain}` : ''}
                      </div>
                    </td>
                    <td>
                      <OrgStatusTag status={o.status} />
                    </td>
                    <td>
                      <PlanForm
                        key={`${o.id}-${o.plan}`}
                        org={o}
                        onChanged={(changed) => {
                          setMessage(`${changed.name} is now on the ${PLAN_TEXT[changed.plan] ?? changed.plan} plan.`);
                          list.reload();
                        }}
                      />
                    </td>
                    <td>
                      <DateText iso={o.createdAt} />
                    </td>
                    <td>
                      <div class="actions tight">
                        {o.status === 'pending_approval' ? (
                          <button type="button" class="button small" disabled={action.pending} onClick={() => act(o, 'approve')}>
                            Approve<span class="visually-hidden"> {o.name}</span>
                          </button>
                        ) : null}
                        {o.status === 'suspended' ? (
                          <button type="button" class="button small" disabled={action.pending} onClick={() => act(o, 'reinstate')}>
                            Reinstate<span class="visually-hidden"> {o.name}</span>
                          </button>
                        ) : (
                          <button
                            type="button"
                            class="button danger small"
                            disabled={action.pending}
                            onClick={() => {
                              action.clear();
                              setSuspending(o);
                            }}
                          >
                            Suspend<span class="visually-hidden"> {o.name}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </Table>
              <Pager pagination={page.pagination} location={location} label="Organizations" />
            </>
          )
        }
      </Loaded>
      <ConfirmItem
        item={suspending}
        title="Suspend this organization?"
        label="Suspend organization"
        submission={action}
        run={(o) => request(o, 'suspend')}
        onDone={(o) => done(o, 'suspend')}
        onClose={() => setSuspending(undefined)}
      >
        {(o) => (
          <p>
            {o.name} will not be able to issue, its API keys are refused, and all its credentials stop verifying as valid until it is
            reinstated.
          </p>
        )}
      </ConfirmItem>
    </>
  );
}

export function AdminPage() {
  useTitle('Operator console');
  const admin = useAdmin();
  return (
    <>
      <h1>Operator console</h1>
      {admin === undefined ? (
        <p class="loading" role="status">
          Loading…
        </p>
      ) : admin === null ? (
        <AdminSignIn />
      ) : (
        <>
          <div class="actions">
            <p class="muted">
              Signed in to the console until <DateText iso={admin.expiresAt} withTime />.
            </p>
            <button type="button" class="button secondary small" onClick={() => void adminSignOut()}>
              Sign out of the console
            </button>
          </div>
          <h2>Organizations</h2>
          <Organizations />
        </>
      )}
    </>
  );
}
