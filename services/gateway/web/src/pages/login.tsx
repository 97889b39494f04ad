import { useState } from 'preact/hooks';
import { EmailInput, ErrorSummary, Form, PasswordInput, SubmitButton, errorFor } from '../components/forms.js';
import { Notice } from '../components/ui.js';
import { useSubmission, useTitle } from '../hooks.js';
import { Link, navigate, useLocation } from '../router.js';
import { signIn } from '../session.js';

/** Where to go after signing in: a path of this site only (never another origin). */
export function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

export function LoginPage() {
  useTitle('Sign in');
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const notices: Record<string, string> = {
    signedOut: 'You are signed out.',
    passwordChanged: 'Your password has been changed and every earlier session has ended. Sign in with the new password.',
    expired: 'Your session has ended. Sign in again to continue.',
    signedUp: 'Your account has been created and we sent a confirmation link to your e-mail address. Sign in to continue.',
  };
  const notice = Object.keys(notices).find((k) => location.search.has(k));
  return (
    <>
      <h1>Sign in</h1>
      {notice ? <Notice tone="info">{notices[notice]}</Notice> : null}
      <ErrorSummary error={submission.error} fields={['email', 'password']} />
      <Form
        label="Sign in"
        onSubmit={() =>
          submission.run(async () => {
            await signIn(email.trim(), password);
            navigate(safeNext(location.search.get('next')), { replace: true });
          })
        }
      >
        <EmailInput value={email} onValue={setEmail} errors={submission.error} />
        <PasswordInput purpose="current" value={password} onValue={setPassword} error={errorFor(submission.error, 'password')} />
        <SubmitButton pending={submission.pending}>Sign in</SubmitButton>
      </Form>
      <p>
        <Link href="/forgot-password">Forgotten your password?</Link>
      </p>
      <p>
        No account yet? <Link href="/signup">Create an account</Link> for your organization, or to collect the credentials issued to you.
      </p>
    </>
  );
}
