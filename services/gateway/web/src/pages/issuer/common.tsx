import type { ComponentChildren } from 'preact';
import { api, ApiError, query, seg } from '../../api.js';
import { Field, type FieldFrame } from '../../components/forms.js';
import { Notice } from '../../components/ui.js';
import { pagePath } from '../../routes.js';
import { Link } from '../../router.js';
import type { Badge, Organization, Page } from '../../types.js';

/** The API path of something of the organization: orgPath(id, 'badges', badgeId) -> /api/organizations/{id}/badges/{badgeId}. */
export function orgApi(orgId: string, ...parts: string[]): string {
  return [`/api/organizations/${seg(orgId)}`, ...parts.map(seg)].join('/');
}

/** An Idempotency-Key: a random UUID (crypto.randomUUID needs a secure context, so a fallback from getRandomValues). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Every badge of the organization (the API gives at most 100 a page), newest first. */
export async function allBadges(orgId: string, active?: boolean): Promise<Badge[]> {
  const out: Badge[] = [];
  for (let offset = 0; offset < 2000; offset += 100) {
    const page = await api.get<Page<Badge>>(`${orgApi(orgId, 'badges')}${query({ limit: 100, offset, active })}`);
    out.push(...page.data);
    if (offset + page.data.length >= page.pagination.total || page.data.length === 0) break;
  }
  return out;
}

/** A validation error found in the page before asking the server, in the server's shape. */
export const localError = (field: string, message: string) => new ApiError(400, 'VALIDATION_ERROR', message, { field });

/** Why this organization cannot issue yet (pending approval, suspended, no signing keys), with where to go. */
export function IssueReadiness({ org }: { org: Organization }) {
  const problems: ComponentChildren[] = [];
  if (org.status === 'pending_approval')
    problems.push(
      <p key="approval">
        The organization is waiting for approval by the platform operator; nothing can be issued until it is approved. Meanwhile you can{' '}
        <Link href={pagePath('badgeNew', { orgId: org.id })}>design badges</Link> and{' '}
        <Link href={pagePath('signingKeys', { orgId: org.id })}>prepare signing keys</Link>.
      </p>,
    );
  if (org.status === 'suspended') problems.push(<p key="suspended">The organization is suspended; nothing can be issued.</p>);
  if (!org.signingKeysGenerated)
    problems.push(
      <p key="keys">
        The organization has no signing keys yet. <Link href={pagePath('signingKeys', { orgId: org.id })}>Generate signing keys</Link>{' '}
        first: every credential is signed with them.
      </p>,
    );
  if (problems.length === 0) return null;
  return (
    <Notice tone="warning" title="You cannot issue credentials yet">
      {problems}
    </Notice>
  );
}

/** A file input in the form pattern (label, hint, the error in words). */
export function FileInput({
  name,
  label,
  hint,
  error,
  accept,
  onFile,
}: FieldFrame & { accept: string; onFile: (file: File | undefined) => void }) {
  return (
    <Field name={name} label={label} hint={hint} error={error}>
      {(control) => <input {...control} type="file" accept={accept} onChange={(e) => onFile((e.currentTarget as HTMLInputElement).files?.[0])} />}
    </Field>
  );
}

/** Expiry of a badge in words. */
export function expiryText(days: number | null): string {
  if (days === null) return 'Never expires';
  return days === 1 ? 'Expires 1 day after issue' : `Expires ${days} days after issue`;
}

/** A link to the credential detail page of this organization. */
export function CredentialLink({ orgId, id, children }: { orgId: string; id: string; children: ComponentChildren }) {
  return <Link href={pagePath('credentialDetail', { orgId, credentialId: id })}>{children}</Link>;
}
