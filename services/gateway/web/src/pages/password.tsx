import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { EmailInput, ErrorSummary, Form, PasswordInput, SubmitButton, errorFor } from '../components/forms.js';
import { Notice } from '../components/ui.js';
import { useSubmission, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import { Link, navigate, useLocation } from '../router.js';
import { refreshSession } from '../session.js';
import { SENT_IF_KNOWN } from './account-common.js';

export function ForgotPasswordPage() {
  useTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const submission = useSubmission();
  return (
    <>
      <h1>Reset your password</h1>
      {sentTo ? (
        <>
          <Notice tone="success" title="Check your e-mail">
            <p>{SENT_IF_KNOWN}</p>
            <p>The link in it lets you choose a new password; it works once and for a limited time.</p>
          </Notice>
          <p>
            <Link href={pagePath('login')}>Back to sign in</Link>
          </p>
        </>
      ) : (
        <>
          <p>Enter the address of your account. We will send it a link to choose a new password.</p>
          <ErrorSummary error={submission.error} fields={['email']} />
          <Form
            label="Reset your password"
            onSubmit={() =>
              submission.run(async () => {
                await api.post('/api/auth/password-reset', { email: email.trim() });
                setSentTo(email.trim());
              })
            }
          >
            <EmailInput value={email} onValue={setEmail} errors={submission.error} />
            <SubmitButton pending={submission.pending}>Send reset link</SubmitButton>
          </Form>
          <p>
            <Link href={pagePath('login')}>Back to sign in</Link>
          </p>
        </>
      )}
    </>
  );
}

export function ResetPasswordPage() {
  useTitle('Choose a new password');
  const location = useLocation();
  const token = location.search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const submission = useSubmission();
  if (!token)
    return (
      <>
        <h1>Choose a new password</h1>
        <Notice tone="error" title="The link is incomplete">
          <p>This address has no reset token. Open the link from the e-mail again, or copy all of it into the address bar.</p>
        </Notice>
        <p>
          <Link href={pagePath('forgotPassword')}>Ask for a new link</Link>
        </p>
      </>
    );
  const tokenProblem = submission.error?.field === 'token';
  return (
    <>
      <h1>Choose a new password</h1>
      <ErrorSummary error={submission.error} fields={['password', 'confirmation']} />
      {tokenProblem ? (
        <p>
          The link may have expired or been used already. <Link href={pagePath('forgotPassword')}>Ask for a new link</Link>.
        </p>
      ) : null}
      <Form
        label="Choose a new password"
        onSubmit={() =>
          submission.run(async () => {
            if (password !== confirmation)
              throw new ApiError(400, 'VALIDATION_ERROR', 'The two passwords are not the same', { field: 'confirmation' });
            await api.post('/api/auth/password-reset/confirm', { token, password });
            // Every session of the account has ended, this one too.
            await refreshSession();
            navigate(`${pagePath('login')}?passwordChanged=1`, { replace: true });
          })
        }
      >
        <PasswordInput
          purpose="new"
          label="New password"
          hint="At least 12 characters."
          value={password}
          onValue={setPassword}
          error={errorFor(submission.error, 'password')}
        />
        <PasswordInput
          purpose="new"
          name="confirmation"
          label="Confirm new password"
          value={confirmation}
          onValue={setConfirmation}
          error={errorFor(submission.error, 'confirmation')}
        />
        <SubmitButton pending={submission.pending}>Change password</SubmitButton>
      </Form>
    </>
  );
}
