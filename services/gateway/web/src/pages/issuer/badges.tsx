import { useEffect, useState } from 'preact/hooks';
import { api, query, type ApiError } from '../../api.js';
import { ErrorSummary, Form, SubmitButton, TextArea, TextInput, errorFor, fieldId } from '../../components/forms.js';
import { useCan, useOrg } from '../../components/layout.js';
import { ConfirmDialog, DateText, Loaded, Notice, Pager, Table } from '../../components/ui.js';
import { ConfirmButtons } from '../../components/confirm.js';
import { useResource, useSubmission, useTitle } from '../../hooks.js';
import { pagePath } from '../../routes.js';
import { Link, navigate, useLocation, withQuery } from '../../router.js';
import type { Alignment, Badge, Page } from '../../types.js';
import type { PageProps } from '../../app.js';
import { FileInput, expiryText, localError, orgApi } from './common.js';
import { BADGE_CONTENT_FIELDS, BadgeContentFields, badgeContentBody, draftOf, type ResultDescriptionDraft } from './content-fields.js';

const PAGE_SIZE = 20;
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/svg+xml'];

/** A message carried from one page to the next (after a create, or a delete). */
let flash: { tone: 'success' | 'warning'; title: string; text?: string } | undefined;
function takeFlash() {
  const f = flash;
  flash = undefined;
  return f;
}

function BadgeImage({ src, large }: { src: string | null; large?: boolean }) {
  if (!src) return <span class={large ? 'badge-img large no-image' : 'badge-img no-image'}>No image</span>;
  return <img class={large ? 'badge-img large' : 'badge-img'} src={src} alt="" />;
}

function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span class="muted">No tags</span>;
  return (
    <ul class="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}

const FILTERS: [string | undefined, string][] = [
  [undefined, 'All badges'],
  ['true', 'Active'],
  ['false', 'Deactivated'],
];

export function BadgesPage() {
  const canManage = useCan(useOrg().org.id, 'badges.manage');
  useTitle('Badges');
  const { org } = useOrg();
  const location = useLocation();
  const active = location.search.get('active') ?? undefined;
  const offset = location.search.get('offset') ?? undefined;
  const [notice] = useState(takeFlash);
  const list = useResource(
    () => api.get<Page<Badge>>(`${orgApi(org.id, 'badges')}${query({ limit: PAGE_SIZE, offset, active })}`),
    [org.id, active, offset],
  );
  return (
    <>
      <h1>Badges</h1>
      {notice ? (
        <Notice tone={notice.tone} title={notice.title}>
          {notice.text ? <p>{notice.text}</p> : null}
        </Notice>
      ) : null}
      <p>A badge is the template of a credential: what it is for, how it is earned, its image, and how long it stays valid.</p>
      {canManage ? (
        <p>
          <Link class="button" href={pagePath('badgeNew', { orgId: org.id })}>
            Create a badge
          </Link>
        </p>
      ) : null}
      <nav aria-label="Filter badges" class="filters">
        <ul>
          {FILTERS.map(([value, text]) => (
            <li key={text}>
              <Link href={withQuery(location, { active: value, offset: undefined })} aria-current={active === value ? 'page' : undefined}>
                {text}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Loaded resource={list}>
        {(page) =>
          page.data.length === 0 ? (
            <p>
              {active === 'false' ? 'No badge is deactivated.' : active === 'true' ? 'No badge is active.' : 'No badges yet.'}{' '}
              <Link href={pagePath('badgeNew', { orgId: org.id })}>Create a badge</Link>.
            </p>
          ) : (
            <>
              <Table
                caption={
                  <>
                    {active === 'true' ? 'Active badges' : active === 'false' ? 'Deactivated badges' : 'All badges'} (
                    {page.pagination.total})
                  </>
                }
                columns={['Image', 'Name', 'Tags', 'Expiry', 'State', 'Public page']}
              >
                {page.data.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <BadgeImage src={b.imageUrl} />
                    </td>
                    <td>
                      <Link href={pagePath('badgeEdit', { orgId: org.id, badgeId: b.id })}>
                        {b.name}
                        <span class="visually-hidden"> (edit)</span>
                      </Link>
                      <div class="muted small">
                        Created <DateText iso={b.createdAt} />
                      </div>
                    </td>
                    <td>
                      <TagList tags={b.tags} />
                    </td>
                    <td>{expiryText(b.expiresInDays)}</td>
                    <td>
                      <strong class={b.isActive ? 'tag tag-valid' : 'tag tag-revoked'}>{b.isActive ? 'Active' : 'Deactivated'}</strong>
                    </td>
                    <td>
                      <a href={b.publicUrl}>
                        Public page<span class="visually-hidden"> of {b.name}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </Table>
              <Pager pagination={page.pagination} location={location} label="Badges" />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** The create and edit page: `/org/:orgId/badges/new` and `/org/:orgId/badges/:badgeId`. */
export function BadgeEditPage({ params }: PageProps) {
  const { org } = useOrg();
  const badgeId = params.badgeId;
  const existing = useResource(
    () => (badgeId ? api.get<Badge>(orgApi(org.id, 'badges', badgeId)) : Promise.resolve(null)),
    [org.id, badgeId],
  );
  if (!badgeId) return <BadgeForm orgId={org.id} badge={null} />;
  return <Loaded resource={existing}>{(badge) => <BadgeForm orgId={org.id} badge={badge} onChanged={existing.reload} />}</Loaded>;
}

function BadgeForm({ orgId, badge, onChanged }: { orgId: string; badge: Badge | null; onChanged?: () => void }) {
  const creating = badge === null;
  useTitle(creating ? 'Create a badge' : `Edit badge: ${badge.name}`);
  const [name, setName] = useState(badge?.name ?? '');
  const [description, setDescription] = useState(badge?.description ?? '');
  const [criteria, setCriteria] = useState(badge?.criteria ?? '');
  const [tags, setTags] = useState(badge?.tags.join(', ') ?? '');
  const [expires, setExpires] = useState<'never' | 'days'>(badge?.expiresInDays ? 'days' : 'never');
  const [days, setDays] = useState(badge?.expiresInDays ? String(badge.expiresInDays) : '365');
  const [achievementType, setAchievementType] = useState(badge?.achievementType ?? '');
  const [alignments, setAlignments] = useState<Alignment[]>(badge?.alignments ?? []);
  const [results, setResults] = useState<ResultDescriptionDraft[]>((badge?.resultDescriptions ?? []).map(draftOf));
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [notice] = useState(takeFlash);
  const submission = useSubmission();

  // The chosen file is shown from memory before it is uploaded; the object URL is freed when replaced or left.
  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const tagList = tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const fileProblem =
    file && !IMAGE_TYPES.includes(file.type)
      ? 'The image must be a PNG or SVG file'
      : file && file.size > MAX_IMAGE_BYTES
        ? 'The image must be at most 2 MiB'
        : undefined;
  const error = submission.error;

  const save = () =>
    submission.run(async () => {
      setSaved(false);
      if (fileProblem) throw localError('image', fileProblem);
      let expiresInDays: number | null = null;
      if (expires === 'days') {
        const n = Number(days.trim());
        if (!/^\d+$/.test(days.trim()) || n < 1 || n > 36500)
          throw localError('expiresInDays', 'Enter the number of days as a whole number from 1 to 36500');
        expiresInDays = n;
      }
      const body = { name, description, criteria, tags: tagList, expiresInDays, ...badgeContentBody(achievementType, alignments, results) };
      const result = creating
        ? await api.post<Badge>(orgApi(orgId, 'badges'), body)
        : await api.patch<Badge>(orgApi(orgId, 'badges', badge.id), body);
      if (file) {
        const form = new FormData();
        form.append('image', file);
        try {
          await api.upload<Badge>(orgApi(orgId, 'badges', result.id, 'image'), form);
        } catch (err) {
          if (!creating) throw err;
          // The badge exists now: go to its page and say why the image was not taken.
          flash = {
            tone: 'warning',
            title: 'The badge was created, but its image was not accepted',
            text: `${(err as ApiError).message ?? String(err)}. Choose another image and save again.`,
          };
          navigate(pagePath('badgeEdit', { orgId, badgeId: result.id }));
          return;
        }
      }
      if (creating) {
        flash = { tone: 'success', title: 'Badge created' };
        navigate(pagePath('badgeEdit', { orgId, badgeId: result.id }));
        return;
      }
      setFile(undefined);
      setSaved(true);
      onChanged?.();
    });

  const shownImage = preview ?? badge?.imageUrl ?? null;
  return (
    <>
      <p>
        <Link href={pagePath('badges', { orgId })}>← All badges</Link>
      </p>
      <h1>{creating ? 'Create a badge' : `Edit badge: ${badge.name}`}</h1>
      {notice ? (
        <Notice tone={notice.tone} title={notice.title}>
          {notice.text ? <p>{notice.text}</p> : null}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success" title="Changes saved" /> : null}
      {badge && !badge.isActive ? (
        <Notice tone="warning" title="This badge is deactivated">
          <p>No new credentials can be issued from it. Credentials issued earlier stay as they are.</p>
        </Notice>
      ) : null}
      {badge ? (
        <p>
          <a href={badge.publicUrl}>Public page of this badge</a> <span class="muted">(what anyone sees)</span> ·{' '}
          <Link href={pagePath('credentials', { orgId }, { badgeId: badge.id })}>Credentials of this badge</Link>
          {badge.isActive ? (
            <>
              {' '}
              · <Link href={pagePath('issue', { orgId }, { badgeId: badge.id })}>Issue this badge</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <ErrorSummary error={error} fields={['name', 'description', 'criteria', 'tags', 'expiresInDays', 'image', ...BADGE_CONTENT_FIELDS]} />
      <div class="media">
        <div>
          <Form label={creating ? 'Create a badge' : 'Edit badge'} onSubmit={save}>
            <TextInput name="name" label="Name" maxLength={200} value={name} onValue={setName} error={errorFor(error, 'name')} />
            <TextArea
              name="description"
              label="Description"
              hint="What the badge stands for, as the recipient and verifiers will read it."
              value={description}
              onValue={setDescription}
              error={errorFor(error, 'description')}
            />
            <TextArea
              name="criteria"
              label="Criteria"
              hint="What someone has to do to earn it."
              value={criteria}
              onValue={setCriteria}
              error={errorFor(error, 'criteria')}
            />
            <TextInput
              name="tags"
              label="Tags (optional)"
              hint="Separate tags with commas, for example: teamwork, leadership"
              value={tags}
              onValue={setTags}
              error={errorFor(error, 'tags')}
            />
            <ExpiryField expires={expires} setExpires={setExpires} days={days} setDays={setDays} error={errorFor(error, 'expiresInDays')} />
            <FileInput
              name="image"
              label="Badge image (optional)"
              hint={`A PNG or SVG file of at most 2 MiB, ideally square. It is uploaded when you save${badge?.imageUrl ? ' and replaces the current image' : ''}.`}
              accept="image/png,image/svg+xml"
              onFile={setFile}
              error={fileProblem ?? errorFor(error, 'image')}
            />
            <BadgeContentFields
              error={error}
              achievementType={achievementType}
              setAchievementType={setAchievementType}
              alignments={alignments}
              setAlignments={setAlignments}
              results={results}
              setResults={setResults}
            />
            <SubmitButton pending={submission.pending}>{creating ? 'Create badge' : 'Save changes'}</SubmitButton>
          </Form>
        </div>
        <section class="card preview" aria-labelledby="h-preview">
          <h2 id="h-preview">Preview</h2>
          <p class="hint">How the badge will look to recipients and verifiers.</p>
          <div class="preview-body">
            {shownImage ? (
              <img class="badge-img large" src={shownImage} alt={`Badge image${preview ? ' (not uploaded yet)' : ''}`} />
            ) : (
              <span class="badge-img large no-image">No image</span>
            )}
            <p class="preview-name">{name.trim() || 'Badge name'}</p>
            <p class="preview-text">{description.trim() || 'The description appears here.'}</p>
            <TagList tags={tagList} />
            <p class="muted">{expiryText(expires === 'never' ? null : Number(days) || null)}</p>
          </div>
        </section>
      </div>
      {badge ? <BadgeState orgId={orgId} badge={badge} onChanged={onChanged} /> : null}
    </>
  );
}

function ExpiryField({
  expires,
  setExpires,
  days,
  setDays,
  error,
}: {
  expires: 'never' | 'days';
  setExpires: (v: 'never' | 'days') => void;
  days: string;
  setDays: (v: string) => void;
  error: string | undefined;
}) {
  const id = fieldId('expiresInDays');
  return (
    <fieldset class={error ? 'field field-error' : 'field'} aria-describedby={`${id}-hint`}>
      <legend class="label">Expiry</legend>
      <div class="hint" id={`${id}-hint`}>
        How long a credential of this badge stays valid after it is issued. Issuing it again to the same person renews an expiring
        credential.
      </div>
      {error ? (
        <p class="error-message">
          <span class="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div class="radio">
        <input type="radio" id={`${id}-never`} name="expiry" checked={expires === 'never'} onChange={() => setExpires('never')} />
        <label for={`${id}-never`}>Never expires</label>
      </div>
      <div class="radio">
        <input type="radio" id={`${id}-days`} name="expiry" checked={expires === 'days'} onChange={() => setExpires('days')} />
        <label for={`${id}-days`}>Expires after a fixed period</label>
      </div>
      {expires === 'days' ? (
        <div class="conditional">
          <label for={id}>Number of days</label>
          <input
            id={id}
            name="expiresInDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={36500}
            class="short"
            value={days}
            aria-invalid={error ? true : undefined}
            onInput={(e) => setDays((e.currentTarget as HTMLInputElement).value)}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** Deactivate, reactivate, or delete a badge. */
function BadgeState({ orgId, badge, onChanged }: { orgId: string; badge: Badge; onChanged?: () => void }) {
  const [dialog, setDialog] = useState<'deactivate' | 'delete' | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const submission = useSubmission();
  const path = orgApi(orgId, 'badges', badge.id);
  const setActive = (isActive: boolean) =>
    submission.run(async () => {
      await api.patch<Badge>(path, { isActive });
      setDialog(undefined);
      setDone(isActive ? 'The badge is active again: credentials can be issued from it.' : 'The badge is deactivated.');
      onChanged?.();
    });
  const remove = () =>
    submission.run(async () => {
      const r = await api.del<Badge | undefined>(path);
      setDialog(undefined);
      if (r === undefined) {
        flash = { tone: 'success', title: `Badge “${badge.name}” deleted` };
        navigate(pagePath('badges', { orgId }));
        return;
      }
      setDone('Credentials have been issued from this badge, so it was deactivated instead of deleted.');
      onChanged?.();
    });
  return (
    <section aria-labelledby="h-state" class="card">
      <h2 id="h-state">Active or deactivated</h2>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {!dialog ? <ErrorSummary error={submission.error} /> : null}
      {badge.isActive ? (
        <>
          <p>This badge is active: credentials can be issued from it.</p>
          <div class="actions">
            <button type="button" class="button secondary" onClick={() => setDialog('deactivate')}>
              Deactivate badge
            </button>
            <button type="button" class="button danger" onClick={() => setDialog('delete')}>
              Delete badge
            </button>
          </div>
        </>
      ) : (
        <>
          <p>This badge is deactivated: no new credentials can be issued from it.</p>
          <div class="actions">
            <button type="button" class="button" disabled={submission.pending} onClick={() => setActive(true)}>
              Reactivate badge
            </button>
            <button type="button" class="button danger" onClick={() => setDialog('delete')}>
              Delete badge
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={dialog !== undefined}
        title={dialog === 'delete' ? 'Delete this badge?' : 'Deactivate this badge?'}
        onClose={() => {
          setDialog(undefined);
          submission.clear();
        }}
      >
        <ErrorSummary error={submission.error} />
        {dialog === 'delete' ? (
          <p>
            A badge from which no credential has been issued is deleted for good. If credentials have been issued from it, it is deactivated
            instead and its credentials stay as they are.
          </p>
        ) : (
          <p>
            No new credentials can be issued from a deactivated badge. Credentials issued earlier stay valid. You can reactivate it later.
          </p>
        )}
        <ConfirmButtons
          label={dialog === 'delete' ? 'Yes, delete badge' : 'Yes, deactivate badge'}
          pending={submission.pending}
          onConfirm={() => (dialog === 'delete' ? remove() : setActive(false))}
          onCancel={() => setDialog(undefined)}
        />
      </ConfirmDialog>
    </section>
  );
}
