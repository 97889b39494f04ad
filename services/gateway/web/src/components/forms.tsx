import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { ApiError } from '../api.js';
import { Link } from '../router.js';

/**
 * Forms in the GOV.UK pattern: a visible label above every field, a hint under it, the field's
 * own error message in words next to it, and an error summary at the top that links to each
 * field. Field ids are `f-<name>` so the server's `details.field` (a dotted path such as
 * `recipient.email`) finds its input.
 */
export const fieldId = (name: string, scope?: string) => `f-${scope ? `${scope}-` : ''}${name}`.replace(/[^A-Za-z0-9_-]/g, '-');

/** The message for one field, when the server's error names it. */
export function errorFor(error: ApiError | undefined, name: string): string | undefined {
  if (!error || !error.field) return undefined;
  return error.field === name || error.field.startsWith(`${name}.`) || error.field.startsWith(`${name}[`) ? error.message : undefined;
}

/**
 * The error summary: focused when it appears so keyboard and screen-reader users land on it.
 * `scope` is the same as the fields' own when one page holds several forms with the same field names.
 */
export function ErrorSummary({ error, fields = [], scope }: { error: ApiError | undefined; fields?: string[]; scope?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Unique, so a page may hold several summaries (a form and a dialog) without clashing ids.
  const titleId = `error-summary-${useId()}`;
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const named = error.field && fields.some((f) => errorFor(error, f)) ? fields.find((f) => errorFor(error, f)) : undefined;
  return (
    <div class="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId}>
      <h2 id={titleId}>There is a problem</h2>
      <ul>
        <li>{named ? <a href={`#${fieldId(named, scope)}`}>{error.message}</a> : error.message}</li>
      </ul>
    </div>
  );
}

/** What every labelled field takes: its name (and scope), label, hint and its own error message. */
export interface FieldFrame {
  name: string;
  /** Makes the id unique when a page has several forms with the same field names (`f-<scope>-<name>`). */
  scope?: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
}

/** The attributes that tie a control to its label, hint and error message. */
interface ControlAttributes {
  id: string;
  name: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

type FieldProps = FieldFrame & { children: (control: ControlAttributes) => ComponentChildren };

export function Field({ name, scope, label, hint, error, children }: FieldProps) {
  const id = fieldId(name, scope);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class={error ? 'field field-error' : 'field'}>
      <label for={id}>{label}</label>
      {hint ? (
        <div class="hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p class="error-message" id={errorId}>
          <span class="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children({ id, name, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
    </div>
  );
}

/** A field holding one text value. */
type ValueFieldProps = FieldFrame & { value: string; onValue: (value: string) => void };

/** The plain attributes a text input may take besides those the component sets. */
interface InputAttributes {
  type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'search' | 'date' | 'datetime-local';
  autoComplete?: string;
  spellcheck?: boolean;
  inputMode?: 'text' | 'email' | 'numeric' | 'url' | 'search';
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  placeholder?: string;
}

export function TextInput({ name, scope, label, hint, error, value, onValue, ...rest }: InputAttributes & ValueFieldProps) {
  return (
    <Field name={name} scope={scope} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          // Preact's input types are a union keyed on `type`, which a variable type cannot narrow.
          {...({ type: 'text', ...rest } as Record<string, unknown>)}
          value={value}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        />
      )}
    </Field>
  );
}

type AreaProps = { rows?: number; maxLength?: number; required?: boolean } & ValueFieldProps;

export function TextArea({ name, scope, label, hint, error, value, onValue, ...rest }: AreaProps) {
  return (
    <Field name={name} scope={scope} label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={4}
          {...rest}
          value={value}
          onInput={(e) => onValue((e.currentTarget as HTMLTextAreaElement).value)}
        />
      )}
    </Field>
  );
}

export function Select({ name, scope, label, hint, error, value, options, onValue }: ValueFieldProps & { options: { value: string; label: string }[] }) {
  return (
    <Field name={name} scope={scope} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The e-mail address of an account (sign-in, sign-up, reset, resend): one way to ask for it
 * everywhere. `errors` is the submission's error; the field shows it when it names `email`.
 */
export function EmailInput({ errors, ...props }: Omit<ValueFieldProps, 'name' | 'label' | 'error'> & { errors: ApiError | undefined }) {
  return (
    <TextInput
      name="email"
      label="E-mail address"
      type="email"
      autoComplete="email"
      spellcheck={false}
      error={errorFor(errors, 'email')}
      {...props}
    />
  );
}

/** The hint of every field that chooses a new password. */
export const NEW_PASSWORD_HINT = 'At least 12 characters. A few unrelated words make a good password.';

/**
 * A password: the account's current one (sign-in) or a new one (sign-up, reset), which tells
 * password managers which to fill in or to offer.
 */
export function PasswordInput({
  purpose,
  name = 'password',
  label = 'Password',
  ...props
}: Omit<ValueFieldProps, 'name' | 'label'> & { purpose: 'current' | 'new'; name?: string; label?: string }) {
  return <TextInput name={name} label={label} type="password" autoComplete={`${purpose}-password`} {...props} />;
}

export function Checkbox({
  name,
  scope,
  label,
  hint,
  checked,
  onChecked,
  controls,
}: {
  name: string;
  scope?: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChecked: (v: boolean) => void;
  /** The id of the part this checkbox reveals (GOV.UK conditional reveal). */
  controls?: string;
}) {
  const id = fieldId(name, scope);
  return (
    <div class="field checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        aria-controls={controls}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChecked((e.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id}>{label}</label>
      {hint ? (
        <div class="hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A form that never reloads the page; the submit button is disabled while the request runs. */
export function Form({ onSubmit, children, label }: { onSubmit: () => void; children: ComponentChildren; label?: string }) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function SubmitButton({
  pending,
  children,
  variant,
}: {
  pending: boolean;
  children: ComponentChildren;
  variant?: 'danger' | 'secondary';
}) {
  return (
    <button type="submit" class={variant ? `button ${variant}` : 'button'} disabled={pending} aria-disabled={pending}>
      {pending ? 'Working…' : children}
    </button>
  );
}

/**
 * The filter form above a list: the summary of a refused filter (the list's 400), its fields in a
 * row, then "Apply filters" and, while any is in force, "Clear filters".
 */
export function FilterForm({
  label,
  error,
  fields,
  onApply,
  clearHref,
  children,
}: {
  label: string;
  /** The list's answer when it refused a filter (hooks.ts refusedFilter). */
  error: ApiError | undefined;
  /** The filters' names, in the order of the fields. */
  fields: readonly string[];
  onApply: () => void;
  /** The list without filters; undefined while none is in force. */
  clearHref: string | undefined;
  children: ComponentChildren;
}) {
  return (
    <>
      <ErrorSummary error={error} fields={[...fields]} />
      <Form label={label} onSubmit={onApply}>
        <div class="filter-form">{children}</div>
        <div class="actions">
          <SubmitButton pending={false}>Apply filters</SubmitButton>
          {clearHref === undefined ? null : <Link href={clearHref}>Clear filters</Link>}
        </div>
      </Form>
    </>
  );
}
