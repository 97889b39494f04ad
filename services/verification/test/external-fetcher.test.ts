// @unit
// The guarded fetcher (docs/contract.md "Verification", docs/security.md "Outbound requests"): SSRF refusals, DNS pinning,
// no redirects, byte cap, deadline, content-type sanity, and the did:web document cache.
// Only loopback servers are used; "public" host names are simulated with an injected resolver.
import t from 'tap';
import {
  createGuardedFetcher,
  createRemoteDocuments,
  didWebDocumentUrl,
  FetchError,
  type HostResolver,
} from '../src/external/index.js';
import { jsonRoutes, startServer } from './fixtures/external-servers.js';

function codeOf(err: unknown): string {
  return err instanceof FetchError ? err.code : `not a FetchError: ${String(err)}`;
}

async function failure(p: Promise<unknown>): Promise<FetchError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof FetchError) return err;
    throw err;
  }
  throw new Error('expected a FetchError');
}

t.test('non-allow-listed hosts: private, loopback, link-local, unique-local, mapped addresses are refused before connecting', async (t) => {
  const lookups: string[] = [];
  const resolver: HostResolver = async (h) => {
    lookups.push(h);
    return [{ address: '93.184.216.34', family: 4 }];
  };
  const fetcher = createGuardedFetcher({ allowedHosts: [], resolver, timeoutMs: 500 });
  const literals = [
    'https://127.0.0.1/',
    'https://127.1.2.3/did.json',
    'https://10.0.0.1/x',
    'https://172.31.255.255/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://224.0.0.1/',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://2130706433/', // decimal 127.0.0.1
    'https://0x7f.0.0.1/', // hex
    'https://017700000001/', // octal
    'https://127.1/', // short form
  ];
  for (const url of literals) {
    const err = await failure(fetcher.get(url));
    t.equal(err.code, 'ADDRESS_NOT_ALLOWED', `${url}: ${err.message}`);
  }
  for (const url of ['https://localhost/', 'https://metadata.google.internal/', 'https://printer.local/', 'https://intranet/']) {
    t.equal(codeOf(await failure(fetcher.get(url))), 'ADDRESS_NOT_ALLOWED', url);
  }
  t.same(lookups, [], 'no DNS lookup, no connection for literal or local names');
});

t.test('names that resolve to non-public addresses are refused (every answer is checked)', async (t) => {
  const answers: Record<string, string[]> = {
    'loopback.example': ['127.0.0.1'],
    'metadata.example': ['169.254.169.254'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'v6.example': ['::1'],
    'ula.example': ['fd12:3456::1'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'cgnat.example': ['100.100.100.100'],
  };
  const resolver: HostResolver = async (h) => (answers[h] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const fetcher = createGuardedFetcher({ allowedHosts: [], resolver });
  for (const host of Object.keys(answers)) {
    const err = await failure(fetcher.get(`https://${host}/did.json`));
    t.equal(err.code, 'ADDRESS_NOT_ALLOWED', `${host}: ${err.message}`);
  }
  t.equal(codeOf(await failure(fetcher.get('https://nxdomain.example/'))), 'DNS_FAILED');
});

t.test('scheme, port and URL rules for hosts that are not allow-listed', async (t) => {
  const fetcher = createGuardedFetcher({ allowedHosts: ['127.0.0.1:1'], resolver: async () => [{ address: '93.184.216.34', family: 4 }] });
  t.equal(codeOf(await failure(fetcher.get('http://issuer.example/did.json'))), 'SCHEME_NOT_ALLOWED', 'http refused');
  t.equal(
    codeOf(await failure(fetcher.get('http://127.0.0.1:2/'))),
    'SCHEME_NOT_ALLOWED',
    'another port of an allowed host is not allowed',
  );
  t.equal(codeOf(await failure(fetcher.get('https://issuer.example:8443/did.json'))), 'PORT_NOT_ALLOWED');
  t.equal(codeOf(await failure(fetcher.get('ftp://issuer.example/x'))), 'SCHEME_NOT_ALLOWED');
  t.equal(codeOf(await failure(fetcher.get('file:///etc/passwd'))), 'SCHEME_NOT_ALLOWED');
  t.equal(codeOf(await failure(fetcher.get('https://user:pw@issuer.example/'))), 'BAD_URL');
  t.equal(codeOf(await failure(fetcher.get('not a url'))), 'BAD_URL');
  t.equal(codeOf(await failure(fetcher.get(`https://issuer.example/${'a'.repeat(3000)}`))), 'BAD_URL');
  t.equal(fetcher.isAllowedHost('http://127.0.0.1:1/x'), true);
  t.equal(fetcher.isAllowedHost('http://127.0.0.1:2/x'), false);
});

t.test('allow-listed hosts: http on loopback works; JSON is parsed with limits', async (t) => {
  const deep = '['.repeat(100) + ']'.repeat(100);
  const server = await startServer(t, (req, res) => {
    if (req.url === '/doc') return void res.writeHead(200, { 'content-type': 'application/did+ld+json' }).end('{"id":"x"}');
    if (req.url === '/plain') return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('{"a":1}');
    if (req.url === '/html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/deep') return void res.writeHead(200, { 'content-type': 'application/json' }).end(deep);
    if (req.url === '/broken') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":');
    if (req.url === '/gzip') return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('xx');
    res.writeHead(404).end();
  });
  const fetcher = createGuardedFetcher({ allowedHosts: [server.hostPort] });
  t.same(await fetcher.fetchJson(`${server.origin}/doc`), { id: 'x' });
  t.same(await fetcher.fetchJson(`${server.origin}/plain`), { a: 1 }, 'text/plain (raw.githubusercontent.com style) accepted');
  t.equal(codeOf(await failure(fetcher.fetchJson(`${server.origin}/html`))), 'BAD_CONTENT_TYPE');
  t.equal(codeOf(await failure(fetcher.fetchJson(`${server.origin}/deep`))), 'BAD_JSON', 'nesting > 32 refused');
  t.equal(codeOf(await failure(fetcher.fetchJson(`${server.origin}/broken`))), 'BAD_JSON');
  t.equal(codeOf(await failure(fetcher.fetchJson(`${server.origin}/gzip`))), 'BAD_CONTENT_TYPE', 'no content-encoding');
  const notFound = await failure(fetcher.fetchJson(`${server.origin}/missing`));
  t.same([notFound.code, notFound.status], ['HTTP_STATUS', 404]);
});

t.test('DNS pinning: the vetted answer is the address connected to; the name is resolved once', async (t) => {
  const server = await startServer(t, jsonRoutes({ '/did.json': { id: 'pinned' } }));
  let calls = 0;
  // First answer: the loopback test server. Any later answer would be a rebinding attempt.
  const resolver: HostResolver = async () =>
    ++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.255.255.1', family: 4 }];
  const fetcher = createGuardedFetcher({ allowedHosts: [`rebind.test:${server.port}`], resolver, timeoutMs: 1000 });
  const res = await fetcher.get(`http://rebind.test:${server.port}/did.json`);
  t.equal(res.status, 200);
  t.equal(res.remoteAddress, '127.0.0.1', 'connected to the pinned address');
  t.equal(calls, 1, 'resolved exactly once (the http stack used the pinned answer, not a fresh lookup)');
  t.same(JSON.parse(res.body.toString()), { id: 'pinned' });
});

t.test('redirects are not followed', async (t) => {
  const target = await startServer(t, jsonRoutes({ '/secret': { secret: true } }));
  const server = await startServer(t, (_req, res) => res.writeHead(302, { location: `${target.origin}/secret` }).end());
  const fetcher = createGuardedFetcher({ allowedHosts: [server.hostPort, target.hostPort] });
  const err = await failure(fetcher.fetchJson(`${server.origin}/did.json`));
  t.same([err.code, err.status], ['REDIRECT', 302]);
  t.same(target.hits, [], 'the redirect target was never contacted');
});

t.test('response size cap: declared and streamed', async (t) => {
  const big = Buffer.alloc(200_000, 0x20);
  const server = await startServer(t, (req, res) => {
    if (req.url === '/declared')
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': big.length }).end(big);
    // chunked, no Content-Length: the body is cut while streaming
    res.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    const tick = () => {
      if (sent > 10_000_000 || res.destroyed) return res.end();
      sent += 16_384;
      res.write(Buffer.alloc(16_384, 0x20), () => setImmediate(tick));
    };
    tick();
  });
  const fetcher = createGuardedFetcher({ allowedHosts: [server.hostPort], maxBytes: 50_000 });
  t.equal(codeOf(await failure(fetcher.get(`${server.origin}/declared`))), 'TOO_LARGE');
  const streamed = await failure(fetcher.get(`${server.origin}/chunked`));
  t.equal(streamed.code, 'TOO_LARGE', streamed.message);
  t.ok((await fetcher.get(`${server.origin}/declared`, { maxBytes: 300_000 })).body.length === big.length, 'a per-call cap can be larger');
});

t.test('the deadline covers a silent server and a slow drip', async (t) => {
  const server = await startServer(t, (req, res) => {
    if (req.url === '/silent') return; // never answers
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 50); // drips forever
    res.on('close', () => clearInterval(timer));
  });
  const fetcher = createGuardedFetcher({ allowedHosts: [server.hostPort], timeoutMs: 300 });
  for (const path of ['/silent', '/drip']) {
    const started = Date.now();
    const err = await failure(fetcher.get(`${server.origin}${path}`));
    const elapsed = Date.now() - started;
    t.equal(err.code, 'TIMEOUT', path);
    t.ok(elapsed >= 250 && elapsed < 2000, `${path}: gave up after ${elapsed} ms`);
  }
});

t.test('did:web documents: URL rules, id check and the TTL cache (positive and negative)', async (t) => {
  const server = await startServer(t, (req, res) => {
    const did = `did:web:issuer.test%3A${server.port}:issuers:acme`;
    if (req.url === '/issuers/acme/did.json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: did }));
    if (req.url === '/issuers/wrong/did.json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'did:web:elsewhere' }));
    res.writeHead(404).end();
  });
  const resolver: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
  const fetcher = createGuardedFetcher({ allowedHosts: [`issuer.test:${server.port}`], resolver });
  const did = `did:web:issuer.test%3A${server.port}:issuers:acme`;
  t.equal(didWebDocumentUrl(did, fetcher), `http://issuer.test:${server.port}/issuers/acme/did.json`, 'allow-listed host: http');
  t.equal(
    didWebDocumentUrl('did:web:example.com', fetcher),
    'https://example.com/.well-known/did.json',
    'others: https, .well-known for a bare domain',
  );
  t.equal(didWebDocumentUrl('did:web:example.com%3A8443:u:alice', fetcher), 'https://example.com:8443/u/alice/did.json');

  let now = 0;
  const documents = createRemoteDocuments({ fetcher, ttlMs: 1000, negativeTtlMs: 100, now: () => now });
  t.same(await documents.resolveDidWeb(did), { id: did });
  t.same(await documents.resolveDidWeb(did), { id: did });
  t.equal(server.hits.length, 1, 'second resolution served from the cache');
  now = 1500;
  await documents.resolveDidWeb(did);
  t.equal(server.hits.length, 2, 'refetched after the TTL');

  const missing = `did:web:issuer.test%3A${server.port}:issuers:missing`;
  await t.rejects(documents.resolveDidWeb(missing), { code: 'HTTP_STATUS' });
  await t.rejects(documents.resolveDidWeb(missing), { code: 'HTTP_STATUS' });
  t.equal(server.hits.filter((h) => h.includes('missing')).length, 1, 'failure cached (negative TTL)');
  now = 1700;
  await t.rejects(documents.resolveDidWeb(missing), { code: 'HTTP_STATUS' });
  t.equal(server.hits.filter((h) => h.includes('missing')).length, 2, 'retried after the negative TTL');

  await t.rejects(
    documents.resolveDidWeb(`did:web:issuer.test%3A${server.port}:issuers:wrong`),
    /is not did:web/,
    'document id must equal the DID',
  );

  // The same DID with a non-allow-listed fetcher: https only, port 8443 not 443 -> refused, nothing fetched.
  const strict = createRemoteDocuments({ fetcher: createGuardedFetcher({ allowedHosts: [], resolver }) });
  const before = server.hits.length;
  await t.rejects(strict.resolveDidWeb(did), { code: 'PORT_NOT_ALLOWED' });
  t.equal(server.hits.length, before);
});
