import { createHash } from 'node:crypto';
import type http from 'node:http';

/** Text for HTML content and attribute values (always quoted with "): & < > " ' escaped. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markup assembled by `html```: interpolations are escaped unless they are Html themselves. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(markup: string): Html {
  return new Html(markup);
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(part);
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

/**
 * One stylesheet for every page, inline and allowed by its hash in the CSP (no external
 * requests, no 'unsafe-inline'). Colours meet WCAG AA contrast against their backgrounds.
 */
const CSS = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#f6f7f9}
body{margin:0}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.skip{position:absolute;left:-999px}
.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
header.site,footer.site{background:#1f2937;color:#fff;padding:12px 20px}
header.site a,footer.site a{color:#fff}
footer.site{margin-top:40px;font-size:.9rem}
main{max-width:860px;margin:0 auto;padding:20px}
.card{background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:20px;margin:16px 0}
.banner{border-radius:8px;padding:16px 20px;margin:16px 0;font-size:1.2rem;font-weight:600;border:2px solid}
.banner.ok{background:#e7f6ec;color:#0f5132;border-color:#0f5132}
.banner.warn{background:#fff4e5;color:#6b3a00;border-color:#6b3a00}
.banner.bad{background:#fdecea;color:#842029;border-color:#842029}
.badge{display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}
.badge img{width:160px;height:160px;object-fit:contain}
.checks{list-style:none;padding:0;margin:0}
.checks li{padding:6px 0;border-bottom:1px solid #e5e7eb}
.pass{color:#0f5132;font-weight:600}
.fail{color:#842029;font-weight:600}
.tags{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.tags li{background:#e8eefc;color:#0b3a8f;border-radius:12px;padding:2px 10px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0}
.qr svg{width:160px;height:160px}
.verified{color:#0f5132;font-weight:600}
.error{color:#842029;font-weight:600}
.downloads a{display:inline-block;margin-right:16px}
.md{white-space:pre-line}
.alignments li,.evidence li{margin-bottom:6px}
.evidence p{margin:4px 0}
.code{color:#4b5563}
label{display:block;font-weight:600;margin-bottom:4px}
input[type=text]{font-size:1rem;padding:8px;width:100%;max-width:420px;border:1px solid #6b7280;border-radius:4px}
button{font-size:1rem;padding:8px 16px;margin-top:8px;background:#0b57d0;color:#fff;border:0;border-radius:4px;cursor:pointer}
`;

const STYLE_HASH = createHash('sha256').update(CSS).digest('base64');

/**
 * Strict CSP: nothing but this origin's images (data: only for the empty favicon), the one inline
 * stylesheet by hash, forms posting to this origin; no scripts at all, no framing.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "img-src 'self' data:",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function layout(title: string, body: Html, options: { description?: string } = {}): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${options.description ? html`<meta name="description" content="${options.description}">` : ''}
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<style>${raw(CSS)}</style>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="site" role="banner"><a href="/verify-lookup">Credential verification</a></header>
<main id="content">
${body}
</main>
<footer class="site" role="contentinfo">Open Badges 3.0 credentials. <a href="/verify-lookup">Verify another credential</a></footer>
</body>
</html>
`.value;
}

export interface PageOptions {
  /** Pages of private credentials (shown to their owner) must not be stored anywhere. */
  private?: boolean;
  headers?: Record<string, string>;
}

/** A page's headers but its length. */
export function htmlHeaders(cacheControl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    vary: 'Cookie, Authorization',
    ...extra,
  };
}

export function sendHtml(res: http.ServerResponse, status: number, page: string, options: PageOptions = {}): void {
  res.writeHead(status, {
    ...htmlHeaders(status >= 400 || options.private ? 'no-store' : 'no-cache', options.headers),
    'content-length': Buffer.byteLength(page),
  });
  res.end(page);
}

export function errorPage(status: number, message: string): string {
  const title =
    status === 403
      ? 'This credential is private'
      : status === 404
        ? 'Not found'
        : status === 413
          ? 'File too large'
          : status >= 500
            ? 'Something went wrong'
            : 'Request not accepted';
  return layout(
    title,
    html`<h1>${title}</h1>
<div class="card"><p>${message}</p>
<p><a href="/verify-lookup">Look up a credential</a></p></div>`,
  );
}
