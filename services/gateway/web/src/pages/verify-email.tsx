import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError } from '../api.js';
import { useUser } from '../components/layout.js';
import { Notice } from '../components/ui.js';
import { toApiError, useTitle } from '../hooks.js';
import { pagePath, signInPath } from '../routes.js';
import { Link, navigate, useLocation } from '../router.js';
import { refreshSession } from '../session.js';
import { ResendVerificationForm } from './account-common.js';

/** One request per token however often the page is drawn (a token works once; a second post would fail). */
const posted = new Map<string, Promise<void>>();

function confirm(token: string): Promise<void> {
  let p = posted.get(token);
  if (!p) {
    p = api.post('/api/auth/verify-email', { token }).then(() => undefined);
    posted.set(token, p);
  }
  return p;
}

export function VerifyEmailPage() {
  useTitle('Confirm your e-mail address');
  const location = useLocation();
  const user = useUser();
  const token = location.search.get('token') ?? '';
  const alreadyConfirmed = location.search.has('confirmed');
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : alreadyConfirmed ? 'done' : 'failed');
  const [error, setError] = useState<ApiError | undefined>();

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirm(token).then(
      async () => {
        // The signed-in session shows the address as confirmed at once; the token leaves the address bar.
        await refreshSession();
        if (!live) return;
        setState('done');
        navigate(`${pagePath('verifyEmail')}?confirmed=1`, { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        setError(toApiError(err));
        setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state === 'working')
    return (
      <>
        <h1>Confirming your e-mail address</h1>
        <p class="loading" role="status">
          Confirming…
        </p>
      </>
    );

  if (state === 'done')
    return (
      <>
        <h1>Your e-mail address is confirmed</h1>
        <Notice tone="success">
          <p>Thank you. {user ? `${user.email} is confirmed.` : 'The address is confirmed.'}</p>
        </Notice>
        {user ? (
          <ul>
            <li>
              <Link href={pagePath('myCredentials')}>See the credentials issued to you</Link>
            </li>
            {user.memberships[0] ? (
              <li>
                <Link href={pagePath('orgOverview', { orgId: user.memberships[0].organizationId })}>Go to your organization</Link>
              </li>
            ) : null}
          </ul>
        ) : (
          <p>
            <Link href={signInPath(pagePath('myCredentials'))}>Sign in</Link> to see the credentials issued to you.
          </p>
        )}
      </>
    );

  return (
    <>
      <h1>We could not confirm your e-mail address</h1>
      <Notice tone="error" title={token ? 'The link did not work' : 'The link is incomplete'}>
        <p>
          {token
            ? error?.status === 400 || error?.status === 404
              ? 'The link is invalid, has been used already, or has expired.'
              : (error?.message ?? 'Something went wrong.')
            : 'This address has no confirmation token. Open the link from the e-mail again, or copy all of it into the address bar.'}
        </p>
        {user?.emailVerified ? <p>Your address {user.email} is already confirmed: there is nothing more to do.</p> : null}
      </Notice>
      {user?.emailVerified ? null : (
        <>
          <h2>Get a new link</h2>
          <p>A confirmation link works once and for a limited time. We can send a new one.</p>
          <ResendVerificationForm email={user?.email ?? ''} />
        </>
      )}
    </>
  );
}
