import type { Request, RequestHandler, Response } from 'express';
import { matchPage, PAGES } from '../../web/src/routes.js';
import type { WebAsset, WebAssets } from '../web/assets.js';

/**
 * The browser application's CSP: scripts and styles from this origin only (no inline script or
 * style, no eval), API calls to this origin only, images from this origin (and the local
 * previews of a file being uploaded), nothing framed, no form posting elsewhere.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Powerful features the application never uses, refused for its documents (and anything they
 * embed), so that injected script could not ask for them either. Clipboard writes (copy
 * buttons) stay allowed.
 */
export const WEB_PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

function shell(assets: WebAssets): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Credentials</title>
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets.style.path}">
<script type="module" src="${assets.script.path}"></script>
</head>
<body>
<div id="app"><noscript><p>This application needs JavaScript. Credentials can be verified without it at <a href="/verify-lookup">/verify-lookup</a>.</p></noscript></div>
</body>
</html>
`;
}

/** br, then gzip, then none, as the client accepts (q=0 refuses an encoding). */
function pickEncoding(req: Request): 'br' | 'gzip' | undefined {
  const accept = String(req.headers['accept-encoding'] ?? '');
  const accepted = (name: string) =>
    accept.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim().toLowerCase() !== name) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}

/**
 * If-None-Match as RFC 9110 reads it: `*`, or a list of entity tags compared weakly (a `W/`
 * prefix, which caches and proxies add when they recompress, still names the same bytes).
 */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendAsset(req: Request, res: Response, asset: WebAsset): void {
  res.set({
    ...SECURITY_HEADERS,
    'content-type': asset.contentType,
    'cache-control': 'public, max-age=31536000, immutable',
    etag: asset.etag,
    vary: 'Accept-Encoding',
  });
  if (notModified(req, asset.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req);
  const body = encoding ? asset[encoding] : asset.identity;
  if (encoding) res.set('content-encoding', encoding);
  res.set('content-length', String(body.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/**
 * What webRoutes answers, as path templates: every page (web/src/routes.ts) and the assets. Listed
 * with the gateway's routes as outside the OpenAPI document (app.ts, routes-kit.ts).
 */
export const WEB_TEMPLATES: readonly string[] = [
  ...Object.values(PAGES).map((page) => page.replace(/:(\w+)/g, '{$1}')),
  '/assets/{file}',
];

/**
 * GET (and HEAD) of the application: its hashed assets under /assets/, and the one HTML
 * document for every page the application has (web/src/routes.ts). Any other request passes
 * on to the API's routes (and their 404). A plain middleware rather than Express routes: these
 * are pages, not API operations, so they are not in the OpenAPI document.
 */
export function webRoutes(assets: WebAssets): RequestHandler {
  const page = Buffer.from(shell(assets));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const asset = req.path.startsWith('/assets/') ? assets.byPath.get(req.path) : undefined;
    if (asset) {
      sendAsset(req, res, asset);
      return;
    }
    if (req.path.startsWith('/api/') || !matchPage(req.path)) {
      next();
      return;
    }
    res.set({
      ...SECURITY_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': WEB_CONTENT_SECURITY_POLICY,
      'permissions-policy': WEB_PERMISSIONS_POLICY,
      'cache-control': 'no-cache',
      'content-length': String(page.length),
    });
    res.status(200).end(req.method === 'HEAD' ? undefined : page);
  };
}
