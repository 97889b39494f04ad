import { useState } from 'preact/hooks';
import { api, ApiError, seg } from '../api.js';
import { ErrorSummary, PasswordInput, TextInput, errorFor } from '../components/forms.js';
import { useCan, useOrg } from '../components/layout.js';
import { ConfirmDialog, CopyButton, DateText, Notice, Table } from '../components/ui.js';
import { ConfirmButtons } from '../components/confirm.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import { Link } from '../router.js';
import type { SigningKey, SigningKeysResult } from '../types.js';

/** did:web of the organization on this host (a port's ':' is written %3A). */
export function issuerDid(slug: string, host = window.location.host): string {
  return `did:web:${host.replace(/:/g, '%3A')}:issuers:${slug}`;
}

/** `YYYY-MM-DDTHH:MM` in the browser's time zone, for a datetime-local field. */
function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The organization's keys, with rotation and "report compromised" for owners (ADR 0008). */
function KeyList({ orgId, isOwner, onChanged }: { orgId: string; isOwner: boolean; onChanged: () => void }) {
  const keys = useResource(() => api.get<{ data: SigningKey[] }>(`/api/organizations/${seg(orgId)}/signing-keys`), [orgId]);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [reporting, setReporting] = useState<SigningKey | undefined>();
  const [at, setAt] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const rotate = useSubmission();
  const report = useSubmission();
  const list = keys.data?.data ?? [];
  return (
    <section class="card" aria-labelledby="h-key-list">
      <h2 id="h-key-list">Keys</h2>
      {message ? <Notice tone="success" title={message} /> : null}
      {keys.error ? <p>The keys could not be read ({keys.error.message}).</p> : null}
      {keys.loading && !keys.data ? <p role="status">Loading…</p> : null}
      {list.length ? (
        <Table caption="Signing keys, oldest first" wide columns={['Key id', 'Created', 'State', isOwner && 'Actions']}>
          {list.map((k) => (
            <tr key={k.keyId}>
              <td>
                <code>{k.keyId}</code>
              </td>
              <td>
                <DateText iso={k.createdAt} withTime />
              </td>
              <td>
                {k.compromisedAt ? (
                  <>
                    <strong>Compromised</strong> as of <DateText iso={k.compromisedAt} withTime />
                  </>
                ) : k.current ? (
                  <strong>Current</strong>
                ) : (
                  'Earlier key (still published)'
                )}
              </td>
              {isOwner ? (
                <td>
                  {k.compromisedAt ? null : (
                    <button
                      type="button"
                      class="button secondary"
                      onClick={() => {
                        setAt(localInputValue(new Date()));
                        setReporting(k);
                      }}
                    >
                      Report key {k.sequence} compromised
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </Table>
      ) : null}
      <p>
        Credentials signed with an earlier key keep verifying: every key stays in your DID document. A key reported compromised stays
        published too, so what it signed before that time still verifies; on this platform, what it signed from that time on does not,
        nor does anything signed with it that this platform never issued. Your DID document marks the key revoked as of that time, but
        not every verifier elsewhere reads that mark.
      </p>
      {isOwner ? (
        <button type="button" class="button" onClick={() => setConfirmRotate(true)}>
          Rotate signing key
        </button>
      ) : (
        <p>Only an owner of the organization can rotate keys or report one compromised.</p>
      )}
      <ConfirmDialog open={confirmRotate} title="Rotate the signing key?" onClose={() => setConfirmRotate(false)}>
        <p>A new key signs every credential from now on. Credentials already issued keep verifying with the earlier key.</p>
        <ErrorSummary error={rotate.error} />
        <ConfirmButtons
          label={rotate.pending ? 'Rotating…' : 'Rotate key'}
          danger={false}
          pending={rotate.pending}
          onCancel={() => setConfirmRotate(false)}
          onConfirm={async () => {
            const ok = await rotate.run(async () => {
              const k = await api.post<SigningKey>(`/api/organizations/${seg(orgId)}/signing-keys/rotate`, {});
              setMessage(`Rotated: new credentials are signed with ${k.keyId}.`);
            });
            if (ok) {
              setConfirmRotate(false);
              keys.reload();
              onChanged();
            }
          }}
        />
      </ConfirmDialog>
      <ConfirmDialog open={Boolean(reporting)} title="Report this key compromised?" onClose={() => setReporting(undefined)}>
        {reporting ? (
          <>
            <p>
              Credentials signed with <code>{reporting.keyId}</code> at or after the time below will no longer verify on this platform.
              {reporting.current ? ' It is the current key: a new key replaces it first.' : ''} This cannot be undone; enter your password to confirm.
            </p>
            <ErrorSummary error={report.error} fields={['compromisedAt', 'password']} scope="compromise" />
            <TextInput
              name="compromisedAt"
              scope="compromise"
              label="Compromised since"
              hint="Your local time. The earliest moment the private key may have been exposed: not before the key was created, not in the future."
              type="datetime-local"
              value={at}
              onValue={setAt}
              error={errorFor(report.error, 'compromisedAt')}
            />
            <PasswordInput
              purpose="current"
              scope="compromise"
              label="Your password"
              value={password}
              onValue={setPassword}
              error={errorFor(report.error, 'password')}
            />
            <ConfirmButtons
              label={report.pending ? 'Reporting…' : 'Report compromised'}
              pending={report.pending}
              onCancel={() => setReporting(undefined)}
              onConfirm={async () => {
                const k = reporting;
                const ok = await report.run(async () => {
                  const when = new Date(at);
                  if (!at || Number.isNaN(when.getTime())) {
                    throw new ApiError(400, 'VALIDATION_ERROR', 'Enter the date and time the key was compromised', {
                      field: 'compromisedAt',
                    });
                  }
                  await api.post(`/api/organizations/${seg(orgId)}/signing-keys/${k.sequence}/compromised`, {
                    compromisedAt: when.toISOString(),
                    password,
                  });
                  setMessage(`Key ${k.sequence} is recorded as compromised.`);
                });
                setPassword('');
                if (ok) {
                  setReporting(undefined);
                  keys.reload();
                  onChanged();
                }
              }}
            />
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

export function SigningKeysPage() {
  const { org, reload } = useOrg();
  useTitle(`${org.name}: signing keys`);
  const submission = useSubmission();
  const [result, setResult] = useState<SigningKeysResult | undefined>();
  // Rotation, compromise reports and generation: owners and admins (docs/roles.md).
  const isOwner = useCan(org.id, 'signing_keys.manage');
  const didUrl = `/issuers/${seg(org.slug)}/did.json`;
  const did = issuerDid(org.slug);

  const generate = () =>
    submission.run(async () => {
      try {
        setResult(await api.post<SigningKeysResult>(`/api/organizations/${seg(org.id)}/signing-keys`, {}));
      } catch (err) {
        // Keys already there: nothing to do but show them.
        if (!(err instanceof ApiError && err.status === 409)) throw err;
      }
      reload();
    });

  return (
    <>
      <h1>Signing keys</h1>
      <p>
        Every credential your organization issues is signed with its Ed25519 key, so anyone can check that it comes from you and has not
        been changed. The private key never leaves the platform's signing service; the public key is published in your organization's DID
        document.
      </p>
      <ErrorSummary error={submission.error} />
      {result ? (
        <Notice tone="success" title={result.created ? 'Signing keys generated' : 'Your signing keys already existed'}>
          <p>
            Key id: <code>{result.keyId}</code>
          </p>
          <p>
            Public key: <code>{result.publicKeyMultibase}</code>
          </p>
        </Notice>
      ) : null}
      <section class="card" aria-labelledby="h-keys-state">
        <h2 id="h-keys-state">State</h2>
        {org.signingKeysGenerated ? (
          <p>
            <strong>Generated.</strong> Your organization can sign credentials.
          </p>
        ) : (
          <>
            <p>
              <strong>Not generated yet.</strong> Generate the keys before issuing the first credential. This is done once.
            </p>
            {isOwner ? (
              <button type="button" class="button" disabled={submission.pending} onClick={generate}>
                {submission.pending ? 'Generating…' : 'Generate signing keys'}
              </button>
            ) : (
              <p>An owner or admin of the organization can generate them.</p>
            )}
          </>
        )}
      </section>
      {org.signingKeysGenerated ? <KeyList key={result?.keyId ?? 'keys'} orgId={org.id} isOwner={isOwner} onChanged={reload} /> : null}
      <section class="card" aria-labelledby="h-identity">
        <h2 id="h-identity">Your issuer identity</h2>
        <dl class="facts">
          <dt>DID</dt>
          <dd>
            <code>{did}</code> <CopyButton value={did} label="Copy DID" />
          </dd>
          <dt>DID document</dt>
          <dd>
            <a href={didUrl}>{`${window.location.origin}${didUrl}`}</a>
          </dd>
        </dl>
      </section>
      <p>
        Next: <Link href={pagePath('badgeNew', { orgId: org.id })}>create a badge</Link>.
      </p>
    </>
  );
}
