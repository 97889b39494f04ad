import { useState } from 'preact/hooks';
import { api, ApiError, query, seg } from '../api.js';
import { Checkbox, ErrorSummary, Form, SubmitButton, TextInput, errorFor, fieldId } from '../components/forms.js';
import { useOrg } from '../components/layout.js';
import { CopyButton, DateText, Loaded, Notice, Pager, Table } from '../components/ui.js';
import { ConfirmItem, ConfirmOpener } from '../components/confirm.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { Link, useLocation, withQuery } from '../router.js';
import { WEBHOOK_EVENTS, type CreatedWebhook, type Delivery, type Page, type Webhook } from '../types.js';

const LIMIT = 20;

const DELIVERY_TEXT: Record<string, string> = {
  pending: 'Pending (retrying)',
  succeeded: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function DeliveryTag({ status }: { status: string }) {
  return <strong class={`tag tag-${status}`}>{DELIVERY_TEXT[status] ?? status}</strong>;
}

function CreateWebhook({ orgId, onCreated }: { orgId: string; onCreated: (w: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENTS]);
  const submission = useSubmission();
  const eventsError = errorFor(submission.error, 'events');
  return (
    <section class="card" aria-labelledby="h-new-webhook">
      <h2 id="h-new-webhook">Add an endpoint</h2>
      <ErrorSummary error={submission.error} fields={['url', 'events']} />
      <Form
        label="Add an endpoint"
        onSubmit={() =>
          submission.run(async () => {
            if (events.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'Choose at least one event', { field: 'events' });
            const w = await api.post<CreatedWebhook>(`/api/organizations/${seg(orgId)}/webhooks`, { url: url.trim(), events });
            setUrl('https://');
            onCreated(w);
          })
        }
      >
        <TextInput
          name="url"
          label="Endpoint URL"
          hint="An https address on the public internet that accepts POST requests."
          type="url"
          inputMode="url"
          spellcheck={false}
          value={url}
          onValue={setUrl}
          error={errorFor(submission.error, 'url')}
        />
        <fieldset id={fieldId('events')} class={eventsError ? 'field field-error' : 'field'} aria-describedby="events-hint">
          <legend>Events to send</legend>
          <p class="hint" id="events-hint">
            Each event is sent as a signed JSON POST.
          </p>
          {eventsError ? (
            <p class="error-message">
              <span class="visually-hidden">Error: </span>
              {eventsError}
            </p>
          ) : null}
          {WEBHOOK_EVENTS.map((ev) => (
            <Checkbox
              key={ev}
              name={`events.${ev}`}
              label={ev}
              checked={events.includes(ev)}
              onChecked={(on) => setEvents((list) => (on ? [...list, ev] : list.filter((e) => e !== ev)))}
            />
          ))}
        </fieldset>
        <SubmitButton pending={submission.pending}>Add endpoint</SubmitButton>
      </Form>
    </section>
  );
}

function NewSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  return (
    <div class="notice notice-warning" role="alert">
      <p class="notice-title">Copy the signing secret of {created.url} now</p>
      <p>
        This is the only time the secret is shown. Your endpoint checks each request with it: <code>X-Service-Signature</code> is the hex
        HMAC-SHA256 of the raw body with this secret.
      </p>
      <code class="secret">{created.secret}</code>
      <div class="actions">
        <CopyButton value={created.secret} label="Copy signing secret" />
        <button type="button" class="button secondary small" onClick={onDone}>
          I have copied the secret
        </button>
      </div>
    </div>
  );
}

function Deliveries({ orgId, webhook }: { orgId: string; webhook: Webhook }) {
  const location = useLocation();
  const offset = Number(location.search.get('offset') ?? 0) || 0;
  const base = `/api/organizations/${seg(orgId)}/webhooks/${seg(webhook.id)}`;
  const list = useResource(
    () => api.get<Page<Delivery>>(`${base}/deliveries${query({ limit: LIMIT, offset: offset || undefined })}`),
    [base, offset],
  );
  const replay = useSubmission();
  const ping = useSubmission();
  const [message, setMessage] = useState('');
  return (
    <section aria-labelledby="h-deliveries">
      <h2 id="h-deliveries">
        Deliveries to <span class="break">{webhook.url}</span>
      </h2>
      <div class="actions">
        <button
          type="button"
          class="button secondary"
          disabled={ping.pending}
          onClick={() =>
            ping.run(async () => {
              setMessage('');
              const d = await api.post<Delivery>(`${base}/ping`, {});
              setMessage(
                d.status === 'succeeded'
                  ? `The test ping was delivered${d.lastStatusCode ? ` (HTTP ${d.lastStatusCode})` : ''}.`
                  : `The test ping was not delivered: ${d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : d.status)}.`,
              );
              list.reload();
            })
          }
        >
          {ping.pending ? 'Sending…' : 'Send a test ping'}
        </button>
        <button type="button" class="button secondary" onClick={list.reload}>
          Refresh the log
        </button>
        <Link href={withQuery(location, { webhook: undefined, offset: undefined })}>Close the log</Link>
      </div>
      {message ? <Notice tone={message.includes('not delivered') ? 'warning' : 'success'}>{message}</Notice> : null}
      <ErrorSummary error={ping.error ?? replay.error} />
      <Loaded resource={list}>
        {(page) =>
          page.data.length === 0 ? (
            <p>Nothing has been sent to this endpoint yet.</p>
          ) : (
            <>
              <Table
                caption="Deliveries"
                wide
                columns={['Event', 'Status', { num: 'Attempts' }, 'Last answer', 'Created', 'Delivered / next try', 'Actions']}
              >
                {page.data.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <code class="nowrap">{d.eventType}</code>
                      <div class="muted small">{d.eventId}</div>
                    </td>
                    <td>
                      <DeliveryTag status={d.status} />
                    </td>
                    <td class="num">{d.attempts}</td>
                    <td>
                      {d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : ''}
                      {d.lastError ? <div class="error-text">{d.lastError}</div> : null}
                      {!d.lastStatusCode && !d.lastError ? '—' : null}
                      {d.attemptLog.length ? (
                        <details>
                          <summary>All attempts</summary>
                          <ol class="plain">
                            {d.attemptLog.map((a) => (
                              <li key={a.attempt}>
                                #{a.attempt} <DateText iso={a.startedAt} withTime />: {a.succeeded ? 'succeeded' : 'failed'}
                                {a.statusCode ? `, HTTP ${a.statusCode}` : ''}
                                {a.error ? `, ${a.error}` : ''} ({a.durationMs} ms)
                              </li>
                            ))}
                          </ol>
                        </details>
                      ) : null}
                    </td>
                    <td>
                      <DateText iso={d.createdAt} withTime />
                    </td>
                    <td>
                      {d.deliveredAt ? (
                        <DateText iso={d.deliveredAt} withTime />
                      ) : d.nextAttemptAt ? (
                        <>
                          next <DateText iso={d.nextAttemptAt} withTime />
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {d.status === 'pending' ? null : (
                        <button
                          type="button"
                          class="button secondary small"
                          disabled={replay.pending}
                          onClick={() =>
                            replay.run(async () => {
                              await api.post(`${base}/deliveries/${seg(d.id)}/replay`, {});
                              setMessage(`The ${d.eventType} delivery will be sent again.`);
                              list.reload();
                            })
                          }
                        >
                          Replay<span class="visually-hidden"> {d.eventType} delivery</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
              <Pager pagination={page.pagination} location={location} label="Deliveries" />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

export function WebhooksPage() {
  const { org } = useOrg();
  useTitle(`${org.name}: webhooks`);
  const location = useLocation();
  const selected = location.search.get('webhook') ?? '';
  const hooks = useResource(() => api.get<{ data: Webhook[] }>(`/api/organizations/${seg(org.id)}/webhooks`), [org.id]);
  const [created, setCreated] = useState<CreatedWebhook | undefined>();
  const [deleting, setDeleting] = useState<Webhook | undefined>();
  const [message, setMessage] = useState('');
  const del = useSubmission();
  const enterprise = org.plan === 'enterprise';
  const current = hooks.data?.data.find((w) => w.id === selected);
  return (
    <>
      <h1>Webhooks</h1>
      <p>
        The platform tells your systems about credentials as they happen: it POSTs each event to your endpoints, retrying for 24 hours if
        they do not answer with success.
      </p>
      {enterprise ? null : (
        <Notice tone="info" title="Webhooks need the Enterprise plan">
          <p>
            Your organization is on the {org.plan} plan. Outbound webhooks are part of the Enterprise plan; endpoints cannot be added until
            then.
          </p>
        </Notice>
      )}
      {created ? <NewSecret created={created} onDone={() => setCreated(undefined)} /> : null}
      {message ? <Notice tone="success">{message}</Notice> : null}
      <h2>Endpoints</h2>
      <Loaded resource={hooks}>
        {({ data }) =>
          data.length === 0 ? (
            <p>There are no endpoints yet.</p>
          ) : (
            <Table caption="Webhook endpoints" wide columns={['URL', 'Events', 'Added', 'Actions']}>
              {data.map((w) => (
                <tr key={w.id}>
                  <td class="break">{w.url}</td>
                  <td>
                    <ul class="plain">
                      {w.events.map((e) => (
                        <li key={e}>
                          <code>{e}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <DateText iso={w.createdAt} />
                  </td>
                  <td>
                    <div class="actions tight">
                      <Link
                        class="button secondary small"
                        href={withQuery(location, { webhook: w.id, offset: undefined })}
                        aria-current={w.id === selected ? 'true' : undefined}
                      >
                        Delivery log<span class="visually-hidden"> of {w.url}</span>
                      </Link>
                      <ConfirmOpener submission={del} onOpen={() => setDeleting(w)}>
                        Delete<span class="visually-hidden"> {w.url}</span>
                      </ConfirmOpener>
                    </div>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </Loaded>
      {current ? <Deliveries key={current.id} orgId={org.id} webhook={current} /> : null}
      {selected && hooks.data && !current ? <Notice tone="warning">That endpoint no longer exists.</Notice> : null}
      {enterprise ? (
        <CreateWebhook
          orgId={org.id}
          onCreated={(w) => {
            setMessage('');
            setCreated(w);
            hooks.reload();
          }}
        />
      ) : null}
      <ConfirmItem
        item={deleting}
        title="Delete this endpoint?"
        label="Delete endpoint"
        submission={del}
        run={(w) => api.del(`/api/organizations/${seg(org.id)}/webhooks/${seg(w.id)}`)}
        onDone={(w) => {
          setMessage(`The endpoint ${w.url} has been deleted.`);
          hooks.reload();
        }}
        onClose={() => setDeleting(undefined)}
      >
        {(w) => (
          <p>
            Nothing more is sent to <span class="break">{w.url}</span>, and deliveries waiting for a retry are dropped.
          </p>
        )}
      </ConfirmItem>
    </>
  );
}
