import { useState } from 'preact/hooks';
import { isRole } from '@cred/proto/roles';
import { api } from '../api.js';
import { ErrorSummary, Form, NEW_PASSWORD_HINT, PasswordInput, SubmitButton, TextInput, errorFor } from '../components/forms.js';
import { useUser } from '../components/layout.js';
import { DateText, LoadError, Notice } from '../components/ui.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import { Link, navigate, useLocation } from '../router.js';
import { refreshSession, signIn, signOut } from '../session.js';
import type { InvitationSummary, Organization } from '../types.js';
import { ROLE_TEXT } from './members.js';

const roleLine = (role: string) => (isRole(role) ? `${ROLE_TEXT[role].name.toLowerCase()} (${ROLE_TEXT[role].hint})` : role);

/** A signed-out invitee creates an account for the invited address (no organization of their own), then accepts. */
function SignUpToAccept({ summary, onSignedIn }: { summary: InvitationSummary; onSignedIn: () => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  return (
    <section class="card" aria-labelledby="h-new-account">
      <h2 id="h-new-account">New here? Create your account</h2>
      <ErrorSummary error={submission.error} fields={['name', 'email', 'password']} scope="join" />
      <Form
        label="Create your account"
        onSubmit={() =>
          submission.run(async () => {
            await api.post('/api/auth/signup', { name: name.trim(), email: summary.email, password });
            await signIn(summary.email, password);
            onSignedIn();
          })
        }
      >
        <p>
          Your account uses the invited address, <strong>{summary.email}</strong>.
        </p>
        <TextInput
          name="name"
          scope="join"
          label="Your full name"
          autoComplete="name"
          value={name}
          onValue={setName}
          error={errorFor(submission.error, 'name')}
        />
        <PasswordInput
          purpose="new"
          scope="join"
          hint={NEW_PASSWORD_HINT}
          value={password}
          onValue={setPassword}
          error={errorFor(submission.error, 'password') ?? errorFor(submission.error, 'email')}
        />
        <SubmitButton pending={submission.pending}>Create account and continue</SubmitButton>
      </Form>
    </section>
  );
}

/**
 * `/invitations/accept?token=...`, the link of the invitation e-mail. Anyone holding the link sees
 * what it offers; accepting needs a session of the invited address: sign in (and come back here)
 * or create the account on this page.
 */
export function AcceptInvitationPage() {
  useTitle('Join an organization');
  const location = useLocation();
  const user = useUser();
  const token = location.search.get('token') ?? '';
  const summary = useResource(
    () => (token ? api.get<InvitationSummary>(`/api/invitations/${encodeURIComponent(token)}`) : Promise.reject(new Error('no token'))),
    [token],
  );
  const accept = useSubmission();
  const here = `${pagePath('acceptInvitation')}?token=${encodeURIComponent(token)}`;

  if (!token)
    return (
      <>
        <h1>Join an organization</h1>
        <Notice tone="error">This address has no invitation in it. Open the link from the invitation e-mail again.</Notice>
      </>
    );
  if (summary.error) {
    const status = summary.error.details?.invitationStatus;
    const text =
      status === 'accepted'
        ? 'This invitation has already been accepted.'
        : status === 'revoked'
          ? 'This invitation was withdrawn.'
          : status === 'expired'
            ? 'This invitation has expired. Ask the person who invited you for a new one.'
            : summary.error.status === 404
              ? 'This invitation link is not valid. Check that you opened the whole link from the e-mail.'
              : undefined;
    return (
      <>
        <h1>Join an organization</h1>
        {text ? <Notice tone="error">{text}</Notice> : <LoadError error={summary.error} retry={summary.reload} />}
        {status === 'accepted' && user ? (
          <p>
            <Link href="/">Go to the start page</Link>
          </p>
        ) : null}
      </>
    );
  }
  if (!summary.data)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  const s = summary.data;
  const matches = user !== null && user.email.toLowerCase() === s.email.toLowerCase();

  const doAccept = () =>
    accept.run(async () => {
      const r = await api.post<{ organization: Organization }>('/api/invitations/accept', { token });
      await refreshSession();
      navigate(pagePath('orgOverview', { orgId: r.organization.id }), { replace: true });
    });

  return (
    <>
      <h1>Join {s.organization.name}</h1>
      <p>
        You have been invited to join <strong>{s.organization.name}</strong> as {roleLine(s.role)}. The invitation is for{' '}
        <strong>{s.email}</strong> and works until <DateText iso={s.expiresAt} withTime />.
      </p>
      <ErrorSummary error={accept.error} />
      {user ? (
        matches ? (
          <div class="actions">
            <button type="button" class="button" disabled={accept.pending} onClick={doAccept}>
              Accept and join {s.organization.name}
            </button>
          </div>
        ) : (
          <>
            <Notice tone="warning" title="You are signed in with another address">
              <p>
                You are signed in as {user.email}. Sign out, then sign in or create an account with {s.email} to accept.
              </p>
            </Notice>
            <div class="actions">
              <button
                type="button"
                class="button secondary"
                onClick={async () => {
                  try {
                    await signOut();
                  } catch {
                    // Forgotten in this browser all the same.
                  }
                }}
              >
                Sign out
              </button>
            </div>
          </>
        )
      ) : (
        <>
          <section class="card" aria-labelledby="h-have-account">
            <h2 id="h-have-account">Already have an account?</h2>
            <p>
              <Link href={`${pagePath('login')}?next=${encodeURIComponent(here)}`}>Sign in with {s.email}</Link> and you come back here to
              accept.
            </p>
          </section>
          <SignUpToAccept summary={s} onSignedIn={() => undefined} />
        </>
      )}
    </>
  );
}
