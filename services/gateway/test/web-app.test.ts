// The web application as the gateway serves it, without the rest of the platform: the gateway
// starts in-process (real Redis for its rate limits, no upstream is called) and builds the bundle
// itself, as it does in production. Checked: the in-memory esbuild bundle (a source that does not
// build fails here in seconds, not in the end-to-end suite), the HTML document of every page in
// the PAGES table with its headers, the hashed assets (encodings, caching, ETag, HEAD), the 404s
// of everything else, and hostile paths.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { WEB_CONTENT_SECURITY_POLICY, WEB_PERMISSIONS_POLICY } from '../src/http/web-routes.js';
import { buildWebAssets, type WebAsset } from '../src/web/assets.js';
import { PAGES, type PageName } from '../web/src/routes.js';
import { startGatewayOnly } from './fixtures/platform.js';

const execFileAsync = promisify(execFile);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let port = 0;

/** A request sent as written (no path normalization, no automatic decompression, unlike fetch). */
function request(path: string, o: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: o.method ?? 'GET', headers: o.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const json = (a: Answer): Record<string, unknown> => JSON.parse(a.body.toString('utf8')) as Record<string, unknown>;

function notFound(t: Test, a: Answer, what: string): void {
  t.equal(a.status, 404, `${what}: 404`);
  t.match(a.headers['content-type'], /^application\/json; charset=utf-8$/, `${what}: JSON`);
  const body = json(a);
  t.same(Object.keys(body).sort(), ['details', 'error', 'message'], `${what}: the error shape`);
  t.equal(body.error, 'NOT_FOUND', `${what}: NOT_FOUND`);
  t.notOk(a.headers['content-security-policy'], `${what}: not the application's document`);
}

// The bundle the test builds itself: the same source builds to the same bytes and paths as the
// gateway's own build at start, which is what a content hash promises.
const built = await buildWebAssets();

const service = await startGatewayOnly(t, 'gw-web', {
  PLATFORM_ADMIN_TOKEN: 'gateway-web-app-admin-token-0123456789',
  RATE_LIMIT_IP_PER_MINUTE: '100000',
});
port = service.httpPort();

t.test('buildWebAssets: one script and one stylesheet, content-hashed, compressed both ways', async (t) => {
  const { script, style, byPath } = built;
  // esbuild only warns about a CSS syntax error (such as a merge's unbalanced brace) and
  // builds a stylesheet with the rest nested inside one rule: a warning here is a broken build.
  t.same(built.warnings, [], 'esbuild has no warning');
  t.match(script.path, /^\/assets\/main-[A-Z0-9]{8}\.js$/, 'the script path carries a content hash');
  t.match(style.path, /^\/assets\/main-[A-Z0-9]{8}\.css$/, 'the stylesheet path carries a content hash');
  t.not(script.path.slice(13, 21), style.path.slice(13, 21), 'each file has its own hash');
  t.same([...byPath.keys()].sort(), [script.path, style.path].sort(), 'byPath holds exactly the two files');
  t.equal(byPath.get(script.path), script);
  t.equal(byPath.get(style.path), style);
  t.equal(script.contentType, 'text/javascript; charset=utf-8');
  t.equal(style.contentType, 'text/css; charset=utf-8');

  for (const [name, asset] of [
    ['script', script],
    ['style', style],
  ] as const) {
    t.ok(asset.identity.length > 1000, `${name}: not empty (${asset.identity.length} bytes)`);
    t.ok(gunzipSync(asset.gzip).equals(asset.identity), `${name}: gzip decodes to the same bytes`);
    t.ok(brotliDecompressSync(asset.br).equals(asset.identity), `${name}: brotli decodes to the same bytes`);
    t.ok(asset.gzip.length < asset.identity.length / 2, `${name}: gzip compresses (${asset.gzip.length} bytes)`);
    t.ok(asset.br.length < asset.gzip.length, `${name}: brotli is smaller than gzip (${asset.br.length} bytes)`);
    const digest = createHash('sha256').update(asset.identity).digest('base64url').slice(0, 22);
    t.equal(asset.etag, `"${digest}"`, `${name}: the ETag is the content's digest`);
  }

  const source = script.identity.toString('utf8');
  t.match(source, /getElementById\("app"\)/, "the script mounts on the shell's #app");
  t.notMatch(source, /\bimport\s*\(\s*["'`]https?:|\bfrom\s*["'`]https?:/, 'the script imports nothing from elsewhere at run time');
  t.notMatch(style.identity.toString('utf8'), /@import|url\(\s*["']?(?:https?:)?\/\//, 'the stylesheet loads nothing from elsewhere');

  const again = await buildWebAssets();
  t.same([again.script.path, again.style.path], [script.path, style.path], 'the same source builds to the same paths');
  t.ok(again.script.identity.equals(script.identity), 'and the same bytes');

  // And in a process started from another directory: replicas started from different
  // directories must name the same files (esbuild's hash covers module paths, which were
  // relative to the working directory of the process).
  const program = `const { buildWebAssets } = await import(${JSON.stringify(new URL('../src/web/assets.ts', import.meta.url).href)});
    const a = await buildWebAssets();
    process.stdout.write(JSON.stringify([a.script.path, a.style.path]));`;
  const elsewhere = await execFileAsync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', program], {
    cwd: tmpdir(),
  });
  t.same(JSON.parse(elsewhere.stdout), [script.path, style.path], `the same paths from a process whose cwd is ${tmpdir()}`);
});

/** A concrete path for every PAGES pattern; the parameters' values need not exist. */
const SAMPLE_PARAMS: Record<string, string> = {
  orgId: '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b',
  badgeId: '5d2c9a61-8e3f-4b7a-a1c0-2f9e8d7c6b5a',
  jobId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  credentialId: '1f2e3d4c-5b6a-4978-8a69-5b4c3d2e1f00',
};
const samplePath = (pattern: string) =>
  pattern.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const value = SAMPLE_PARAMS[key];
    if (!value) throw new Error(`no sample value for :${key} (add one to SAMPLE_PARAMS)`);
    return value;
  });

t.test('every page of the PAGES table answers the application document', async (t) => {
  const names = Object.keys(PAGES) as PageName[];
  t.ok(names.length >= 20, `${names.length} pages`);
  const first = await request('/');
  const shell = first.body.toString('utf8');
  t.match(shell, /^<!doctype html>/, 'an HTML document');
  t.match(shell, /<meta charset="utf-8">/);
  t.match(shell, /<div id="app">/, 'the element the script mounts on');
  t.ok(shell.includes(`<script type="module" src="${built.script.path}"></script>`), 'the hashed script, as a module');
  t.ok(shell.includes(`<link rel="stylesheet" href="${built.style.path}">`), 'the hashed stylesheet');
  t.notMatch(shell, /<script(?![^>]*\bsrc=)/, 'no inline script (the CSP would block it)');
  t.notMatch(shell, /<style|\sstyle=/, 'no inline style (the CSP would block it)');
  t.notMatch(shell, /(?:src|href)="(?:https?:)?\/\//, 'nothing from another origin');

  const paths = names.map((name) => [name, samplePath(PAGES[name])] as const);
  // A parameter with escapes, and a trailing slash, still name the page.
  paths.push(
    ['badgeEdit', `/org/${encodeURIComponent('org with spaces/é')}/badges/${SAMPLE_PARAMS.badgeId}`],
    ['login', '/login/'],
    ['issue', `${samplePath(PAGES.issue)}?badgeId=x&page=2`],
  );
  for (const [name, path] of paths) {
    const r = await request(path, { headers: { 'accept-encoding': 'br, gzip' } });
    t.equal(r.status, 200, `${name} ${path}: 200`);
    t.equal(r.headers['content-type'], 'text/html; charset=utf-8', `${name}: text/html`);
    t.ok(r.body.equals(first.body), `${name}: the one application document`);
    t.equal(r.headers['content-length'], String(first.body.length), `${name}: Content-Length`);
    t.equal(r.headers['content-security-policy'], WEB_CONTENT_SECURITY_POLICY, `${name}: the CSP`);
    t.equal(r.headers['cache-control'], 'no-cache', `${name}: revalidated on every load, so a new deploy's asset names are seen`);
    t.equal(r.headers['x-content-type-options'], 'nosniff', `${name}: nosniff`);
    t.equal(r.headers['x-frame-options'], 'DENY', `${name}: not framed`);
    t.equal(r.headers['referrer-policy'], 'same-origin', `${name}: referrer policy`);
    t.equal(r.headers['cross-origin-opener-policy'], 'same-origin', `${name}: COOP`);
    t.equal(r.headers['cross-origin-resource-policy'], 'same-origin', `${name}: CORP`);
    t.equal(r.headers['permissions-policy'], WEB_PERMISSIONS_POLICY, `${name}: permissions policy`);
    t.notOk(r.headers['content-encoding'], `${name}: the document itself is sent as is`);
    t.notOk(r.headers['set-cookie'], `${name}: no cookie`);
    t.notOk(r.headers['x-powered-by'], `${name}: no X-Powered-By`);
  }

  const csp = WEB_CONTENT_SECURITY_POLICY;
  for (const directive of [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ]) {
    t.ok(csp.split('; ').includes(directive), `the CSP has ${directive}`);
  }
  t.notMatch(csp, /unsafe-inline|unsafe-eval|\*/, 'no unsafe-inline, unsafe-eval or wildcard');

  const head = await request(samplePath(PAGES.badges), { method: 'HEAD' });
  t.equal(head.status, 200, 'HEAD: 200');
  t.equal(head.body.length, 0, 'HEAD: no body');
  t.equal(head.headers['content-length'], String(first.body.length), "HEAD: the GET's Content-Length");
  t.equal(head.headers['content-security-policy'], WEB_CONTENT_SECURITY_POLICY, 'HEAD: the CSP');

  // Only GET and HEAD are pages; anything else on a page path is the API's 404.
  notFound(t, await request('/login', { method: 'POST' }), 'POST /login');
  notFound(t, await request(samplePath(PAGES.badges), { method: 'DELETE' }), 'DELETE a page');

  // The assets the document names are the ones served: the chain a browser follows.
  const script = /<script type="module" src="([^"]+)">/.exec(shell)?.[1];
  const style = /<link rel="stylesheet" href="([^"]+)">/.exec(shell)?.[1];
  for (const [path, type] of [
    [script, 'text/javascript; charset=utf-8'],
    [style, 'text/css; charset=utf-8'],
  ] as const) {
    const r = await request(path ?? '/missing');
    t.same([r.status, r.headers['content-type']], [200, type], `${path}: served`);
  }
});

t.test('hashed assets: encodings, immutable caching, ETag, HEAD', async (t) => {
  const check = async (asset: WebAsset) => {
    const cases: Array<[string | undefined, 'br' | 'gzip' | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['GZIP', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      ['gzip;q=0, br;q=0', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const label = `${asset.path} Accept-Encoding ${accept ?? '(none)'}`;
      const r = await request(asset.path, { headers: accept === undefined ? {} : { 'accept-encoding': accept } });
      t.equal(r.status, 200, `${label}: 200`);
      t.equal(r.headers['content-type'], asset.contentType, `${label}: content type`);
      t.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable', `${label}: immutable`);
      t.equal(r.headers['etag'], asset.etag, `${label}: ETag`);
      t.match(r.headers['vary'], /Accept-Encoding/i, `${label}: Vary`);
      t.equal(r.headers['x-content-type-options'], 'nosniff', `${label}: nosniff`);
      t.equal(r.headers['cross-origin-resource-policy'], 'same-origin', `${label}: CORP`);
      t.equal(r.headers['content-encoding'], encoding, `${label}: Content-Encoding ${encoding ?? 'none'}`);
      t.ok(r.body.equals(encoding ? asset[encoding] : asset.identity), `${label}: the prepared bytes`);
      t.equal(r.headers['content-length'], String(r.body.length), `${label}: Content-Length`);
      const decoded = encoding === 'br' ? brotliDecompressSync(r.body) : encoding === 'gzip' ? gunzipSync(r.body) : r.body;
      t.ok(decoded.equals(built.byPath.get(asset.path)!.identity), `${label}: decodes to the built file`);
    }

    const head = await request(asset.path, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    t.same([head.status, head.body.length, head.headers['content-encoding']], [200, 0, 'gzip'], `${asset.path} HEAD: 200, no body`);
    t.equal(head.headers['content-length'], String(asset.gzip.length), `${asset.path} HEAD: the GET's Content-Length`);
    t.equal(head.headers['cache-control'], 'public, max-age=31536000, immutable');

    for (const inm of [asset.etag, `W/${asset.etag}`, `"something-else", ${asset.etag}`, '*']) {
      const r = await request(asset.path, { headers: { 'if-none-match': inm, 'accept-encoding': 'br' } });
      t.equal(r.status, 304, `If-None-Match ${inm}: 304`);
      t.equal(r.body.length, 0, 'no body');
      t.equal(r.headers['etag'], asset.etag, '304 keeps the ETag');
      t.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable', '304 keeps the caching');
    }
    const stale = await request(asset.path, { headers: { 'if-none-match': '"something-else"' } });
    t.same([stale.status, stale.body.length], [200, asset.identity.length], 'another ETag: the file');
    const withQuery = await request(`${asset.path}?v=2`);
    t.equal(withQuery.status, 200, 'a query string does not change the file');
  };
  // The gateway's own build (read from its document) is the test's build: same paths.
  const shell = (await request('/')).body.toString('utf8');
  for (const asset of [built.script, built.style]) {
    t.ok(shell.includes(asset.path), `the gateway serves ${asset.path}`);
    await check(asset);
  }
});

t.test("other paths get the gateway's JSON 404", async (t) => {
  /** The same name with another hash of the same length. */
  const otherHash = (path: string) => {
    const hash = path.slice(13, 21);
    return path.replace(hash, hash === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA');
  };
  const paths = [
    '/nope',
    '/org',
    '/org/',
    '/me',
    '/index.html',
    '/favicon.ico',
    '/robots.txt',
    `${samplePath(PAGES.badgeNew)}/extra`,
    `/org/${SAMPLE_PARAMS.orgId}/unknown`,
    '/assets/',
    '/assets',
    otherHash(built.script.path),
    otherHash(built.style.path),
    built.script.path.toLowerCase(),
    `${built.script.path}.map`,
    `/static${built.script.path}`,
    '/api',
    '/api/nope',
    '/api/org/x',
    '/api/login',
  ];
  for (const path of paths) notFound(t, await request(path), path);
  notFound(t, await request(built.script.path, { method: 'POST' }), `POST ${built.script.path}`);
  const head = await request('/nope', { method: 'HEAD' });
  t.same([head.status, head.body.length], [404, 0], 'HEAD /nope: 404 without a body');
});

t.test('hostile paths never get a 5xx', async (t) => {
  const long = 'a'.repeat(8000);
  const cases: Array<[string, number | 'client-error']> = [
    ['/org/%E0%A4%A/badges', 404], // a malformed escape names no page
    ['/org/%E0%A4%A', 404],
    ['/org/%/badges', 404],
    ['/%E0%A4%A', 404],
    ['/assets/%E0%A4%A.js', 404],
    ['/..%2f..%2fetc/passwd', 404],
    ['/../../etc/passwd', 404],
    ['/assets/..%2f..%2fpackage.json', 404],
    ['/assets/../../package.json', 404],
    [`/assets/${encodeURIComponent('../web/src/main.tsx')}`, 404],
    ['//evil.example.com/', 404],
    ['/org/%2e%2e/badges', 200], // a page with an odd id: the page itself says it is unknown
    ['/org/%00/badges', 200],
    [`/org/${long}`, 200],
    [`/${long}`, 404],
    [`/${'a/'.repeat(4000)}`, 404],
    [`/api/${long}`, 404],
    ['/login?%E0%A4%A=%', 200],
    [`/${'a'.repeat(20000)}`, 'client-error'], // over node's header limit: refused by the parser
  ];
  for (const [path, expected] of cases) {
    const label = path.length > 60 ? `${path.slice(0, 40)}... (${path.length} characters)` : path;
    const r = await request(path);
    t.ok(r.status < 500, `${label}: ${r.status} < 500`);
    if (expected === 'client-error') {
      t.ok(r.status >= 400, `${label}: a 4xx`);
      t.equal(json(r).error !== undefined, true, `${label}: the error shape`);
    } else if (expected === 200) {
      t.equal(r.status, 200, `${label}: the application document`);
      t.equal(r.headers['content-security-policy'], WEB_CONTENT_SECURITY_POLICY, `${label}: with its CSP`);
    } else {
      notFound(t, r, label);
    }
  }
  const after = await request('/');
  t.equal(after.status, 200, 'the gateway still answers');
});
