// @unit
// did:web / did:key helpers, controller documents, Multikey and base58btc.
import t from 'tap';
import { randomBytes } from 'node:crypto';
import {
  base58btcDecode,
  base58btcEncode,
  buildDidDocument,
  createDocumentLoader,
  decodeEd25519PublicKeyMultibase,
  decodeEd25519SecretKeyMultibase,
  didKeyFromPublicKey,
  didWebForOrg,
  didWebToUrl,
  documentLoader,
  encodeEd25519PublicKeyMultibase,
  encodeEd25519SecretKeyMultibase,
  findVerificationMethodKey,
  multibaseEncode,
  publicKeyFromDidKey,
  publicKeyFromVerificationMethodId,
  STATIC_CONTEXT_URLS,
} from '../src/index.js';
import { readJson } from './fixtures/helpers.js';
import { publicKeyMultibase } from './fixtures/issuer.js';

t.test('base58btc', async (t) => {
  t.equal(base58btcEncode(Buffer.from('Hello World!')), '2NEpo7TZRRrLZSi2U');
  t.same(Buffer.from(base58btcDecode('2NEpo7TZRRrLZSi2U')).toString(), 'Hello World!');
  t.equal(base58btcEncode(new Uint8Array([0, 0, 1])), '112', 'leading zeros are "1"s');
  t.equal(base58btcEncode(new Uint8Array([])), '');
  for (let i = 0; i < 50; i++) {
    const bytes = randomBytes(i % 70);
    if (i % 5 === 0 && bytes.length > 1) bytes[0] = 0;
    t.same(Buffer.from(base58btcDecode(base58btcEncode(bytes))), bytes);
  }
  t.throws(() => base58btcDecode('0OIl'), SyntaxError);
  t.throws(() => base58btcDecode('1'.repeat(5000)), RangeError);
});

t.test('Multikey', async (t) => {
  const pub = Buffer.from('4bdeafde2ea8beefadd8c699b5c7e0704cf51154d52e17b20b71337ca04cc5a5', 'hex');
  t.equal(encodeEd25519PublicKeyMultibase(pub), 'z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi');
  t.same(Buffer.from(decodeEd25519PublicKeyMultibase('z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi')), pub);
  t.throws(
    () => decodeEd25519PublicKeyMultibase('zDnaekGZTbQBerwcehBSXLqAg6s55hVEBms1zFy89VHXtJSa9'),
    { code: 'INVALID_KEY' },
    'P-256 key rejected',
  );
  t.throws(() => decodeEd25519PublicKeyMultibase('u' + 'A'.repeat(40)), { code: 'INVALID_KEY' });
  t.throws(
    () => decodeEd25519PublicKeyMultibase(multibaseEncode(new Uint8Array([0xed, 0x01, 1, 2]))),
    { code: 'INVALID_KEY' },
    'short key',
  );
  const seed = randomBytes(32);
  t.same(Buffer.from(decodeEd25519SecretKeyMultibase(encodeEd25519SecretKeyMultibase(seed))), seed);
  t.ok(encodeEd25519SecretKeyMultibase(seed).startsWith('z3u2'));
  // 64-byte (seed || pub) form with a mismatching public half is refused.
  const bogus = multibaseEncode(Buffer.concat([Buffer.from([0x80, 0x26]), seed, randomBytes(32)]));
  t.throws(() => decodeEd25519SecretKeyMultibase(bogus), { code: 'INVALID_KEY' });
});

t.test('did:key and fragment keys', async (t) => {
  const pub = decodeEd25519PublicKeyMultibase(publicKeyMultibase);
  const did = didKeyFromPublicKey(pub);
  t.equal(did, `did:key:${publicKeyMultibase}`);
  t.same(publicKeyFromDidKey(`${did}#${publicKeyMultibase}`), pub);
  t.throws(() => publicKeyFromDidKey(`${did}#z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi`), { code: 'INVALID_DID' });
  t.same(publicKeyFromVerificationMethodId(`https://example.com/issuers/1#${publicKeyMultibase}`), { publicKey: pub, source: 'fragment' });
  t.equal(publicKeyFromVerificationMethodId(did).source, 'did:key');
  t.throws(() => publicKeyFromVerificationMethodId('did:web:example.com#key-1'), { code: 'INVALID_KEY' });
  t.throws(
    () => publicKeyFromVerificationMethodId('https://example.edu/issuers/565049#z6MkjZRsdasZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi'),
    { code: 'INVALID_KEY' },
  );
});

t.test('didWebForOrg / didWebToUrl', async (t) => {
  t.equal(didWebForOrg('https://example.com', 'acme'), 'did:web:example.com:issuers:acme');
  t.equal(didWebForOrg('http://localhost:8080/', 'acme'), 'did:web:localhost%3A8080:issuers:acme');
  t.equal(didWebForOrg('https://Example.COM/app', 'acme'), 'did:web:example.com:app:issuers:acme');
  t.throws(() => didWebForOrg('https://example.com', 'a:b'), { code: 'INVALID_INPUT' });
  t.throws(() => didWebForOrg('https://example.com', '../x'), { code: 'INVALID_INPUT' });
  t.throws(() => didWebForOrg('ftp://example.com', 'acme'), { code: 'INVALID_INPUT' });

  t.equal(didWebToUrl('did:web:w3c-ccg.github.io'), 'https://w3c-ccg.github.io/.well-known/did.json');
  t.equal(didWebToUrl('did:web:w3c-ccg.github.io:user:alice'), 'https://w3c-ccg.github.io/user/alice/did.json');
  t.equal(didWebToUrl('did:web:example.com%3A3000:user:alice'), 'https://example.com:3000/user/alice/did.json');
  t.equal(didWebToUrl('did:web:example.com:issuers:acme'), 'https://example.com/issuers/acme/did.json');
  t.equal(didWebToUrl('did:web:localhost%3A8443:issuers:acme', { allowHttp: true }), 'http://localhost:8443/issuers/acme/did.json');
  // Round trip with our own DIDs
  t.equal(didWebToUrl(didWebForOrg('http://localhost:8080', 'acme')), 'https://localhost:8080/issuers/acme/did.json');
  for (const bad of [
    'did:key:z6Mk',
    'did:web:example.com#key-1',
    'did:web:example.com:..:x',
    'did:web:exa%2Fmple.com',
    'did:web:user@evil.com',
    'did:web:example.com:a%2Fb',
    'did:web:',
    'did:web:example.com%3A99999',
  ]) {
    t.throws(() => didWebToUrl(bad), { code: 'INVALID_DID' }, bad);
  }
});

t.test('buildDidDocument (docs/standards.md "did:web and keys")', async (t) => {
  const did = 'did:web:example.com:issuers:acme';
  const doc = buildDidDocument(did, [
    { n: 1, publicKeyMultibase },
    { n: 2, publicKeyMultibase: 'z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi' },
  ]);
  t.same(doc, {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [
      { id: `${did}#key-1`, type: 'Multikey', controller: did, publicKeyMultibase },
      { id: `${did}#key-2`, type: 'Multikey', controller: did, publicKeyMultibase: 'z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi' },
    ],
    assertionMethod: [`${did}#key-1`, `${did}#key-2`],
  });
  t.throws(() => buildDidDocument(did, [{ n: 1, publicKeyMultibase: 'zBad' }]), { code: 'INVALID_KEY' });
  t.throws(
    () =>
      buildDidDocument(did, [
        { n: 1, publicKeyMultibase },
        { n: 1, publicKeyMultibase },
      ]),
    { code: 'INVALID_INPUT' },
  );
  t.throws(() => buildDidDocument(did, [{ n: 0, publicKeyMultibase }]), { code: 'INVALID_INPUT' });
  t.same(findVerificationMethodKey(doc, `${did}#key-1`), decodeEd25519PublicKeyMultibase(publicKeyMultibase));
  t.throws(() => findVerificationMethodKey(doc, `${did}#key-3`), { code: 'INVALID_KEY' });
  t.throws(() => findVerificationMethodKey(doc, `did:web:other.example#key-1`), { code: 'INVALID_KEY' }, 'document id mismatch');
  t.throws(() => findVerificationMethodKey({ ...doc, assertionMethod: [] }, `${did}#key-1`), /not listed in assertionMethod/);
  const foreignController = {
    ...doc,
    verificationMethod: doc.verificationMethod.map((vm) => ({ ...vm, controller: 'did:web:evil.example' })),
  };
  t.throws(() => findVerificationMethodKey(foreignController, `${did}#key-1`), /controller/);
});

t.test("other platforms' DID documents (embedded assertionMethod objects, 2020 key type)", async (t) => {
  for (const name of ['oidf', 'legacy']) {
    const doc = readJson(`digitalcredentials-vc-test-fixtures/dids/${name}/did.json`);
    const vm = `did:web:digitalcredentials.github.io:vc-test-fixtures:dids:${name}#z6MkjXe1vZvPRqFuc9nRBtZ3e1Y9XKDFSbjFAfzLfW2bD6cZ`;
    t.same(findVerificationMethodKey(doc, vm), decodeEd25519PublicKeyMultibase('z6MkjXe1vZvPRqFuc9nRBtZ3e1Y9XKDFSbjFAfzLfW2bD6cZ'), name);
  }
});

t.test('document loader: bundled contexts, fail closed, extensions', async (t) => {
  for (const url of [
    'https://www.w3.org/ns/credentials/v2',
    'https://www.w3.org/2018/credentials/v1',
    'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json',
    'https://w3id.org/security/data-integrity/v2',
    'https://w3id.org/security/multikey/v1',
    'https://w3id.org/security/suites/ed25519-2020/v1',
    'https://www.w3.org/ns/did/v1',
    'https://www.w3.org/ns/credentials/status/v1',
    'https://w3id.org/vc/status-list/2021/v1',
    'https://w3id.org/dcc/v1',
    'https://www.w3.org/ns/credentials/examples/v2',
    'https://www.w3.org/ns/cid/v1',
  ]) {
    t.ok(STATIC_CONTEXT_URLS.includes(url), url);
    const r = await documentLoader(url);
    t.equal(r.documentUrl, url);
    t.ok(typeof r.document === 'object' && r.document !== null && '@context' in r.document, `${url} is a context`);
  }
  // The OB 3.0.3 context is JSON-equal to the 1EdTech spec-repo copy.
  t.same(
    (await documentLoader('https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json')).document,
    readJson('1EdTech-openbadges-specification/contexts/context-3.0.3.json'),
  );
  await t.rejects(documentLoader('https://evil.example/context.json'), { code: 'UNKNOWN_DOCUMENT', message: /evil\.example/ });
  t.ok(Object.isFrozen((await documentLoader('https://www.w3.org/ns/credentials/v2')).document), 'shared contexts are frozen');
  const extended = createDocumentLoader({
    documents: {
      'https://partner.example/ctx': { '@context': {} },
      'https://www.w3.org/ns/credentials/v2': { '@context': { evil: true } },
    },
    resolve: async (url) => (url.startsWith('did:web:') ? { id: url } : undefined),
  });
  t.same((await extended('https://partner.example/ctx')).document, { '@context': {} });
  t.same((await extended('did:web:example.com')).document, { id: 'did:web:example.com' });
  t.notSame(
    (await extended('https://www.w3.org/ns/credentials/v2')).document,
    { '@context': { evil: true } },
    'bundled contexts cannot be overridden',
  );
  await t.rejects(extended('https://other.example/'), { code: 'UNKNOWN_DOCUMENT' });
});
