import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api.js';
import { ErrorSummary, Form, Select, SubmitButton, TextInput, errorFor } from '../../components/forms.js';
import { useOrg } from '../../components/layout.js';
import { CopyButton, DateText, Loaded, Notice, QrCode, StatusTag, UsageMeter } from '../../components/ui.js';
import { useResource, useSubmission, useTitle } from '../../hooks.js';
import { pagePath } from '../../routes.js';
import { Link, useLocation } from '../../router.js';
import type { IssuedCredential, Quota } from '../../types.js';
import { CredentialLink, IssueReadiness, allBadges, expiryText, localError, newIdempotencyKey, orgApi } from './common.js';
import { EMPTY_ISSUE_CONTENT, ISSUE_CONTENT_FIELDS, IssueContentFields, issueContentBody, type IssueContentDraft } from './content-fields.js';

const FIELDS = ['badgeId', 'recipient.name', 'recipient.email', ...ISSUE_CONTENT_FIELDS];

/** The box of an explanation under the error summary (which is the alert; this is not announced again). */
function Explanation({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="notice notice-warning">
      <p class="notice-title">{title}</p>
      {children}
    </div>
  );
}

/** Details of a refused issue worth more than the message: the existing credential, the quota. */
function IssueRefusal({ orgId, error }: { orgId: string; error: ApiError }) {
  const existing = error.details.existingCredentialId;
  if (error.status === 409 && typeof existing === 'string') {
    return (
      <Explanation title="The recipient already holds this badge">
        <p>
          This badge never expires, and the recipient already has an active credential of it, so a second one cannot be issued. To issue it
          again, revoke the existing credential first.
        </p>
        <p>
          <CredentialLink orgId={orgId} id={existing}>
            Open the existing credential
            {typeof error.details.existingCredentialShortId === 'string' ? ` (${error.details.existingCredentialShortId})` : ''}
          </CredentialLink>
        </p>
      </Explanation>
    );
  }
  if (error.status === 403 && typeof error.details.limit === 'number') {
    const { limit, used, resetsAt } = error.details as { limit: number; used?: number; resetsAt?: string };
    return (
      <Explanation title="This month's limit is reached">
        <p>
          The plan allows {limit} recipients a month; {used ?? limit} have been used. The count starts again on{' '}
          <DateText iso={resetsAt} withTime />. Renewing a credential for a recipient already counted this month costs nothing.
        </p>
      </Explanation>
    );
  }
  return null;
}

function IssuedResult({ orgId, credential, onAnother }: { orgId: string; credential: IssuedCredential; onAnother: () => void }) {
  return (
    <section aria-labelledby="h-issued">
      <Notice tone="success" title="Credential issued">
        <p>
          {credential.recipientName} ({credential.recipientEmail}) gets an e-mail with the verification link and a link to claim the
          credential.
        </p>
      </Notice>
      <h2 id="h-issued">The credential</h2>
      {credential.supersedesCredentialId ? (
        <Notice tone="info" title="This renews an earlier credential">
          <p>
            The recipient already held this badge. The earlier credential is now revoked as “superseded by renewal” (or stays expired or
            revoked, if it already was).{' '}
            <CredentialLink orgId={orgId} id={credential.supersedesCredentialId}>
              Open the earlier credential
            </CredentialLink>
          </p>
        </Notice>
      ) : null}
      <div class="media">
        <div>
          <dl class="facts">
            <dt>Credential id</dt>
            <dd>
              <code>{credential.credentialId}</code>
            </dd>
            <dt>Status</dt>
            <dd>
              <StatusTag status={credential.status} />
            </dd>
            <dt>Issued</dt>
            <dd>
              <DateText iso={credential.issuanceDate} withTime />
            </dd>
            <dt>Expires</dt>
            <dd>{credential.expirationDate ? <DateText iso={credential.expirationDate} withTime /> : 'Never'}</dd>
            <dt>Verification link</dt>
            <dd>
              <a href={credential.verificationUrl}>{credential.verificationUrl}</a>{' '}
              <CopyButton value={credential.verificationUrl} label="Copy the verification link" />
            </dd>
          </dl>
          <div class="actions">
            <CredentialLink orgId={orgId} id={credential.id}>
              Open the credential's page
            </CredentialLink>
            <button type="button" class="button" onClick={onAnother}>
              Issue another credential
            </button>
          </div>
        </div>
        <QrCode text={credential.verificationUrl} label={`QR code of the verification link ${credential.verificationUrl}`} />
      </div>
    </section>
  );
}

export function IssuePage() {
  useTitle('Issue a credential');
  const { org } = useOrg();
  const badges = useResource(() => allBadges(org.id, true), [org.id]);
  const quota = useResource(() => api.get<Quota>(orgApi(org.id, 'quota')), [org.id]);
  const location = useLocation();
  // ?badgeId= (from a badge's page) chooses the badge.
  const [badgeId, setBadgeId] = useState(location.search.get('badgeId') ?? '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [content, setContent] = useState<IssueContentDraft>(EMPTY_ISSUE_CONTENT);
  // One key per form: a double submit (or a retry after a lost answer) issues once; a new form gets a new key.
  const [key, setKey] = useState(newIdempotencyKey);
  const [issued, setIssued] = useState<IssuedCredential | undefined>();
  const submission = useSubmission();
  const error = submission.error;

  const issue = () =>
    submission.run(async () => {
      if (!badgeId) throw localError('badgeId', 'Choose the badge to issue');
      const r = await api.post<IssuedCredential>(
        orgApi(org.id, 'credentials'),
        { badgeId, recipient: { name, email: email.trim() }, ...issueContentBody(content, badges.data?.find((b) => b.id === badgeId)) },
        { headers: { 'idempotency-key': key } },
      );
      setIssued(r);
      quota.reload();
    });

  const another = () => {
    setIssued(undefined);
    setName('');
    setEmail('');
    setContent(EMPTY_ISSUE_CONTENT);
    setKey(newIdempotencyKey());
    submission.clear();
  };

  return (
    <>
      <h1>Issue a credential</h1>
      <IssueReadiness org={org} />
      {issued ? (
        <IssuedResult orgId={org.id} credential={issued} onAnother={another} />
      ) : (
        <>
          <ErrorSummary error={error} fields={FIELDS} />
          {error ? <IssueRefusal orgId={org.id} error={error} /> : null}
          <Loaded resource={badges}>
            {(list) =>
              list.length === 0 ? (
                <Notice tone="info" title="No active badge">
                  <p>
                    Credentials are issued from a badge. <Link href={pagePath('badgeNew', { orgId: org.id })}>Create a badge</Link>, or
                    reactivate one on the <Link href={pagePath('badges', { orgId: org.id }, { active: 'false' })}>badges page</Link>.
                  </p>
                </Notice>
              ) : (
                <Form label="Issue a credential" onSubmit={issue}>
                  <Select
                    name="badgeId"
                    label="Badge"
                    hint="Only active badges can be issued."
                    value={badgeId}
                    options={[
                      { value: '', label: 'Choose a badge' },
                      ...list.map((b) => ({ value: b.id, label: `${b.name} (${expiryText(b.expiresInDays).toLowerCase()})` })),
                    ]}
                    onValue={setBadgeId}
                    error={errorFor(error, 'badgeId')}
                  />
                  <TextInput
                    name="recipient.name"
                    label="Recipient's name"
                    hint="As it should appear on the credential."
                    autoComplete="off"
                    maxLength={200}
                    value={name}
                    onValue={setName}
                    error={errorFor(error, 'recipient.name')}
                  />
                  <TextInput
                    name="recipient.email"
                    label="Recipient's e-mail address"
                    hint="The credential and a link to claim it are sent here."
                    type="email"
                    autoComplete="off"
                    spellcheck={false}
                    value={email}
                    onValue={setEmail}
                    error={errorFor(error, 'recipient.email')}
                  />
                  <IssueContentFields badge={list.find((b) => b.id === badgeId)} value={content} onValue={setContent} error={error} />
                  <SubmitButton pending={submission.pending}>Issue credential</SubmitButton>
                </Form>
              )
            }
          </Loaded>
        </>
      )}
      {quota.data ? (
        <UsageMeter
          label="Recipients this month"
          used={quota.data.used}
          limit={quota.data.limit}
          detail={
            <>
              {quota.data.remaining} left on the {quota.data.plan} plan; the count starts again on <DateText iso={quota.data.resetsAt} />.
            </>
          }
        />
      ) : null}
      <section aria-labelledby="h-rules">
        <h2 id="h-rules">How issuing works</h2>
        <ul>
          <li>The recipient gets an e-mail with the verification link and a link to claim the credential.</li>
          <li>
            Issuing a badge that expires to someone who already holds it <strong>renews</strong> it: a new credential is issued and the
            earlier one is revoked as superseded by renewal (or stays expired or revoked).
          </li>
          <li>
            A badge that never expires can be held once: if the recipient already has an active credential of it, issuing again is refused.
            Revoke the existing credential first.
          </li>
          <li>
            Pressing the button twice issues once. To issue many at a time, use{' '}
            <Link href={pagePath('bulk', { orgId: org.id })}>bulk issue</Link>.
          </li>
        </ul>
      </section>
    </>
  );
}
