import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { EmailInput, ErrorSummary, Form, SubmitButton } from '../components/forms.js';
import { useUser } from '../components/layout.js';
import { Notice } from '../components/ui.js';
import { useSubmission } from '../hooks.js';
import { navigate, useLocation } from '../router.js';
import { signInPath } from '../routes.js';
import type { OrgStatus, Plan, User } from '../types.js';

/** The same answer whether or not the address has an account (the API never says which). */
export const SENT_IF_KNOWN =
  'If the address belongs to an account, an e-mail is on its way. Look for it in a minute, and in your spam folder.';

/** "Send the confirmation link again": the address asked for (filled in with the signed-in user's). */
export function ResendVerificationForm({ email: initial = '', scope }: { email?: string; scope?: string }) {
  const [email, setEmail] = useState(initial);
  const [sent, setSent] = useState(false);
  const submission = useSubmission();
  return (
    <>
      <ErrorSummary error={submission.error} fields={['email']} scope={scope} />
      {sent ? <Notice tone="success">{SENT_IF_KNOWN}</Notice> : null}
      <Form
        label="Send the confirmation link again"
        onSubmit={() =>
          submission.run(async () => {
            setSent(false);
            await api.post('/api/auth/resend-verification', { email: email.trim() });
            setSent(true);
          })
        }
      >
        <EmailInput scope={scope} value={email} onValue={setEmail} errors={submission.error} />
        <SubmitButton pending={submission.pending} variant="secondary">
          Send the confirmation link again
        </SubmitButton>
      </Form>
    </>
  );
}

/** The signed-in user; a signed-out visitor is sent to the sign-in page, coming back here afterwards. */
export function useRequiredUser(): User | null {
  const user = useUser();
  const location = useLocation();
  useEffect(() => {
    if (!user) navigate(signInPath(location.href), { replace: true });
  }, [user]);
  return user;
}

export const ORG_STATUS_TEXT: Record<OrgStatus, string> = {
  pending_approval: 'Pending approval',
  approved: 'Approved',
  suspended: 'Suspended',
};

export function OrgStatusTag({ status }: { status: OrgStatus | string }) {
  return <strong class={`tag tag-${status}`}>{ORG_STATUS_TEXT[status as OrgStatus] ?? status}</strong>;
}

export const PLAN_TEXT: Record<Plan, string> = { free: 'Free', professional: 'Professional', enterprise: 'Enterprise' };

export const planText = (plan: string) => PLAN_TEXT[plan as Plan] ?? plan;
