// @unit
// Hostile and malformed input: every case ends in an 'invalid' result or a typed ExternalInputError
// (an AppError the route maps to 400 VALIDATION_ERROR / 413 PAYLOAD_TOO_LARGE), never a crash, a hang
// or a request to a forbidden address.
import t from 'tap';
import { generateKeyPairSync } from 'node:crypto';
import { bakeSvg, publicKeyMultibaseFromKeyObject, signCredential } from '@cred/ob3';
import {
  createGuardedFetcher,
  createRemoteDocuments,
  ExternalInputError,
  parseJsonWithLimits,
  verifyBakedImage,
  verifyExternalCredential,
  type ExternalVerifierDeps,
} from '../src/external/index.js';
import { createFixtureFetcher, DCC, pinnedClock, readFixtureJson, V } from './fixtures/external-fixtures.js';
import { startServer } from './fixtures/external-servers.js';
import { pngChunk, tinyPng } from '../../../packages/ob3/test/fixtures/helpers.js';

function deps(extra: Partial<ExternalVerifierDeps> = {}) {
  const fetcher = createFixtureFetcher();
  return { fetcher, deps: { clock: pinnedClock, documents: createRemoteDocuments({ fetcher }), ...extra } as ExternalVerifierDeps };
}

const VALID_DCC = DCC + 'verifiableCredentials/v2/dataIntegrityProof/didKey/legacyRegistry-noStatus-noExpiry-basicOBv3.json';
const base = () => readFixtureJson(VALID_DCC) as Record<string, unknown>;

t.test('non-object input is a typed validation error', async (t) => {
  for (const input of [null, undefined, 42, true, 'hello', '', [], [{}], { credential: 5 }, { credential: null }, { credential: [] }]) {
    await t.rejects(
      verifyExternalCredential(input, deps().deps),
      { name: 'ExternalInputError', code: 'VALIDATION_ERROR', details: { field: 'credential', reason: 'NOT_AN_OBJECT' } },
      JSON.stringify(input) ?? 'undefined',
    );
  }
  const err = await verifyExternalCredential(7, deps().deps).catch((e: unknown) => e);
  t.ok(err instanceof ExternalInputError);
  t.equal((err as ExternalInputError).httpStatus, 400);
});

t.test('size and depth limits give an invalid result before any processing', async (t) => {
  const { fetcher, deps: d } = deps();
  const huge = { ...base(), credentialSubject: Array.from({ length: 100_000 }, () => ({ id: 'urn:x' })) };
  let nested: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < 5_000; i++) nested = { n: nested };
  const deep = { ...base(), evidence: nested };
  const cyclic: Record<string, unknown> = { ...base() };
  cyclic['self'] = cyclic;
  const wide = { ...base(), extra: Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, i])) };
  const longString = { ...base(), name: 'x'.repeat(2_000_000) };
  for (const [label, input, re] of [
    ['huge array', huge, /array with more than/],
    ['deep nesting', deep, /nested deeper than 32/],
    ['cycle', cyclic, /nested deeper|more than/],
    ['many keys', wide, /more than 20000 JSON values/],
    ['long string', longString, /string longer than/],
  ] as const) {
    const started = Date.now();
    const r = await verifyExternalCredential(input, d);
    t.same([r.valid, r.status, r.ob3Credential], [false, 'invalid', null], label);
    t.match(r.checks, [{ name: 'structure', passed: false, message: re }], label);
    t.ok(Date.now() - started < 1000, `${label}: answered quickly`);
  }
  t.same(fetcher.requested, [], 'nothing fetched');
  // JSON text nested far beyond the limit is refused by the pre-scan (no recursion, no stack overflow).
  t.throws(() => parseJsonWithLimits('['.repeat(1_000_000) + ']'.repeat(1_000_000)), RangeError);
  t.throws(() => parseJsonWithLimits('{"a":' + '['.repeat(40) + ']'.repeat(40) + '}'), /deeper than 32/);
  t.same(parseJsonWithLimits(`{"a":"${'['.repeat(45)}\\"}"}`), { a: `${'['.repeat(45)}"}` }, 'brackets inside strings are not nesting');
});

t.test('unknown or odd contexts fail closed, without fetching anything', async (t) => {
  const { fetcher, deps: d } = deps();
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'unknown URL',
      [...(base()['@context'] as string[]), 'https://evil.example/context.json'],
      /unknown @context https:\/\/evil\.example\/context\.json/,
    ],
    ['no VC context first', ['https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'], /first @context must be/],
    ['number', [base()['@context'] as string[]].flat().concat([42 as unknown as string]), /unknown @context 42/],
    ['missing', undefined, /no @context/],
    ['string only', 'https://www.w3.org/ns/credentials/v2', /./],
  ];
  for (const [label, ctx, re] of cases) {
    const c = base();
    if (ctx === undefined) delete c['@context'];
    else c['@context'] = ctx;
    const r = await verifyExternalCredential(c, d);
    t.equal(r.status, 'invalid', label);
    if (label !== 'string only') {
      t.match(r.checks, [{ name: 'context', passed: false, message: re }], label);
      t.equal(r.verification.signatureValid, false, `${label}: not canonicalized`);
    } else {
      t.equal(r.verification.signatureValid, false, 'a context change breaks the signature (safe mode: OB terms undefined)');
    }
  }
  t.same(fetcher.requested, [], 'contexts are never fetched');
});

t.test('malformed properties give invalid results with a reason', async (t) => {
  const { deps: d } = deps();
  const mutations: Array<[string, (c: Record<string, unknown>) => void, string, RegExp]> = [
    ['proof is a string', (c) => (c['proof'] = 'abc'), 'signature', /proof is not an object|does not verify/],
    ['proof array of null', (c) => (c['proof'] = [null]), 'signature', /does not verify/],
    ['six proofs', (c) => (c['proof'] = Array.from({ length: 6 }, () => (c['proof'] as unknown[])[0])), 'structure', /more than 5 proofs/],
    ['issuer object without id', (c) => (c['issuer'] = { name: 'x' }), 'structure', /issuer/],
    ['issuer not a URI', (c) => (c['issuer'] = 'just text'), 'structure', /issuer/],
    ['type is a number', (c) => (c['type'] = 7), 'type', /type must include/],
    ['validFrom malformed', (c) => (c['validFrom'] = 'yesterday'), 'structure', /validFrom is not an XML Schema date-time/],
    ['validUntil malformed', (c) => (c['validUntil'] = 12), 'structure', /validUntil is not/],
    ['credentialSubject missing', (c) => delete c['credentialSubject'], 'structure', /credentialSubject/],
    ['id not a URI', (c) => (c['id'] = 'not a uri'), 'structure', /id is not a URI/],
    ['four status entries', (c) => (c['credentialStatus'] = [1, 2, 3, 4]), 'structure', /more than 3 credentialStatus/],
    [
      'VM is an object without id',
      (c) => ((c['proof'] as Record<string, unknown>)['verificationMethod'] = { type: 'x' }),
      'signature',
      /verificationMethod missing/,
    ],
    [
      '__proto__ key',
      (c) => Object.defineProperty(c, '__proto__', { value: { polluted: true }, enumerable: true }),
      'structure',
      /forbidden key "__proto__"/,
    ],
    [
      'nested constructor key',
      (c) => ((c['credentialSubject'] as Record<string, unknown>)['constructor'] = { x: 1 }),
      'structure',
      /forbidden key "constructor"/,
    ],
  ];
  for (const [label, mutate, check, re] of mutations) {
    const c = base();
    mutate(c);
    const r = await verifyExternalCredential(c, d);
    t.same([r.valid, r.status], [false, 'invalid'], label);
    t.match(
      r.checks.find((x) => x.name === check),
      { passed: false, message: re },
      label,
    );
  }
  t.equal(({} as Record<string, unknown>)['polluted'], undefined, 'no prototype pollution');
  t.throws(() => parseJsonWithLimits('{"a":{"__proto__":{"polluted":1}}}'), /forbidden key "__proto__"/, 'fetched JSON too');
});

// A did:key issuer we control, so that hostile credentialStatus entries sit behind a VALID signature.
const { privateKey } = generateKeyPairSync('ed25519');
const mb = publicKeyMultibaseFromKeyObject(privateKey);
const DIDKEY = `did:key:${mb}`;
async function signedWithStatus(status: unknown): Promise<Record<string, unknown>> {
  const c = base();
  delete c['proof'];
  c['issuer'] = { ...(c['issuer'] as object), id: DIDKEY };
  c['credentialStatus'] = status;
  if ((status as { type?: string } | null)?.type === '1EdTechRevocationList') {
    c['@context'] = [...(c['@context'] as string[]), 'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json'];
  }
  return signCredential(c, { verificationMethod: `${DIDKEY}#${mb}`, privateKey, created: new Date('2025-01-01T00:00:00Z') });
}

t.test('hostile credentialStatus entries behind a valid signature', async (t) => {
  const server = await startServer(t, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  // The production fetcher, nothing allow-listed.
  const documents = createRemoteDocuments({
    fetcher: createGuardedFetcher({ allowedHosts: [], timeoutMs: 500, resolver: async () => [{ address: '10.0.0.1', family: 4 }] }),
  });
  const d: ExternalVerifierDeps = { clock: pinnedClock, documents };
  const entry = (over: Record<string, unknown>) => ({
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: '3',
    statusListCredential: 'https://lists.example/1',
    ...over,
  });
  const cases: Array<[string, unknown, RegExp, boolean]> = [
    [
      'cloud metadata address',
      entry({ statusListCredential: 'https://169.254.169.254/latest/meta-data/' }),
      /status unavailable: .*ADDRESS_NOT_ALLOWED/,
      false,
    ],
    [
      'loopback test server over http',
      entry({ statusListCredential: `${server.origin}/list` }),
      /status unavailable: .*SCHEME_NOT_ALLOWED/,
      false,
    ],
    ['name resolving to 10/8', entry({}), /status unavailable: .*does not resolve to public addresses only/, false],
    ['IPv4-mapped loopback', entry({ statusListCredential: 'https://[::ffff:127.0.0.1]/list' }), /ADDRESS_NOT_ALLOWED/, false],
    ['file URL', entry({ statusListCredential: 'file:///etc/passwd' }), /not an http\(s\) URL/, true],
    ['negative index', entry({ statusListIndex: '-1' }), /not a non-negative integer/, true],
    ['index not a number', entry({ statusListIndex: 'abc' }), /not a non-negative integer/, true],
    ['huge index', entry({ statusListIndex: '99999999999999999999' }), /not a non-negative integer/, true],
    ['unknown status method', { type: 'https://example.com/FancyStatus2099', id: 'https://x.example' }, /unsupported status method/, true],
    ['not an object', 'https://example.com/status', /not an object/, true],
    [
      '1EdTech list at a private address',
      { type: '1EdTechRevocationList', id: 'https://192.168.0.1/revocations' },
      /ADDRESS_NOT_ALLOWED/,
      false,
    ],
  ];
  for (const [label, status, re, available] of cases) {
    const r = await verifyExternalCredential(await signedWithStatus(status), d);
    t.same(
      [
        r.status,
        r.verification.signatureValid,
        r.verification.issuerAuthenticated,
        r.verification.notRevoked,
        r.verification.statusAvailable,
      ],
      ['invalid', true, true, false, available],
      label,
    );
    t.match(r.checks.find((c) => c.name === 'status')?.message, re, label);
  }
  t.same(server.hits, [], 'the loopback server was never contacted');
  // 'message' purpose entries are informational: not fetched, not fatal.
  const info = await verifyExternalCredential(await signedWithStatus(entry({ statusPurpose: 'message' })), d);
  t.equal(info.status, 'valid');
});

t.test('fetch budget per verification', async (t) => {
  // [F] credential with a status list: 1 controller-document fetch + 1 status list fetch; budget 1.
  const { deps: d } = deps({ fetchBudget: 1 });
  const r = await verifyExternalCredential(readFixtureJson(V + 'bit-string-list/credential-status-revoked.json'), d);
  t.same([r.status, r.verification.statusAvailable], ['invalid', false]);
  t.match(r.checks.find((c) => c.name === 'status')?.message, /BUDGET_EXCEEDED/);
});

t.test('a VC-JWT with no key and an empty vc claim is an invalid result (VC-JWT is verified now)', async (t) => {
  // header {"alg":"RS256"}, payload {"vc":{}}, a 3-byte "signature"
  const r = await verifyExternalCredential({ credential: 'eyJhbGciOiJSUzI1NiJ9.eyJ2YyI6e319.c2ln' }, deps().deps);
  t.same([r.valid, r.status, r.verification.signatureValid, r.verification.structureValid], [false, 'invalid', false, false]);
  t.match(r.checks[0], { name: 'format', passed: true, message: /VC-JWT.*RS256/ });
  t.match(
    r.checks.find((c) => c.name === 'signature'),
    { passed: false, message: /signing key is not available/ },
  );
  t.match(
    r.checks.find((c) => c.name === 'context'),
    { passed: false, message: /no @context/ },
  );
});

function iTxt(keyword: string, text: string): Buffer {
  return pngChunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}

t.test('baked images: typed errors for unusable uploads', async (t) => {
  const d = deps().deps;
  const reject = (bytes: Buffer, ct: string | undefined, reason: string, code = 'VALIDATION_ERROR') =>
    t.rejects(
      verifyBakedImage(bytes, ct, d),
      { name: 'ExternalInputError', code, details: { field: 'file', reason } },
      `${reason} (${ct})`,
    );
  await reject(tinyPng(), 'image/png', 'NO_CREDENTIAL');
  // The OB 2.0 keyword is read since issue 37 item 5 (it used to be NO_CREDENTIAL): JSON that is not an assertion is unusable.
  await reject(tinyPng([iTxt('openbadges', '{"@context":[]}')]), 'image/png', 'MALFORMED_CREDENTIAL');
  await reject(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'), 'image/svg+xml', 'NO_CREDENTIAL');
  await reject(Buffer.from('GIF89a....'), 'image/gif', 'UNSUPPORTED_IMAGE');
  await reject(Buffer.from('hello'), undefined, 'UNSUPPORTED_IMAGE');
  await reject(Buffer.alloc(0), 'image/png', 'UNSUPPORTED_IMAGE');
  await reject(tinyPng(), 'image/svg+xml', 'UNSUPPORTED_IMAGE');
  await reject(Buffer.alloc(5 * 1024 * 1024 + 1), 'image/png', 'TOO_LARGE', 'PAYLOAD_TOO_LARGE');
  const png = tinyPng([iTxt('openbadgecredential', '{"a":1}')]);
  await reject(png.subarray(0, png.length - 20), 'image/png', 'MALFORMED_IMAGE');
  const badCrc = Buffer.from(png);
  badCrc[40] = badCrc[40]! ^ 0xff;
  await reject(badCrc, 'image/png', 'MALFORMED_IMAGE');
  await reject(tinyPng([iTxt('openbadgecredential', 'not json at all')]), 'image/png', 'MALFORMED_CREDENTIAL');
  await reject(tinyPng([iTxt('openbadgecredential', '{"broken":')]), 'image/png', 'MALFORMED_CREDENTIAL');
  await reject(
    tinyPng([iTxt('openbadgecredential', '{"a":' + '['.repeat(50) + ']'.repeat(50) + '}')]),
    'image/png',
    'MALFORMED_CREDENTIAL',
  );
  await reject(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/>'), 'image/svg+xml', 'NO_CREDENTIAL'); // unclosed, no credential
  await reject(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0"><openbadges:credential><![CDATA[{"a":1}</openbadges:credential></svg>',
    ),
    'image/svg+xml',
    'MALFORMED_IMAGE',
  ); // unterminated CDATA
  await reject(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0xfe]), 'image/svg+xml', 'MALFORMED_IMAGE');
  const err = await verifyBakedImage(tinyPng(), 'image/png', d).catch((e: unknown) => e);
  t.equal((err as ExternalInputError).httpStatus, 400, 'a PNG without a credential maps to 400');
});

t.test('baked images carrying a bad credential give a result, not an error', async (t) => {
  const d = deps().deps;
  const tampered = base();
  tampered['name'] = 'Changed';
  const svg = bakeSvg('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect/></svg>', JSON.stringify(tampered));
  const r = await verifyBakedImage(Buffer.from(svg), 'image/svg+xml; charset=utf-8', d);
  t.same([r.status, r.verification.signatureValid], ['invalid', false]);
  const ok = await verifyBakedImage(
    Buffer.from(bakeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', JSON.stringify(base()))),
    undefined,
    d,
  );
  t.equal(ok.status, 'valid', 'a DCC did:key credential baked into an SVG verifies');
});
