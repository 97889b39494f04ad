import { useState } from 'preact/hooks';
import { api, query, seg } from '../api.js';
import { Checkbox, ErrorSummary, Form, SubmitButton, TextInput, errorFor } from '../components/forms.js';
import { useOrg } from '../components/layout.js';
import { DateText, Loaded, Notice, Pager, Table } from '../components/ui.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { useLocation } from '../router.js';
import type { NotificationRecord, Organization, Page } from '../types.js';

const LIMIT = 20;

const SEND_TEXT: Record<string, string> = {
  pending: 'Waiting to be sent',
  recorded: 'Recorded',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent (notifications off)',
};

function SettingsForm({ org, onSaved }: { org: Organization; onSaved: () => void }) {
  const [name, setName] = useState(org.name);
  const [domain, setDomain] = useState(org.domain ?? '');
  const [notify, setNotify] = useState(org.emailNotificationsEnabled);
  const [names, setNames] = useState(org.recipientNameInCredentials);
  const [saved, setSaved] = useState(false);
  const submission = useSubmission();
  return (
    <section class="card" aria-labelledby="h-settings">
      <h2 id="h-settings">Organization and e-mail</h2>
      {saved ? <Notice tone="success">Your settings have been saved.</Notice> : null}
      <ErrorSummary error={submission.error} fields={['name', 'domain', 'emailNotificationsEnabled', 'recipientNameInCredentials']} />
      <Form
        label="Organization settings"
        onSubmit={() =>
          submission.run(async () => {
            setSaved(false);
            await api.patch<Organization>(`/api/organizations/${seg(org.id)}`, {
              name: name.trim(),
              domain: domain.trim() === '' ? null : domain.trim().toLowerCase(),
              emailNotificationsEnabled: notify,
              recipientNameInCredentials: names,
            });
            setSaved(true);
            onSaved();
          })
        }
      >
        <TextInput
          name="name"
          label="Organization name"
          hint="Shown on your badges, credentials and e-mails."
          autoComplete="organization"
          value={name}
          onValue={setName}
          error={errorFor(submission.error, 'name')}
        />
        <TextInput
          name="domain"
          label="Domain"
          hint="Your organization's web domain, for example example.edu. Leave empty for none."
          spellcheck={false}
          autoComplete="off"
          value={domain}
          onValue={setDomain}
          error={errorFor(submission.error, 'domain')}
        />
        <Checkbox
          name="emailNotificationsEnabled"
          label="Send e-mails to recipients"
          hint="When on, each recipient gets an e-mail when a credential is issued, renewed or revoked. When off, nothing is sent and the log below says so."
          checked={notify}
          onChecked={setNotify}
        />
        <Checkbox
          name="recipientNameInCredentials"
          label="Put recipients' names in their credentials"
          hint="When on, credentials issued from now on carry the recipient's name in plain text, readable by anyone who gets the credential. When off (the default), a credential identifies its recipient only by a salted hash of the e-mail address."
          checked={names}
          onChecked={setNames}
        />
        <SubmitButton pending={submission.pending}>Save settings</SubmitButton>
      </Form>
    </section>
  );
}

function NotificationLog({ orgId }: { orgId: string }) {
  const location = useLocation();
  const offset = Number(location.search.get('offset') ?? 0) || 0;
  const log = useResource(
    () =>
      api.get<Page<NotificationRecord>>(
        `/api/organizations/${seg(orgId)}/notifications${query({ limit: LIMIT, offset: offset || undefined })}`,
      ),
    [orgId, offset],
  );
  return (
    <section aria-labelledby="h-log">
      <h2 id="h-log">E-mails sent</h2>
      <p>The e-mails the platform sent for your organization, newest first, and whether they reached the mail server.</p>
      <button type="button" class="button secondary small" onClick={log.reload}>
        Refresh the log
      </button>
      <Loaded resource={log}>
        {(page) =>
          page.data.length === 0 ? (
            <p>No e-mails yet.</p>
          ) : (
            <>
              <Table
                caption="E-mails sent"
                wide
                regionLabel="Table of e-mails sent"
                columns={['Created', 'Event', 'To', 'Subject', 'Status', { num: 'Attempts' }, 'Last error']}
              >
                {page.data.map((n) => (
                  <tr key={n.id}>
                    <td>
                      <DateText iso={n.createdAt} withTime />
                    </td>
                    <td>
                      <code>{n.kind ?? n.eventType}</code>
                    </td>
                    <td class="break">{n.recipient ?? '—'}</td>
                    <td>{n.subject ?? '—'}</td>
                    <td>
                      <strong class={`tag tag-${n.status}`}>{SEND_TEXT[n.status] ?? n.status}</strong>
                      {n.sentAt ? (
                        <div class="muted small">
                          <DateText iso={n.sentAt} withTime />
                        </div>
                      ) : null}
                    </td>
                    <td class="num">{n.attempts}</td>
                    <td>{n.lastError ? <span class="error-text">{n.lastError}</span> : '—'}</td>
                  </tr>
                ))}
              </Table>
              <Pager pagination={page.pagination} location={location} label="E-mails" />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

export function OrgSettingsPage() {
  const { org, reload } = useOrg();
  useTitle(`${org.name}: settings`);
  return (
    <>
      <h1>Settings</h1>
      <SettingsForm org={org} onSaved={reload} />
      <NotificationLog orgId={org.id} />
    </>
  );
}
