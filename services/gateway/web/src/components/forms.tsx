import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { ApiError } from '../api.js';

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

interface FieldProps {
  name: string;
  /** Makes the id unique when a page has several forms with the same field names (`f-<scope>-<name>`). */
  scope?: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ComponentChildren;
}

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
      {children({ id, describedBy, invalid: Boolean(error) })}
    </div>
  );
}

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

type InputProps = InputAttributes & {
  name: string;
  scope?: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
  value: string;
  onValue: (value: string) => void;
};

export function TextInput({ name, scope, label, hint, error, value, onValue, ...rest }: InputProps) {
  return (
    <Field name={name} scope={scope} label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          // Preact's input types are a union keyed on `type`, which a variable type cannot narrow.
          {...({ type: 'text', ...rest } as Record<string, unknown>)}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        />
      )}
    </Field>
  );
}

type AreaProps = { rows?: number; maxLength?: number; required?: boolean } & {
  name: string;
  scope?: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
  value: string;
  onValue: (value: string) => void;
};

export function TextArea({ name, scope, label, hint, error, value, onValue, ...rest }: AreaProps) {
  return (
    <Field name={name} scope={scope} label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          name={name}
          rows={4}
          {...rest}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onInput={(e) => onValue((e.currentTarget as HTMLTextAreaElement).value)}
        />
      )}
    </Field>
  );
}

interface SelectProps {
  name: string;
  scope?: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
  value: string;
  options: { value: string; label: string }[];
  onValue: (value: string) => void;
}

export function Select({ name, scope, label, hint, error, value, options, onValue }: SelectProps) {
  return (
    <Field name={name} scope={scope} label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          name={name}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
        >
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
