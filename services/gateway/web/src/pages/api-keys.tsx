import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { api, ApiError, query, seg } from '../api.js';
import { ErrorSummary, Form, SubmitButton, TextInput, errorFor } from '../components/forms.js';
import { useOrg } from '../components/layout.js';
import { CopyButton, DateText, Loaded, Notice, Table } from '../components/ui.js';
import { ConfirmItem, ConfirmOpener } from '../components/confirm.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { Link, useLocation, withQuery } from '../router.js';
import type { ApiKey, CreatedApiKey } from '../types.js';

/** A whole number from 1 to 10,000, or a validation error naming the field. */
function rateOf(value: string, field = 'rateLimitPerMinute'): number {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 10_000)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Enter a whole number of requests per minute from 1 to 10000', { field });
  return n;
}

/** A key's name and rate limit, as the create and the edit form ask them (the hints only when creating). */
function KeyFields({
  scope,
  name,
  setName,
  rate,
  setRate,
  error,
  withHints = false,
}: {
  scope: string;
  name: string;
  setName: (value: string) => void;
  rate: string;
  setRate: (value: string) => void;
  error: ApiError | undefined;
  withHints?: boolean;
}) {
  return (
    <>
      <TextInput
        name="name"
        scope={scope}
        label="Key name"
        hint={withHints ? 'What uses the key, for example “Student records system”.' : undefined}
        maxLength={200}
        value={name}
        onValue={setName}
        error={errorFor(error, 'name')}
      />
      <TextInput
        name="rateLimitPerMinute"
        scope={scope}
        label="Rate limit (requests per minute)"
        hint={withHints ? 'From 1 to 10000. Requests beyond it get 429 Too Many Requests.' : undefined}
        type="number"
        inputMode="numeric"
        min={1}
        max={10000}
        value={rate}
        onValue={setRate}
        error={errorFor(error, 'rateLimitPerMinute')}
      />
    </>
  );
}

function CreateKey({ orgId, onCreated }: { orgId: string; onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [rate, setRate] = useState('60');
  const submission = useSubmission();
  return (
    <section class="card" aria-labelledby="h-new-key">
      <h2 id="h-new-key">Create an API key</h2>
      <ErrorSummary error={submission.error} fields={['name', 'rateLimitPerMinute']} scope="new" />
      <Form
        label="Create an API key"
        onSubmit={() =>
          submission.run(async () => {
            const rateLimitPerMinute = rateOf(rate);
            const key = await api.post<CreatedApiKey>(`/api/organizations/${seg(orgId)}/api-keys`, {
              name: name.trim(),
              rateLimitPerMinute,
            });
            setName('');
            setRate('60');
            onCreated(key);
          })
        }
      >
        <KeyFields scope="new" name={name} setName={setName} rate={rate} setRate={setRate} error={submission.error} withHints />
        <SubmitButton pending={submission.pending}>Create API key</SubmitButton>
      </Form>
    </section>
  );
}

/** The secret, shown once: it lives only in this page's state until "I have copied it" or leaving the page. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div class="notice notice-warning" role="alert">
      <p class="notice-title">Copy your new API key now: “{created.name}”</p>
      <p>
        This is the only time the key is shown. We store only a hash of it, so it cannot be shown again; if you lose it, revoke it and
        create another.
      </p>
      <code class="secret" id="new-api-key">
        {created.key}
      </code>
      <div class="actions">
        <CopyButton value={created.key} label="Copy API key" />
        <button type="button" class="button secondary small" onClick={onDone}>
          I have copied the key
        </button>
      </div>
      <p class="hint">
        Send it as <code>Authorization: Bearer …</code> on calls to <code>/api/v1</code>.
      </p>
    </div>
  );
}

function EditKey({ orgId, k, onSaved, onCancel }: { orgId: string; k: ApiKey; onSaved: () => void; onCancel: () => void }) {
  const [name, setName] = useState(k.name);
  const [rate, setRate] = useState(String(k.rateLimitPerMinute));
  const submission = useSubmission();
  const scope = `edit-${k.id}`;
  return (
    <div class="edit-row">
      <ErrorSummary error={submission.error} fields={['name', 'rateLimitPerMinute']} scope={scope} />
      <Form
        label={`Edit API key ${k.name}`}
        onSubmit={() =>
          submission.run(async () => {
            const rateLimitPerMinute = rateOf(rate);
            await api.patch(`/api/organizations/${seg(orgId)}/api-keys/${seg(k.id)}`, { name: name.trim(), rateLimitPerMinute });
            onSaved();
          })
        }
      >
        <KeyFields scope={scope} name={name} setName={setName} rate={rate} setRate={setRate} error={submission.error} />
        <SubmitButton pending={submission.pending}>Save changes</SubmitButton>
        <button type="button" class="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </Form>
    </div>
  );
}

export function ApiKeysPage() {
  const { org } = useOrg();
  useTitle(`${org.name}: API keys`);
  const location = useLocation();
  const showRevoked = location.search.get('revoked') === '1';
  const keys = useResource(
    () => api.get<{ data: ApiKey[] }>(`/api/organizations/${seg(org.id)}/api-keys${query({ includeRevoked: showRevoked || undefined })}`),
    [org.id, showRevoked],
  );
  const [created, setCreated] = useState<CreatedApiKey | undefined>();
  const [editing, setEditing] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<ApiKey | undefined>();
  const [message, setMessage] = useState('');
  const revoke = useSubmission();
  return (
    <>
      <h1>API keys</h1>
      <p>
        API keys let your own systems issue and manage credentials through <a href="/api/v1/openapi.json">the API</a>. Each key has its own
        rate limit.
      </p>
      {org.plan === 'free' ? (
        <Notice tone="info" title="API access needs the Professional or Enterprise plan">
          <p>
            You can create keys now, but on the Free plan calls to <code>/api/v1</code> are refused (403) until the organization moves to
            the Professional or Enterprise plan.
          </p>
        </Notice>
      ) : null}
      {created ? <NewSecret created={created} onDone={() => setCreated(undefined)} /> : null}
      {message ? <Notice tone="success">{message}</Notice> : null}
      <h2>Your keys</h2>
      <p>
        {showRevoked ? (
          <Link href={withQuery(location, { revoked: undefined })}>Hide revoked keys</Link>
        ) : (
          <Link href={withQuery(location, { revoked: 1 })}>Show revoked keys too</Link>
        )}
      </p>
      <Loaded resource={keys}>
        {({ data }) =>
          data.length === 0 ? (
            <p>There are no API keys yet.</p>
          ) : (
            <Table caption="API keys" wide columns={['Name', 'Starts with', { num: 'Per minute' }, 'Created', 'Last used', 'Actions']}>
              {data.map((k) => (
                <Fragment key={k.id}>
                  <tr>
                    <td>
                      {k.name}
                      {k.revokedAt ? (
                        <>
                          {' '}
                          <strong class="tag tag-revoked">Revoked</strong>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <code>{k.prefix}…</code>
                    </td>
                    <td class="num">{k.rateLimitPerMinute}</td>
                    <td>
                      <DateText iso={k.createdAt} />
                    </td>
                    <td>{k.lastUsedAt ? <DateText iso={k.lastUsedAt} withTime /> : 'Never'}</td>
                    <td>
                      {k.revokedAt ? (
                        <>
                          Revoked <DateText iso={k.revokedAt} />
                        </>
                      ) : (
                        <div class="actions tight">
                          <button
                            type="button"
                            class="button secondary small"
                            aria-expanded={editing === k.id}
                            onClick={() => setEditing(editing === k.id ? undefined : k.id)}
                          >
                            Edit<span class="visually-hidden"> {k.name}</span>
                          </button>
                          <ConfirmOpener submission={revoke} onOpen={() => setRevoking(k)}>
                            Revoke<span class="visually-hidden"> {k.name}</span>
                          </ConfirmOpener>
                        </div>
                      )}
                    </td>
                  </tr>
                  {editing === k.id ? (
                    <tr>
                      <td colSpan={6}>
                        <EditKey
                          orgId={org.id}
                          k={k}
                          onCancel={() => setEditing(undefined)}
                          onSaved={() => {
                            setEditing(undefined);
                            setMessage(`The key “${k.name}” has been saved.`);
                            keys.reload();
                          }}
                        />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </Table>
          )
        }
      </Loaded>
      <CreateKey
        orgId={org.id}
        onCreated={(k) => {
          setMessage('');
          setCreated(k);
          keys.reload();
        }}
      />
      <ConfirmItem
        item={revoking}
        title="Revoke this API key?"
        label="Revoke key"
        submission={revoke}
        run={(k) => api.del(`/api/organizations/${seg(org.id)}/api-keys/${seg(k.id)}`)}
        onDone={(k) => {
          setMessage(`The key “${k.name}” has been revoked.`);
          keys.reload();
        }}
        onClose={() => setRevoking(undefined)}
      >
        {(k) => (
          <p>
            “{k.name}” (<code>{k.prefix}…</code>) stops working at once: every call with it gets 401. This cannot be undone.
          </p>
        )}
      </ConfirmItem>
    </>
  );
}
