import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, query, type ApiError } from '../../api.js';
import { ErrorSummary, Form, Select, SubmitButton, errorFor } from '../../components/forms.js';
import { useOrg } from '../../components/layout.js';
import { DateText, Loaded, LoadError, Notice, Pager, Table } from '../../components/ui.js';
import { toApiError, useResource, useSubmission, useTitle } from '../../hooks.js';
import { pagePath } from '../../routes.js';
import { Link, navigate, useLocation, withQuery } from '../../router.js';
import type { Badge, BulkJob, BulkJobDetail, BulkOutcome, BulkPreview, BulkRowResult, Page } from '../../types.js';
import type { PageProps } from '../../app.js';
import { CredentialLink, FileInput, IssueReadiness, allBadges, localError, newIdempotencyKey, orgApi } from './common.js';

const TEMPLATE = 'name,email\r\nAda Lovelace,ada@example.com\r\nAlan Turing,alan.turing@example.org\r\n';
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
const MAX_CSV_BYTES = 5 * 1024 * 1024;
const PREVIEW_PAGE = 50;

const OUTCOME_TEXT: Record<BulkOutcome, string> = {
  issue: 'Will be issued',
  renew: 'Will renew',
  conflict: 'Refused: already holds it',
  invalid: 'Invalid row',
  over_quota: 'Refused: monthly quota used up',
};

/** Rows the preview says will not be issued. */
const isProblem = (o: BulkOutcome) => o === 'conflict' || o === 'invalid' || o === 'over_quota';

export const RESULT_TEXT: Record<BulkRowResult, string> = {
  pending: 'Waiting',
  issued: 'Issued',
  renewed: 'Renewed',
  conflict: 'Refused: already holds it',
  invalid: 'Invalid row',
  failed: 'Failed',
};

const JOB_STATUS: Record<BulkJob['status'], string> = { queued: 'Queued', running: 'Running', completed: 'Finished' };

function badgeNameOf(badges: Badge[] | undefined, id: string): string {
  return badges?.find((b) => b.id === id)?.name ?? 'Unknown badge';
}

function PreviewResult({ preview, children }: { preview: BulkPreview; children: ComponentChildren }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [start, setStart] = useState(0);
  const rows = onlyProblems ? preview.rows.filter((r) => isProblem(r.outcome)) : preview.rows;
  const shown = rows.slice(start, start + PREVIEW_PAGE);
  const problems = preview.counts.conflict + preview.counts.invalid + preview.counts.over_quota;
  const q = preview.quota;
  return (
    <section aria-labelledby="h-check">
      <h2 id="h-check">What the file would do</h2>
      <p>
        The file has {preview.total} {preview.total === 1 ? 'row' : 'rows'}. Nothing has been issued yet.
      </p>
      <div class="table-wrap">
        <table>
          <caption>Rows by outcome</caption>
          <tbody>
            {(Object.keys(OUTCOME_TEXT) as BulkOutcome[]).map((k) => (
              <tr key={k}>
                <th scope="row">{OUTCOME_TEXT[k]}</th>
                <td class="num">{preview.counts[k] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.counts.over_quota > 0 ? (
        <Notice tone="warning" title="The monthly quota is too small for this file">
          <p>
            The {q.plan} plan allows {q.limit} recipients a month and {q.used} have been counted this month, so{' '}
            {preview.counts.over_quota} {preview.counts.over_quota === 1 ? 'row' : 'rows'} would fail. The job issues a few rows at a time,
            so the last places may go to other rows than the ones marked here. The quota resets on <DateText iso={q.resetsAt} />; a larger
            plan raises it at once.
          </p>
        </Notice>
      ) : null}
      {children}
      {problems > 0 ? (
        <div class="field checkbox">
          <input
            id="only-problems"
            type="checkbox"
            checked={onlyProblems}
            onChange={(e) => {
              setOnlyProblems((e.currentTarget as HTMLInputElement).checked);
              setStart(0);
            }}
          />
          <label for="only-problems">Show only rows that will not be issued ({problems})</label>
        </div>
      ) : null}
      <Table
        caption={
          <>
            Rows {rows.length ? start + 1 : 0}–{start + shown.length} of {rows.length}
          </>
        }
        columns={[{ num: 'Row' }, 'Name', 'E-mail', 'Outcome', 'Reason']}
      >
        {shown.map((r) => (
          <tr key={r.row} class={isProblem(r.outcome) ? 'row-problem' : undefined}>
            <td class="num">{r.row}</td>
            <td>{r.name}</td>
            <td>{r.email}</td>
            <td>
              <strong class={`tag tag-${r.outcome === 'issue' ? 'issued' : r.outcome === 'renew' ? 'renewed' : r.outcome}`}>
                {OUTCOME_TEXT[r.outcome] ?? r.outcome}
              </strong>
            </td>
            <td>{r.reason ?? ''}</td>
          </tr>
        ))}
      </Table>
      {rows.length > PREVIEW_PAGE ? (
        <div class="actions">
          <button
            type="button"
            class="button secondary small"
            disabled={start === 0}
            onClick={() => setStart(Math.max(0, start - PREVIEW_PAGE))}
          >
            Previous rows
          </button>
          <button
            type="button"
            class="button secondary small"
            disabled={start + PREVIEW_PAGE >= rows.length}
            onClick={() => setStart(start + PREVIEW_PAGE)}
          >
            Next rows
          </button>
        </div>
      ) : null}
    </section>
  );
}

export function BulkPage() {
  useTitle('Bulk issue');
  const { org } = useOrg();
  const location = useLocation();
  const offset = location.search.get('offset') ?? undefined;
  const badges = useResource(() => allBadges(org.id), [org.id]);
  const jobs = useResource(
    () => api.get<Page<BulkJob>>(`${orgApi(org.id, 'bulk-issuances')}${query({ limit: 10, offset })}`),
    [org.id, offset],
  );
  const [badgeId, setBadgeId] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [fileKey, setFileKey] = useState(0);
  const [preview, setPreview] = useState<BulkPreview | undefined>();
  const [key, setKey] = useState(newIdempotencyKey);
  const check = useSubmission();
  const start = useSubmission();
  const error: ApiError | undefined = start.error ?? check.error;
  const active = badges.data?.filter((b) => b.isActive) ?? [];

  // Any change of badge or file makes the earlier check (and the upload's key) stale.
  const changed = () => {
    setPreview(undefined);
    setKey(newIdempotencyKey());
    check.clear();
    start.clear();
  };

  const formOf = () => {
    if (!badgeId) throw localError('badgeId', 'Choose the badge to issue');
    if (!file) throw localError('file', 'Choose a CSV file');
    if (file.size > MAX_CSV_BYTES) throw localError('file', 'The CSV file must be at most 5 MiB');
    const form = new FormData();
    form.append('badgeId', badgeId);
    form.append('file', file);
    return form;
  };

  const runCheck = () =>
    check.run(async () => {
      start.clear();
      setPreview(undefined);
      setPreview(await api.upload<BulkPreview>(orgApi(org.id, 'bulk-issuances', 'preview'), formOf()));
    });

  const runIssue = () =>
    start.run(async () => {
      const job = await api.upload<{ id: string; status: string; total: number }>(orgApi(org.id, 'bulk-issuances'), formOf(), {
        headers: { 'idempotency-key': key },
      });
      navigate(pagePath('bulkJob', { orgId: org.id, jobId: job.id }));
    });

  const toIssue = preview ? preview.counts.issue + preview.counts.renew : 0;
  return (
    <>
      <h1>Bulk issue</h1>
      <IssueReadiness org={org} />
      <p>Issue one badge to many people from a spreadsheet saved as CSV. Check the file first: nothing is issued until you confirm.</p>
      <section aria-labelledby="h-format" class="card">
        <h2 id="h-format">The file</h2>
        <p>
          A CSV file (comma-separated, UTF-8) with a header line <code>name,email</code> and one recipient per line; at most 10,000 rows and
          5 MiB. Put a name containing a comma in double quotes.
        </p>
        <pre>{TEMPLATE}</pre>
        <p>
          <a href={TEMPLATE_HREF} download="recipients-template.csv">
            Download a template (CSV)
          </a>
        </p>
        <p>
          Each row follows the rules of issuing one credential: a badge that expires is renewed for someone who holds it; a badge that never
          expires is refused for someone who holds it.
        </p>
      </section>
      <ErrorSummary error={error} fields={['badgeId', 'file']} />
      <Loaded resource={badges}>
        {() => (
          <Form label="Bulk issue" onSubmit={runCheck}>
            <Select
              name="badgeId"
              label="Badge"
              value={badgeId}
              options={[{ value: '', label: 'Choose a badge' }, ...active.map((b) => ({ value: b.id, label: b.name }))]}
              onValue={(v) => {
                setBadgeId(v);
                changed();
              }}
              error={errorFor(error, 'badgeId')}
            />
            <FileInput
              key={fileKey}
              name="file"
              label="CSV file"
              hint="With the header line name,email."
              accept=".csv,text/csv"
              onFile={(f) => {
                setFile(f);
                changed();
              }}
              error={errorFor(error, 'file')}
            />
            <SubmitButton pending={check.pending} variant={preview ? 'secondary' : undefined}>
              Check the file
            </SubmitButton>
          </Form>
        )}
      </Loaded>
      {preview ? (
        <>
          <PreviewResult preview={preview}>
            {toIssue > 0 ? (
              <div class="actions">
                <button type="button" class="button" disabled={start.pending} onClick={runIssue}>
                  {start.pending ? 'Working…' : `Issue ${toIssue} ${toIssue === 1 ? 'credential' : 'credentials'}`}
                </button>
                <button
                  type="button"
                  class="button secondary"
                  onClick={() => {
                    setFile(undefined);
                    setFileKey((k) => k + 1);
                    changed();
                  }}
                >
                  Choose another file
                </button>
              </div>
            ) : (
              <Notice tone="warning" title="Nothing to issue">
                <p>No row of this file can be issued. Correct the file and check it again.</p>
              </Notice>
            )}
            {toIssue > 0 && toIssue < preview.total ? (
              <p class="hint">Rows that are invalid or refused are skipped and listed in the job's report.</p>
            ) : null}
          </PreviewResult>
        </>
      ) : null}
      <section aria-labelledby="h-jobs">
        <h2 id="h-jobs">Recent bulk jobs</h2>
        <Loaded resource={jobs}>
          {(page) =>
            page.data.length === 0 ? (
              <p>No bulk job yet.</p>
            ) : (
              <>
                <JobsTable orgId={org.id} jobs={page.data} badges={badges.data} />
                <Pager pagination={page.pagination} location={location} label="Bulk jobs" />
              </>
            )
          }
        </Loaded>
      </section>
    </>
  );
}

function JobsTable({ orgId, jobs, badges }: { orgId: string; jobs: BulkJob[]; badges: Badge[] | undefined }) {
  return (
    <Table columns={['Started', 'Badge', 'State', { num: 'Rows' }, { num: 'Issued' }, { num: 'Renewed' }, { num: 'Not issued' }]}>
      {jobs.map((j) => (
        <tr key={j.id}>
          <td>
            <Link href={pagePath('bulkJob', { orgId, jobId: j.id })}>
              <DateText iso={j.createdAt} withTime />
            </Link>
          </td>
          <td>{badgeNameOf(badges, j.badgeId)}</td>
          <td>
            {JOB_STATUS[j.status] ?? j.status}
            {j.status !== 'completed' ? ` (${j.processed} of ${j.total})` : ''}
          </td>
          <td class="num">{j.total}</td>
          <td class="num">{j.issued}</td>
          <td class="num">{j.renewed}</td>
          <td class="num">{j.conflicts + j.invalid + j.failed}</td>
        </tr>
      ))}
    </Table>
  );
}

const ROWS_PAGE = 50;
const RESULT_FILTERS: [BulkRowResult | undefined, string][] = [
  [undefined, 'All rows'],
  ['issued', 'Issued'],
  ['renewed', 'Renewed'],
  ['conflict', 'Refused'],
  ['invalid', 'Invalid'],
  ['failed', 'Failed'],
  ['pending', 'Waiting'],
];

/** Loads the job every second while it runs; stops when it is finished or the page is left. */
function useJob(path: string) {
  const [job, setJob] = useState<BulkJobDetail | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const j = await api.get<BulkJobDetail>(path);
        if (stopped) return;
        setJob(j);
        setError(undefined);
        if (j.status !== 'completed') timer = setTimeout(load, 1000);
      } catch (err) {
        if (stopped) return;
        setError(toApiError(err));
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [path, tick]);
  return { job, error, retry: () => setTick((t) => t + 1) };
}

export function BulkJobPage({ params }: PageProps) {
  useTitle('Bulk job');
  const { org } = useOrg();
  const location = useLocation();
  const jobId = params.jobId!;
  const result = location.search.get('result') ?? undefined;
  const offset = location.search.get('offset') ?? undefined;
  const badges = useResource(() => allBadges(org.id), [org.id]);
  const { job, error, retry } = useJob(`${orgApi(org.id, 'bulk-issuances', jobId)}${query({ limit: ROWS_PAGE, offset, result })}`);
  // What the live region says: only at each tenth of the way and at the end, not every second.
  const announced = useRef<{ step: number; text: string }>({ step: -1, text: '' });
  if (job) {
    const done = job.status === 'completed';
    const step = done ? 10 : job.total > 0 ? Math.floor((job.processed / job.total) * 10) : 0;
    if (step !== announced.current.step) {
      announced.current = {
        step,
        text: done ? `Finished: ${job.processed} of ${job.total} rows processed.` : `${job.processed} of ${job.total} rows processed.`,
      };
    }
  }
  const reportHref = `${orgApi(org.id, 'bulk-issuances', jobId, 'report.csv')}`;
  return (
    <>
      <p>
        <Link href={pagePath('bulk', { orgId: org.id })}>← Bulk issue</Link>
      </p>
      <h1>Bulk job</h1>
      {error && !job ? <LoadError error={error} retry={retry} /> : null}
      {error && job ? (
        <Notice tone="warning" title="Progress is not updating">
          <p>{error.message}</p>
          <button type="button" class="button secondary small" onClick={retry}>
            Try again
          </button>
        </Notice>
      ) : null}
      {!job && !error ? (
        <p class="loading" role="status">
          Loading…
        </p>
      ) : null}
      {job ? (
        <>
          <dl class="facts">
            <dt>Badge</dt>
            <dd>{badgeNameOf(badges.data, job.badgeId)}</dd>
            <dt>State</dt>
            <dd>{JOB_STATUS[job.status] ?? job.status}</dd>
            <dt>Created</dt>
            <dd>
              <DateText iso={job.createdAt} withTime />
            </dd>
            <dt>Finished</dt>
            <dd>{job.completedAt ? <DateText iso={job.completedAt} withTime /> : 'Not yet'}</dd>
          </dl>
          <div class="progress-block">
            <label for="job-progress">Progress</label>
            <progress id="job-progress" class="progress" max={job.total || 1} value={job.total ? job.processed : 1}>
              {job.processed} of {job.total}
            </progress>
            <p aria-hidden="true">
              {job.processed} of {job.total} rows processed
            </p>
            <p class="visually-hidden" role="status" aria-live="polite">
              {announced.current.text}
            </p>
          </div>
          {job.status === 'completed' ? (
            <Notice tone="success" title="The job is finished">
              <p>
                {job.issued} issued, {job.renewed} renewed, {job.conflicts} refused, {job.invalid} invalid, {job.failed} failed.
              </p>
            </Notice>
          ) : null}
          <p>
            <a href={reportHref} download>
              Download the report (CSV)
            </a>
          </p>
          <div class="table-wrap">
            <table>
              <caption>Rows by result</caption>
              <tbody>
                {(
                  [
                    ['issued', job.issued],
                    ['renewed', job.renewed],
                    ['conflict', job.conflicts],
                    ['invalid', job.invalid],
                    ['failed', job.failed],
                    ['pending', job.total - job.processed],
                  ] as [BulkRowResult, number][]
                ).map(([k, n]) => (
                  <tr key={k}>
                    <th scope="row">{RESULT_TEXT[k]}</th>
                    <td class="num">{n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Rows</h2>
          <nav aria-label="Filter rows" class="filters">
            <ul>
              {RESULT_FILTERS.map(([value, text]) => (
                <li key={text}>
                  <Link
                    href={withQuery(location, { result: value, offset: undefined })}
                    aria-current={result === value ? 'page' : undefined}
                  >
                    {text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {job.rows.length === 0 ? (
            <p>No rows here.</p>
          ) : (
            <Table columns={[{ num: 'Row' }, 'Name', 'E-mail', 'Result', 'Reason', 'Credential']}>
              {job.rows.map((r) => (
                <tr
                  key={r.row}
                  class={r.result === 'invalid' || r.result === 'conflict' || r.result === 'failed' ? 'row-problem' : undefined}
                >
                  <td class="num">{r.row}</td>
                  <td>{r.name}</td>
                  <td>{r.email}</td>
                  <td>
                    <strong class={`tag tag-${r.result}`}>{RESULT_TEXT[r.result] ?? r.result}</strong>
                  </td>
                  <td>{r.reason ?? ''}</td>
                  <td>
                    {r.credentialUuid ? (
                      <CredentialLink orgId={org.id} id={r.credentialUuid}>
                        {r.credentialId ?? 'Open'}
                      </CredentialLink>
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <Pager pagination={job.pagination} location={location} label="Rows" />
        </>
      ) : null}
    </>
  );
}
