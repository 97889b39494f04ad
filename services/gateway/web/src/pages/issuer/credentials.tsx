import { useState } from 'preact/hooks';
import { api, query } from '../../api.js';
import { ErrorSummary, FilterForm, Form, Select, SubmitButton, TextArea, TextInput, errorFor } from '../../components/forms.js';
import { useCan, useOrg } from '../../components/layout.js';
import { ConfirmDialog, CopyButton, DateText, Loaded, LoadError, Notice, Pager, QrCode, StatusTag, Table } from '../../components/ui.js';
import { refusedFilter, useQueryFilters, useResource, useSubmission, useTitle } from '../../hooks.js';
import { pagePath } from '../../routes.js';
import { Link, navigate, useLocation, withQuery } from '../../router.js';
import type { Credential, CredentialDetail, Page } from '../../types.js';
import type { PageProps } from '../../app.js';
import { CredentialLink, allBadges, localError, orgApi } from './common.js';

const PAGE_SIZE = 25;
const FILTERS = ['status', 'badgeId', 'recipient'] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'pending', label: 'Pending (not claimed yet)' },
  { value: 'valid', label: 'Valid' },
  { value: 'expired', label: 'Expired' },
  { value: 'revoked', label: 'Revoked' },
];

export function CredentialsPage() {
  useTitle('Credentials');
  const { org } = useOrg();
  const location = useLocation();
  const { applied: filters, draft, set, filtered } = useQueryFilters(location, FILTERS);
  const offset = location.search.get('offset') ?? undefined;
  const badges = useResource(() => allBadges(org.id), [org.id]);
  const list = useResource(
    () => api.get<Page<Credential>>(`${orgApi(org.id, 'credentials')}${query({ ...filters, limit: PAGE_SIZE, offset })}`),
    [org.id, location.href],
  );
  const filterError = refusedFilter(list.error);
  return (
    <>
      <h1>Credentials</h1>
      <p>
        Every credential the organization has issued, newest first.{' '}
        <Link href={pagePath('issue', { orgId: org.id })}>Issue a credential</Link>
      </p>
      <FilterForm
        label="Filter credentials"
        error={filterError}
        fields={FILTERS}
        onApply={() => navigate(withQuery(location, { ...draft, recipient: draft.recipient.trim(), offset: undefined }))}
        clearHref={filtered ? location.pathname : undefined}
      >
        <Select
          name="status"
          label="Status"
          value={draft.status}
          options={STATUS_OPTIONS}
          onValue={set('status')}
          error={errorFor(filterError, 'status')}
        />
        <Select
          name="badgeId"
          label="Badge"
          value={draft.badgeId}
          options={[{ value: '', label: 'Any badge' }, ...(badges.data ?? []).map((b) => ({ value: b.id, label: b.name }))]}
          onValue={set('badgeId')}
          error={errorFor(filterError, 'badgeId')}
        />
        <TextInput
          name="recipient"
          label="Recipient's e-mail"
          hint="The beginning of the address is enough."
          type="search"
          spellcheck={false}
          value={draft.recipient}
          onValue={set('recipient')}
          error={errorFor(filterError, 'recipient')}
        />
      </FilterForm>
      {filterError ? null : (
        <Loaded resource={list}>
          {(page) =>
            page.data.length === 0 ? (
              <p>{filtered ? 'No credential matches these filters.' : 'No credentials issued yet.'}</p>
            ) : (
              <>
                <Table
                  caption={filtered ? 'Matching credentials' : 'All credentials'}
                  columns={['Credential', 'Recipient', 'Badge', 'Status', 'Issued', 'Expires']}
                >
                  {page.data.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <CredentialLink orgId={org.id} id={c.id}>
                          {c.credentialId}
                        </CredentialLink>
                      </td>
                      <td>
                        {c.recipientName}
                        <div class="muted small">{c.recipientEmail}</div>
                      </td>
                      <td>{c.badgeName}</td>
                      <td>
                        <StatusTag status={c.status} />
                      </td>
                      <td>
                        <DateText iso={c.issuanceDate} />
                      </td>
                      <td>{c.expirationDate ? <DateText iso={c.expirationDate} /> : 'Never'}</td>
                    </tr>
                  ))}
                </Table>
                <Pager pagination={page.pagination} location={location} label="Credentials" />
              </>
            )
          }
        </Loaded>
      )}
    </>
  );
}

export function CredentialDetailPage({ params }: PageProps) {
  const { org } = useOrg();
  const credentialId = params.credentialId!;
  const detail = useResource(() => api.get<CredentialDetail>(orgApi(org.id, 'credentials', credentialId)), [org.id, credentialId]);
  useTitle(detail.data ? `Credential ${detail.data.credentialId}` : 'Credential');
  if (detail.error)
    return (
      <>
        <h1>Credential</h1>
        <LoadError error={detail.error} retry={detail.reload} />
      </>
    );
  return <Loaded resource={detail}>{(c) => <CredentialView orgId={org.id} c={c} reload={detail.reload} />}</Loaded>;
}

function CredentialView({ orgId, c, reload }: { orgId: string; c: CredentialDetail; reload: () => void }) {
  const canRevoke = useCan(orgId, 'credentials.issue');
  const [revoked, setRevoked] = useState(false);
  const ob3Href = `/credentials/${encodeURIComponent(c.credentialId)}/ob3`;
  const bakedHref = `/api/credentials/${encodeURIComponent(c.credentialId)}/baked`;
  return (
    <>
      <p>
        <Link href={pagePath('credentials', { orgId })}>← All credentials</Link>
      </p>
      <h1>
        Credential <code>{c.credentialId}</code>
      </h1>
      {revoked ? <Notice tone="success" title="Credential revoked" /> : null}
      <div class="media">
        <div>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <StatusTag status={c.status} />
            </dd>
            <dt>Badge</dt>
            <dd>
              <Link href={pagePath('badgeEdit', { orgId, badgeId: c.badgeId })}>{c.badgeName}</Link>
            </dd>
            <dt>Recipient</dt>
            <dd>
              {c.recipientName} ({c.recipientEmail})
            </dd>
            <dt>Issued</dt>
            <dd>
              <DateText iso={c.issuanceDate} withTime />
            </dd>
            <dt>Expires</dt>
            <dd>{c.expirationDate ? <DateText iso={c.expirationDate} withTime /> : 'Never'}</dd>
            <dt>Claimed</dt>
            <dd>{c.claimedAt ? <DateText iso={c.claimedAt} withTime /> : 'Not yet'}</dd>
            <dt>Revoked</dt>
            <dd>{c.revokedAt ? <DateText iso={c.revokedAt} withTime /> : 'No'}</dd>
            {c.revocationReason ? (
              <>
                <dt>Reason for revoking</dt>
                <dd>{c.revocationReason}</dd>
              </>
            ) : null}
            <dt>Visible to the public</dt>
            <dd>{c.isPublic ? 'Yes' : 'No: the recipient made it private'}</dd>
            <dt>Id (UUID)</dt>
            <dd>
              <code>{c.id}</code>
            </dd>
            <dt>Verification link</dt>
            <dd>
              <a href={c.verificationUrl}>{c.verificationUrl}</a>{' '}
              <CopyButton value={c.verificationUrl} label="Copy the verification link" />
            </dd>
          </dl>
          <ul class="link-list">
            <li>
              <a href={c.verificationUrl}>Open the verification page</a>
            </li>
            <li>
              <a href={ob3Href}>The signed credential (JSON-LD)</a>
            </li>
            <li>
              <a href={bakedHref} download={`${c.credentialId}.png`}>
                Download the baked badge image (PNG)
              </a>
            </li>
          </ul>
        </div>
        <QrCode text={c.verificationUrl} label={`QR code of the verification link ${c.verificationUrl}`} />
      </div>
      <RenewalChain orgId={orgId} c={c} />
      <section aria-labelledby="h-revoke">
        <h2 id="h-revoke">Revoke</h2>
        {c.status === 'revoked' ? (
          <p>This credential is revoked; verifiers see it as not valid.</p>
        ) : !canRevoke ? (
          <p>Owners, admins and issuers of the organization can revoke it.</p>
        ) : (
          <RevokeControl
            orgId={orgId}
            c={c}
            onRevoked={() => {
              setRevoked(true);
              reload();
            }}
          />
        )}
      </section>
      <section aria-labelledby="h-ob3">
        <h2 id="h-ob3">Open Badges 3.0 document</h2>
        <details>
          <summary>Show the signed credential as JSON</summary>
          <pre>{JSON.stringify(c.ob3Credential, null, 2)}</pre>
        </details>
      </section>
    </>
  );
}

function RenewalChain({ orgId, c }: { orgId: string; c: CredentialDetail }) {
  const chain = c.renewalChain ?? [];
  if (chain.length <= 1) return null;
  return (
    <section aria-labelledby="h-chain">
      <h2 id="h-chain">Renewals</h2>
      <p>The credentials of this badge issued to this recipient, oldest first. Each renewal replaced the one before it.</p>
      <ol class="chain">
        {chain.map((link) => {
          const current = link.id === c.id;
          return (
            <li key={link.id} class={current ? 'current' : undefined} aria-current={current ? 'true' : undefined}>
              {current ? (
                <strong>
                  <code>{link.credentialId}</code> (this credential)
                </strong>
              ) : (
                <CredentialLink orgId={orgId} id={link.id}>
                  <code>{link.credentialId}</code>
                </CredentialLink>
              )}{' '}
              <StatusTag status={link.status} /> issued <DateText iso={link.issuanceDate} />
              {link.expirationDate ? (
                <>
                  , expires <DateText iso={link.expirationDate} />
                </>
              ) : null}
              {link.revokedAt ? (
                <>
                  , revoked <DateText iso={link.revokedAt} />
                  {link.revocationReason ? ` (${link.revocationReason})` : ''}
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RevokeControl({ orgId, c, onRevoked }: { orgId: string; c: CredentialDetail; onRevoked: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submission = useSubmission();
  const revoke = () =>
    submission.run(async () => {
      if (!reason.trim()) throw localError('reason', 'Enter the reason for revoking');
      await api.del(orgApi(orgId, 'credentials', c.id), { reason: reason.trim() });
      setOpen(false);
      onRevoked();
    });
  return (
    <>
      <p>Revoking is final: verifiers will see the credential as revoked, with the reason you give.</p>
      <button type="button" class="button danger" onClick={() => setOpen(true)}>
        Revoke credential
      </button>
      <ConfirmDialog
        open={open}
        title="Revoke this credential?"
        onClose={() => {
          setOpen(false);
          submission.clear();
        }}
      >
        <p>
          {c.recipientName}'s credential <code>{c.credentialId}</code> ({c.badgeName}) will no longer verify as valid. This cannot be
          undone.
        </p>
        <ErrorSummary error={submission.error} fields={['reason']} />
        <Form label="Revoke this credential" onSubmit={revoke}>
          <TextArea
            name="reason"
            label="Reason for revoking"
            hint="At most 500 characters. The verification page shows it to anyone who checks the credential."
            rows={3}
            maxLength={500}
            required
            value={reason}
            onValue={setReason}
            error={errorFor(submission.error, 'reason')}
          />
          <div class="actions">
            <SubmitButton pending={submission.pending} variant="danger">
              Yes, revoke credential
            </SubmitButton>
            <button type="button" class="button secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </Form>
      </ConfirmDialog>
    </>
  );
}
