import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { encode } from 'uqr';
import type { ApiError } from '../api.js';
import { useTitle, type Resource } from '../hooks.js';
import { Link, withQuery, type Location } from '../router.js';
import { signInPath } from '../routes.js';
import type { CredentialStatus, Pagination } from '../types.js';

export type Tone = 'info' | 'success' | 'warning' | 'error';

/** A message box; success and info are polite status messages, warnings and errors alerts. Tone is said in words too. */
export function Notice({ tone, title, children }: { tone: Tone; title?: string; children?: ComponentChildren }) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div class={`notice notice-${tone}`} role={role}>
      {title ? <p class="notice-title">{title}</p> : null}
      {children}
    </div>
  );
}

/** What a page shows while its data loads, or when it failed. Renders children only with data. */
export function Loaded<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => ComponentChildren }) {
  if (resource.error) return <LoadError error={resource.error} retry={resource.reload} />;
  if (resource.data === undefined)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  return <>{children(resource.data)}</>;
}

const loadErrorTitle = (error: ApiError) =>
  error.status === 404
    ? 'Not found'
    : error.status === 403
      ? 'Not allowed'
      : error.status === 401
        ? 'Sign in needed'
        : 'Could not load this page';

/**
 * A load failure that is the whole page (the organization frame could not load its
 * organization): the heading and the window's title say what happened, the box says why.
 */
export function PageLoadError({ error, retry }: { error: ApiError; retry?: () => void }) {
  const title = loadErrorTitle(error);
  useTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <LoadError error={error} retry={retry} titled={false} />
    </>
  );
}

/** Why data could not be loaded, with a way on (sign in, try again); `titled={false}` when a heading already names it. */
export function LoadError({ error, retry, titled = true }: { error: ApiError; retry?: () => void; titled?: boolean }) {
  return (
    <Notice tone="error" title={titled ? loadErrorTitle(error) : undefined}>
      <p>{error.message}</p>
      {error.status === 401 ? (
        <p>
          <Link href={signInPath(window.location.pathname + window.location.search)}>Sign in</Link>
        </p>
      ) : retry && error.status !== 404 && error.status !== 403 ? (
        <button type="button" class="button secondary" onClick={retry}>
          Try again
        </button>
      ) : null}
    </Notice>
  );
}

const STATUS_TEXT: Record<CredentialStatus, string> = {
  pending: 'Pending (not claimed yet)',
  valid: 'Valid',
  expired: 'Expired',
  revoked: 'Revoked',
};

export function StatusTag({ status }: { status: CredentialStatus | string }) {
  const text = STATUS_TEXT[status as CredentialStatus] ?? status;
  return <strong class={`tag tag-${status}`}>{text}</strong>;
}

/** A date as YYYY-MM-DD (UTC) in a <time> carrying the full timestamp; "—" when absent. */
export function DateText({ iso, withTime }: { iso: string | null | undefined; withTime?: boolean }) {
  if (!iso) return <span aria-label="none">—</span>;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <span>{iso}</span>;
  const text = withTime ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : d.toISOString().slice(0, 10);
  return <time dateTime={d.toISOString()}>{text}</time>;
}

/** A column heading: its text, or a numeric column (right-aligned); `false` leaves the column out. */
export type Column = ComponentChildren | { num: ComponentChildren } | false;

/**
 * A data table in its scrolling wrapper, with column headings and a caption. A `wide` table
 * (many columns, under a heading that names it) says its caption to screen readers only.
 * `regionLabel` makes the wrapper a focusable region, so keyboard users can scroll it.
 */
export function Table({
  caption,
  columns,
  wide,
  regionLabel,
  children,
}: {
  caption?: ComponentChildren;
  columns: Column[];
  wide?: boolean;
  regionLabel?: string;
  children: ComponentChildren;
}) {
  const region = regionLabel ? { tabIndex: 0, role: 'region' as const, 'aria-label': regionLabel } : {};
  return (
    <div class="table-wrap" {...region}>
      <table class={wide ? 'wide' : undefined}>
        {caption === undefined ? null : <caption class={wide ? 'visually-hidden' : undefined}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) =>
              c === false ? null : typeof c === 'object' && c !== null && 'num' in c ? (
                <th key={i} scope="col" class="num">
                  {c.num}
                </th>
              ) : (
                <th key={i} scope="col">
                  {c}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Previous / next links for a list; the offset lives in the URL so every page can be linked to. */
export function Pager({ pagination, location, label }: { pagination: Pagination; location: Location; label: string }) {
  const { limit, offset, total } = pagination;
  if (total === 0) return null;
  const from = offset + 1;
  const to = Math.min(offset + limit, total);
  const prev = offset > 0 ? withQuery(location, { offset: Math.max(0, offset - limit) || undefined }) : undefined;
  const next = offset + limit < total ? withQuery(location, { offset: offset + limit }) : undefined;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <p>
        Showing {from}–{to} of {total}
      </p>
      <ul>
        <li>{prev ? <Link href={prev}>← Previous</Link> : null}</li>
        <li>{next ? <Link href={next}>Next →</Link> : null}</li>
      </ul>
    </nav>
  );
}

/** Copies `value`; says so in words (announced), and falls back to selecting the text. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | ''>('');
  return (
    <span class="copy">
      <button
        type="button"
        class="button secondary small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setDone('copied');
          } catch {
            setDone('failed');
          }
        }}
      >
        {label}
      </button>
      <span role="status" class="copy-status">
        {done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed: select the text and copy it' : ''}
      </span>
    </span>
  );
}

/**
 * A destructive action behind a confirmation (a modal <dialog>: focus moves into it and Escape
 * closes it). `children` is the form inside the dialog, given a `close` function.
 */
export function ConfirmDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby="dialog-title" onClose={onClose} onCancel={onClose}>
      <h2 id="dialog-title">{title}</h2>
      {open ? children : null}
    </dialog>
  );
}

/** A QR code of `text`, drawn here as SVG (no image service), labelled for screen readers. */
export function QrCode({ text, label, size = 160 }: { text: string; label: string; size?: number }) {
  const { data, size: n } = encode(text, { ecc: 'M', border: 1 });
  let d = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
  return (
    <svg class="qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${n} ${n}`} shape-rendering="crispEdges">
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/** A meter with its numbers in words (the bar alone would say nothing to a screen reader). */
export function UsageMeter({ label, used, limit, detail }: { label: string; used: number; limit: number; detail?: ComponentChildren }) {
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const tone = pct >= 100 ? 'full' : pct >= 80 ? 'high' : 'ok';
  return (
    <div class="usage">
      <p id="usage-label">
        <strong>{label}</strong>: {used} of {limit} used ({pct}%)
      </p>
      <div
        class={`usage-bar usage-${tone}`}
        role="meter"
        aria-labelledby="usage-label"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      {detail ? <p class="hint">{detail}</p> : null}
    </div>
  );
}
