import { useState } from 'preact/hooks';
import { api, seg } from '../api.js';
import { useUser } from '../components/layout.js';
import { Loaded, Notice } from '../components/ui.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import { Link, useLocation } from '../router.js';
import type { Organization } from '../types.js';

function Welcome() {
  return (
    <>
      <h1>Issue and verify Open Badges 3.0 credentials</h1>
      <p>Organizations design badges and issue signed credentials to people. Anyone can check a credential, without an account.</p>
      <div class="grid three">
        <section class="card" aria-labelledby="h-issuers">
          <h2 id="h-issuers">Issuers</h2>
          <p>Create an account for your organization, design badges, and issue credentials one at a time or from a spreadsheet.</p>
          <p>
            <Link class="button" href={pagePath('signup')}>
              Create an account
            </Link>
          </p>
        </section>
        <section class="card" aria-labelledby="h-recipients">
          <h2 id="h-recipients">Recipients</h2>
          <p>Sign in with the address your credentials were sent to, to claim them, keep them private, and share them.</p>
          <p>
            <Link class="button secondary" href={pagePath('login')}>
              Sign in
            </Link>
          </p>
        </section>
        <section class="card" aria-labelledby="h-verifiers">
          <h2 id="h-verifiers">Verifiers</h2>
          <p>Check a credential by its id or by uploading its badge image.</p>
          <p>
            <a class="button secondary" href="/verify-lookup">
              Verify a credential
            </a>
          </p>
        </section>
      </div>
    </>
  );
}

function ResendVerification({ email, justSignedUp }: { email: string; justSignedUp: boolean }) {
  const submission = useSubmission();
  const [sent, setSent] = useState(false);
  return (
    <Notice
      tone={justSignedUp ? 'success' : 'warning'}
      title={justSignedUp ? 'Your account has been created: check your e-mail' : 'Confirm your e-mail address'}
    >
      <p>
        We sent a confirmation link to <strong>{email}</strong>. Open it to confirm the address; until then you cannot see the credentials
        issued to it.
      </p>
      <button
        type="button"
        class="button secondary small"
        disabled={submission.pending}
        onClick={async () => setSent(await submission.run(() => api.post('/api/auth/resend-verification', { email })))}
      >
        Send the link again
      </button>
      <p role="status">{sent ? 'Sent: look for the e-mail in a minute.' : ''}</p>
      {submission.error ? <p class="error-message">{submission.error.message}</p> : null}
    </Notice>
  );
}

export function HomePage() {
  const user = useUser();
  const location = useLocation();
  useTitle(user ? 'Your account' : 'Welcome');
  const orgIds = user?.memberships.map((m) => m.organizationId) ?? [];
  const orgs = useResource(
    () => Promise.all(orgIds.map((id) => api.get<Organization>(`/api/organizations/${seg(id)}`))),
    [orgIds.join(',')],
  );
  if (!user) return <Welcome />;
  return (
    <>
      <h1>Hello, {user.name}</h1>
      {user.emailVerified ? null : <ResendVerification email={user.email} justSignedUp={location.search.has('signedUp')} />}
      <div class="grid two">
        <section class="card" aria-labelledby="h-orgs">
          <h2 id="h-orgs">Your organizations</h2>
          {orgIds.length === 0 ? (
            <p>You do not belong to an organization. Credentials issued to you are under “My credentials”.</p>
          ) : (
            <Loaded resource={orgs}>
              {(list) => (
                <ul>
                  {list.map((o) => (
                    <li key={o.id}>
                      <Link href={pagePath('orgOverview', { orgId: o.id })}>{o.name}</Link>{' '}
                      <span class="muted">
                        ({o.status.replace('_', ' ')}, {o.plan} plan)
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Loaded>
          )}
        </section>
        <section class="card" aria-labelledby="h-mine">
          <h2 id="h-mine">Credentials issued to you</h2>
          <p>
            <Link href={pagePath('myCredentials')}>My credentials</Link>: claim them, make them private or public, download them, add them
            to your profile.
          </p>
        </section>
      </div>
    </>
  );
}
