import QRCode from 'qrcode';
import { entryLru } from '../../app/lru-cache.js';
import { html, raw, type Html } from './html.js';

export function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** `2025-03-01` in a <time> element carrying the full timestamp. */
export function date(iso: string | null | undefined): Html | string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return html`<time datetime="${d.toISOString()}">${d.toISOString().slice(0, 10)}</time>`;
}

export interface CheckLine {
  label: string;
  passed: boolean;
  message?: string;
}

/** Pass/fail is said in words and a symbol, never by colour alone. (Markup whitespace kept as written: prettier-ignore.) */
// prettier-ignore
export function checkList(lines: readonly CheckLine[]): Html {
  return html`<ul class="checks">${lines.map(
    (l) =>
      html`<li><span class="${l.passed ? 'pass' : 'fail'}">${l.passed ? '✓ Passed' : '✗ Failed'}</span>: ${l.label}${
        l.message ? html` — ${l.message}` : ''
      }</li>`,
  )}</ul>`;
}

// prettier-ignore
export function tagList(tags: readonly string[]): Html | string {
  if (tags.length === 0) return '';
  return html`<h3>Skills</h3><ul class="tags">${tags.map((t) => html`<li>${t}</li>`)}</ul>`;
}

export type BannerTone = 'ok' | 'warn' | 'bad';

export function banner(tone: BannerTone, text: string): Html {
  return html`<div class="banner ${tone}" role="status">${tone === 'ok' ? '✓ ' : tone === 'warn' ? '! ' : '✗ '}${text}</div>`;
}

const qrCache = entryLru<string, string>(2000);

/** A QR code of `url` as inline SVG (npm qrcode), labelled for screen readers. */
export async function qrSvg(url: string): Promise<Html> {
  let svg = qrCache.get(url);
  if (!svg) {
    svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
    svg = svg.replace('<svg ', '<svg role="img" aria-label="QR code of the verification address" focusable="false" ');
    qrCache.set(url, svg);
  }
  return raw(svg);
}

export function issuerLine(name: string | null, domainVerified: boolean, domain: string | null): Html {
  return html`${name ?? 'Unknown issuer'}${
    domainVerified ? html` <span class="verified">✓ Domain verified${domain ? html` (${domain})` : ''}</span>` : ''
  }`;
}
