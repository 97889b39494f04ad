import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../../api.js';
import { ErrorSummary, Form, SubmitButton, TextInput, errorFor } from '../../components/forms.js';
import { useOrg } from '../../components/layout.js';
import { Loaded, Table } from '../../components/ui.js';
import { refusedFilter, useResource, useTitle } from '../../hooks.js';
import { Link, navigate, useLocation, withQuery } from '../../router.js';
import type { Analytics, Badge } from '../../types.js';
import { allBadges, orgApi } from './common.js';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const CHANNEL_TEXT: Record<string, string> = {
  page: 'Verification page',
  api: 'API (GET /api/verify)',
  baked: 'Uploaded badge image',
  ob3: 'Signed document (JSON-LD)',
};
const OUTCOME_TEXT: Record<string, string> = {
  valid: 'Valid',
  revoked: 'Revoked',
  expired: 'Expired',
  issuer_inactive: 'Issuer not active',
  signature_invalid: 'Signature not valid',
};
const RANGES = [7, 30, 90, 365];

/** The last `days` days up to today (UTC), both included. */
function lastDays(days: number): { from: string; to: string } {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return { from: isoDay(new Date(today - (days - 1) * DAY_MS)), to: isoDay(new Date(today)) };
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return out;
  for (let t = start; t <= end && out.length < 400; t += DAY_MS) out.push(isoDay(new Date(t)));
  return out;
}

/** A bar chart of verifications per day, drawn here as SVG; the same numbers are in the table below it. */
function DayChart({ days, counts }: { days: string[]; counts: Map<string, number> }) {
  const W = 600;
  const H = 240;
  const left = 44;
  const right = 12;
  const top = 12;
  const bottom = 36;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const values = days.map((d) => counts.get(d) ?? 0);
  const max = Math.max(1, ...values);
  // Round the axis up to a readable number.
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const axisMax = Math.ceil(max / magnitude) * magnitude;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, slot * 0.8);
  const y = (v: number) => top + plotH - (v / axisMax) * plotH;
  const ticks = [0, axisMax / 2, axisMax].filter((v, i, a) => a.indexOf(v) === i && Number.isInteger(v));
  const labelAt = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  const total = values.reduce((a, b) => a + b, 0);
  const peak = values.indexOf(Math.max(...values));
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Bar chart of verifications per day from ${days[0]} to ${days[days.length - 1]}: ${total} in all${total ? `, most on ${days[peak]} (${values[peak]})` : ''}. The numbers are in the table below.`}
    >
      {ticks.map((v) => (
        <g key={v}>
          <line class="grid-line" x1={left} x2={W - right} y1={y(v)} y2={y(v)} />
          <text x={left - 6} y={y(v) + 4} text-anchor="end">
            {v}
          </text>
        </g>
      ))}
      {values.map((v, i) =>
        v > 0 ? (
          <rect key={days[i]} class="bar" x={left + i * slot + (slot - barW) / 2} y={y(v)} width={barW} height={top + plotH - y(v)}>
            <title>
              {days[i]}: {v}
            </title>
          </rect>
        ) : null,
      )}
      <line class="axis" x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} />
      <line class="axis" x1={left} x2={left} y1={top} y2={top + plotH} />
      {[...new Set(labelAt)].map((i) => (
        <text
          key={i}
          x={Math.min(W - right, Math.max(left, left + i * slot + slot / 2))}
          y={H - bottom + 18}
          text-anchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
        >
          {days[i]}
        </text>
      ))}
      <text x={left + plotW / 2} y={H - 4} text-anchor="middle">
        Day (UTC)
      </text>
    </svg>
  );
}

function CountTable({ caption, head, rows }: { caption: string; head: string; rows: [string, number][] }) {
  if (rows.length === 0) return null;
  return (
    <Table caption={caption} columns={[head, { num: 'Verifications' }]}>
      {rows.map(([k, n]) => (
        <tr key={k}>
          <th scope="row">{k}</th>
          <td class="num">{n}</td>
        </tr>
      ))}
    </Table>
  );
}

function Report({ data, badges }: { data: Analytics; badges: Badge[] }) {
  const days = daysBetween(data.from, data.to);
  const perDay = new Map<string, number>();
  const perBadge = new Map<string, number>();
  let served = 0;
  for (const r of data.rows) {
    if (r.outcome === 'served') {
      served += r.count;
      continue;
    }
    perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.count);
    perBadge.set(r.badgeId, (perBadge.get(r.badgeId) ?? 0) + r.count);
  }
  const nameOf = (id: string) => badges.find((b) => b.id === id)?.name ?? `Deleted badge (${id.slice(0, 8)})`;
  const byDesc = (a: [string, number], b: [string, number]) => b[1] - a[1];
  return (
    <>
      <p class="big-number">
        <strong>{data.totals.verifications}</strong> verifications from <time dateTime={data.from}>{data.from}</time> to{' '}
        <time dateTime={data.to}>{data.to}</time>
      </p>
      {served > 0 ? (
        <p class="hint">Besides these, the signed documents or baked images were downloaded {served} times (a download runs no check).</p>
      ) : null}
      <h2>Verifications per day</h2>
      {/* Scrolls sideways on narrow screens; focusable so a keyboard can scroll it. */}
      <div class="chart-wrap" tabIndex={0} role="region" aria-label="Chart of verifications per day">
        <DayChart days={days} counts={perDay} />
      </div>
      <details>
        <summary>Verifications per day as a table</summary>
        <Table caption="Verifications per day (UTC)" columns={['Day', { num: 'Verifications' }]}>
          {days.map((d) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              <td class="num">{perDay.get(d) ?? 0}</td>
            </tr>
          ))}
        </Table>
      </details>
      <div class="grid two">
        <section aria-labelledby="h-channel">
          <h2 id="h-channel">By channel</h2>
          {data.totals.verifications === 0 ? <p>No verifications in this period.</p> : null}
          <CountTable
            caption="Verifications by channel"
            head="Channel"
            rows={Object.entries(data.totals.byChannel)
              .map(([k, n]): [string, number] => [CHANNEL_TEXT[k] ?? k, n])
              .sort(byDesc)}
          />
          <CountTable
            caption="Verifications by result"
            head="Result"
            rows={Object.entries(data.totals.byOutcome)
              .map(([k, n]): [string, number] => [OUTCOME_TEXT[k] ?? k, n])
              .sort(byDesc)}
          />
        </section>
        <section aria-labelledby="h-badge">
          <h2 id="h-badge">By badge</h2>
          {perBadge.size === 0 ? <p>No verifications in this period.</p> : null}
          <CountTable
            caption="Verifications by badge"
            head="Badge"
            rows={[...perBadge].map(([k, n]): [string, number] => [nameOf(k), n]).sort(byDesc)}
          />
        </section>
      </div>
    </>
  );
}

export function AnalyticsPage() {
  useTitle('Analytics');
  const { org } = useOrg();
  const location = useLocation();
  const fallback = lastDays(30);
  const from = location.search.get('from') ?? fallback.from;
  const to = location.search.get('to') ?? fallback.to;
  const [fromValue, setFrom] = useState(from);
  const [toValue, setTo] = useState(to);
  // A period chosen by link (or Back) shows in the fields too.
  useEffect(() => {
    setFrom(from);
    setTo(to);
  }, [from, to]);
  const data = useResource(() => api.get<Analytics>(`${orgApi(org.id, 'analytics')}${query({ from, to })}`), [org.id, from, to]);
  const badges = useResource(() => allBadges(org.id), [org.id]);
  const rangeError = refusedFilter(data.error);
  return (
    <>
      <h1>Analytics</h1>
      <p>How often the organization's credentials were verified, by day, channel and badge. Days are UTC; at most 366 days at a time.</p>
      <nav aria-label="Periods" class="filters">
        <ul>
          {RANGES.map((n) => {
            const r = lastDays(n);
            return (
              <li key={n}>
                <Link href={withQuery(location, r)} aria-current={r.from === from && r.to === to ? 'page' : undefined}>
                  Last {n} days
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ErrorSummary error={rangeError} fields={['from', 'to']} />
      <Form label="Period" onSubmit={() => navigate(withQuery(location, { from: fromValue, to: toValue }))}>
        <div class="filter-form">
          <TextInput
            name="from"
            label="From"
            hint="The first day."
            type="date"
            value={DAY.test(fromValue) ? fromValue : ''}
            onValue={setFrom}
            error={errorFor(rangeError, 'from')}
          />
          <TextInput
            name="to"
            label="To"
            hint="This day is included."
            type="date"
            value={DAY.test(toValue) ? toValue : ''}
            onValue={setTo}
            error={errorFor(rangeError, 'to')}
          />
        </div>
        <SubmitButton pending={false}>Show period</SubmitButton>
      </Form>
      {rangeError ? null : <Loaded resource={data}>{(d) => <Report data={d} badges={badges.data ?? []} />}</Loaded>}
    </>
  );
}
