import { useState } from 'preact/hooks';
import { api, query, seg } from '../api.js';
import { ErrorSummary } from '../components/forms.js';
import { DateText, LoadError, Loaded, Notice, Pager, StatusTag } from '../components/ui.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { useLocation } from '../router.js';
import type { Page, RecipientCredential } from '../types.js';
import { ResendVerificationForm, useRequiredUser } from './account-common.js';

const LIMIT = 20;

/** LinkedIn's "add a certification" link, filled in from the credential. */
export function linkedInUrl(c: RecipientCredential): string {
  const issued = new Date(c.issuanceDate);
  const expires = c.expirationDate ? new Date(c.expirationDate) : undefined;
  const q = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.badgeName,
    organizationName: c.issuerName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
  });
  if (expires && !Number.isNaN(expires.getTime())) {
    q.set('expirationYear', String(expires.getUTCFullYear()));
    q.set('expirationMonth', String(expires.getUTCMonth() + 1));
  }
  q.set('certUrl', new URL(c.verificationUrl, window.location.origin).href);
  q.set('certId', c.credentialId);
  return `https://www.linkedin.com/profile/add?${q.toString()}`;
}

function CredentialCard({ c, onChanged }: { c: RecipientCredential; onChanged: (message: string) => void }) {
  const submission = useSubmission();
  const id = seg(c.credentialId);
  const headingId = `cred-${c.id}`;
  const about = <span class="visually-hidden"> ({c.badgeName})</span>;
  return (
    <article class="card credential" aria-labelledby={headingId}>
      <div class="media">
        {c.badgeImageUrl ? <img class="badge-img" src={c.badgeImageUrl} alt="" width={96} height={96} /> : null}
        <div>
          <h2 id={headingId}>{c.badgeName}</h2>
          <p class="muted">Issued by {c.issuerName}</p>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <StatusTag status={c.status} />
            </dd>
            <dt>Issued</dt>
            <dd>
              <DateText iso={c.issuanceDate} />
            </dd>
            <dt>Expires</dt>
            <dd>{c.expirationDate ? <DateText iso={c.expirationDate} /> : 'Never'}</dd>
            {c.revokedAt ? (
              <>
                <dt>Revoked</dt>
                <dd>
                  <DateText iso={c.revokedAt} />
                  {c.revocationReason ? ` (${c.revocationReason})` : ''}
                </dd>
              </>
            ) : null}
            <dt>Visibility</dt>
            <dd>{c.isPublic ? 'Public: anyone with the link can verify it' : 'Private: only you can open its verification page'}</dd>
            <dt>Credential id</dt>
            <dd>
              <code>{c.credentialId}</code>
            </dd>
          </dl>
          <ErrorSummary error={submission.error} />
          <div class="actions">
            {c.status === 'pending' ? (
              <button
                type="button"
                class="button"
                disabled={submission.pending}
                onClick={() =>
                  submission.run(async () => {
                    await api.post(`/api/credentials/${id}/claim`, {});
                    onChanged(`You claimed “${c.badgeName}”.`);
                  })
                }
              >
                Claim credential{about}
              </button>
            ) : null}
            <button
              type="button"
              class="button secondary"
              disabled={submission.pending}
              onClick={() =>
                submission.run(async () => {
                  await api.patch(`/api/credentials/${id}`, { isPublic: !c.isPublic });
                  onChanged(`“${c.badgeName}” is now ${c.isPublic ? 'private' : 'public'}.`);
                })
              }
            >
              {c.isPublic ? 'Make private' : 'Make public'}
              {about}
            </button>
          </div>
          <ul class="link-list">
            <li>
              <a href={c.verificationUrl}>View verification page{about}</a>
            </li>
            <li>
              <a href={`/api/credentials/${id}/baked`} download={`${c.credentialId}.png`}>
                Download badge image (PNG){about}
              </a>
            </li>
            <li>
              <a href={`/credentials/${id}/ob3`} download={`${c.credentialId}.json`}>
                Download credential (JSON-LD){about}
              </a>
            </li>
            <li>
              <a href={linkedInUrl(c)} target="_blank" rel="noopener noreferrer">
                Add to LinkedIn profile
                <span class="visually-hidden"> ({c.badgeName}, opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
    </article>
  );
}

export function MyCredentialsPage() {
  useTitle('My credentials');
  const user = useRequiredUser();
  const location = useLocation();
  const offset = Number(location.search.get('offset') ?? 0) || 0;
  const [message, setMessage] = useState('');
  const list = useResource(
    () =>
      user
        ? api.get<Page<RecipientCredential>>(`/api/me/credentials${query({ limit: LIMIT, offset: offset || undefined })}`)
        : new Promise<never>(() => {}), // a signed-out visitor is on the way to the sign-in page
    [user?.id, user?.emailVerified, offset],
  );
  if (!user) return null;
  // 403 is the API's answer until the address is confirmed.
  const unverified = list.error?.status === 403 || (!user.emailVerified && !list.data);
  return (
    <>
      <h1>My credentials</h1>
      <p>Credentials issued to {user.email}.</p>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {unverified ? (
        <>
          <Notice tone="warning" title="Confirm your e-mail address first">
            <p>
              Credentials are shown once you have confirmed that {user.email} is yours. Open the link we sent to it; if you cannot find the
              e-mail, we can send a new one.
            </p>
          </Notice>
          <ResendVerificationForm email={user.email} />
        </>
      ) : list.error ? (
        <LoadError error={list.error} retry={list.reload} />
      ) : (
        <Loaded resource={list}>
          {(page) =>
            page.data.length === 0 ? (
              <p>
                No credentials have been issued to {user.email} yet. When an organization issues you one, it appears here and you get an
                e-mail.
              </p>
            ) : (
              <>
                <p>
                  <a class="button secondary" href="/api/me/credentials/export" download>
                    Download all my credentials
                  </a>{' '}
                  <span class="muted">One file with every credential issued to you, signed, with its badge image.</span>
                </p>
                {page.data.map((c) => (
                  <CredentialCard
                    key={c.id}
                    c={c}
                    onChanged={(m) => {
                      setMessage(m);
                      list.reload();
                    }}
                  />
                ))}
                <Pager pagination={page.pagination} location={location} label="Credentials" />
              </>
            )
          }
        </Loaded>
      )}
      <p class="muted">
        A public credential can be checked by anyone with its link, or at <a href="/verify-lookup">Verify a credential</a>. A private one
        opens only for you.
      </p>
    </>
  );
}
