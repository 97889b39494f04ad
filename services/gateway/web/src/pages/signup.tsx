import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { Checkbox, EmailInput, ErrorSummary, Form, NEW_PASSWORD_HINT, PasswordInput, SubmitButton, TextInput, errorFor } from '../components/forms.js';
import { useSubmission, useTitle } from '../hooks.js';
import { Link, navigate } from '../router.js';
import { signIn } from '../session.js';
import type { SignupResult } from '../types.js';

const FIELDS = ['name', 'email', 'password', 'organization.name', 'organization.slug'];

/** A slug from a name: lower-case letters, digits and single hyphens, at most 64 characters. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/g, '');
}

export function SignupPage() {
  useTitle('Create an account');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [issuer, setIssuer] = useState(false);
  const [orgName, setOrgName] = useState('');
  const [slug, setSlug] = useState('');
  // The slug follows the organization's name until the person edits it.
  const [slugEdited, setSlugEdited] = useState(false);
  const submission = useSubmission();

  const submit = () =>
    submission.run(async () => {
      const address = email.trim();
      await api.post<SignupResult>('/api/auth/signup', {
        name: name.trim(),
        email: address,
        password,
        ...(issuer ? { organization: { name: orgName.trim(), slug: slug.trim() } } : {}),
      });
      try {
        await signIn(address, password);
      } catch {
        // The account exists; only the automatic sign-in failed. The sign-in page says so.
        navigate(`/login?signedUp=1`, { replace: true });
        return;
      }
      navigate('/?signedUp=1', { replace: true });
    });

  return (
    <>
      <h1>Create an account</h1>
      <p>
        Issuers create an account together with their organization. If you only want to collect the credentials issued to you, leave the
        organization out and use the address your credentials were sent to.
      </p>
      <ErrorSummary error={submission.error} fields={FIELDS} />
      <Form label="Create an account" onSubmit={submit}>
        <TextInput
          name="name"
          label="Your full name"
          autoComplete="name"
          value={name}
          onValue={setName}
          error={errorFor(submission.error, 'name')}
        />
        <EmailInput hint="We send a link to this address to confirm it." value={email} onValue={setEmail} errors={submission.error} />
        <PasswordInput
          purpose="new"
          hint={NEW_PASSWORD_HINT}
          value={password}
          onValue={setPassword}
          error={errorFor(submission.error, 'password')}
        />
        <Checkbox
          name="issuer"
          label="I issue credentials for an organization"
          hint="Leave this unticked if you only receive credentials."
          checked={issuer}
          onChecked={setIssuer}
          controls="organization-fields"
        />
        <fieldset id="organization-fields" class="reveal" hidden={!issuer}>
          <legend>Your organization</legend>
          <p class="hint">A new organization is reviewed by the platform before it can issue credentials.</p>
          <TextInput
            name="organization.name"
            label="Organization name"
            autoComplete="organization"
            value={orgName}
            onValue={(v) => {
              setOrgName(v);
              if (!slugEdited) setSlug(slugify(v));
            }}
            error={errorFor(submission.error, 'organization.name')}
          />
          <TextInput
            name="organization.slug"
            label="Short name for web addresses"
            hint="Lower-case letters, digits and hyphens, for example acme-academy. It appears in your badge pages' addresses and cannot be changed later."
            spellcheck={false}
            autoComplete="off"
            maxLength={64}
            value={slug}
            onValue={(v) => {
              setSlug(v);
              setSlugEdited(v !== '');
            }}
            error={
              errorFor(submission.error, 'organization.slug') ??
              (submission.error?.field === 'organization' ? submission.error.message : undefined)
            }
          />
        </fieldset>
        <SubmitButton pending={submission.pending}>Create account</SubmitButton>
      </Form>
      <p>
        Already have an account? <Link href="/login">Sign in</Link>.
      </p>
    </>
  );
}
