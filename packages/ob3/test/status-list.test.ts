// @unit
// Bitstring Status List: the entry our credentials carry and the list credential we publish,
// read back by Digital Bazaar's @digitalbazaar/vc-bitstring-status-list (offline loader).
import t from 'tap';
import {
  bitstringStatusListEntry,
  buildAchievementCredential,
  buildStatusListCredential,
  decodeStatusList,
  documentLoader,
  encodeStatusList,
  Ob3Error,
  signCredential,
  STATUS_LIST_MIN_ENTRIES,
  statusBit,
  statusListBits,
} from '../src/index.js';
import { DID, didDocument, privateKey, sampleInput, VM } from './fixtures/issuer.js';

const LIST = 'https://example.com/issuers/acme/status/1';

t.test('the entry', async (t) => {
  t.same(bitstringStatusListEntry({ statusListCredential: LIST, statusListIndex: 94_567 }), {
    id: `${LIST}#94567`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: '94567',
    statusListCredential: LIST,
  });
  t.throws(() => bitstringStatusListEntry({ statusListCredential: `${LIST}#x`, statusListIndex: 1 }), Ob3Error, 'a URL with a fragment');
  t.throws(() => bitstringStatusListEntry({ statusListCredential: 'status/1', statusListIndex: 1 }), Ob3Error, 'a relative URL');
  t.throws(() => bitstringStatusListEntry({ statusListCredential: LIST, statusListIndex: -1 }), Ob3Error, 'a negative index');
  t.throws(() => bitstringStatusListEntry({ statusListCredential: LIST, statusListIndex: 1.5 }), Ob3Error, 'a fractional index');
  const credential = buildAchievementCredential(sampleInput({ status: { statusListCredential: LIST, statusListIndex: 3 } }));
  t.equal(credential.credentialStatus?.statusListIndex, '3', 'the builder adds it');
  t.notOk('credentialStatus' in buildAchievementCredential(sampleInput()), 'and leaves it out when there is no slot');
});

t.test('bit order, GZIP and multibase, as the REC and the 1EdTech fixture read them', async (t) => {
  const bits = statusListBits(STATUS_LIST_MIN_ENTRIES, [0, 7, 8, 23, STATUS_LIST_MIN_ENTRIES - 1]);
  t.equal(bits.length, 16_384);
  t.equal(bits[0], 0b1000_0001, 'entry 0 is the most significant bit of byte 0, entry 7 the least');
  t.equal(bits[1], 0b1000_0000);
  t.equal(bits[2], 0b0000_0001, 'entry 23');
  t.equal(bits[16_383], 1);
  const encoded = encodeStatusList(bits);
  t.match(encoded, /^u[A-Za-z0-9_-]+$/, 'multibase base64url without padding');
  t.same(decodeStatusList(encoded), Buffer.from(bits));
  t.equal(Buffer.from(encoded.slice(1), 'base64url')[0], 0x1f, 'GZIP magic');
  for (const i of [0, 7, 8, 23, STATUS_LIST_MIN_ENTRIES - 1]) t.equal(statusBit(bits, i), 1, `entry ${i} set`);
  for (const i of [1, 6, 9, 22, 24, 100_000]) t.equal(statusBit(bits, i), 0, `entry ${i} clear`);
  t.throws(() => statusBit(bits, STATUS_LIST_MIN_ENTRIES), RangeError);
  t.throws(() => statusListBits(STATUS_LIST_MIN_ENTRIES, [STATUS_LIST_MIN_ENTRIES]), Ob3Error);
  t.throws(() => decodeStatusList('zabc'), Ob3Error, 'not base64url multibase');

  const { decodeList } = await import('@digitalbazaar/vc-bitstring-status-list' as string);
  const list = await decodeList({ encodedList: encoded });
  t.equal(list.length, STATUS_LIST_MIN_ENTRIES, 'Digital Bazaar reads the same length');
  t.same(
    [0, 1, 7, 8, 23, 24, STATUS_LIST_MIN_ENTRIES - 1].map((i) => list.getStatus(i)),
    [true, false, true, true, true, false, true],
    'and the same bits',
  );
});

t.test('a signed list credential checks out with @digitalbazaar/vc-bitstring-status-list', async (t) => {
  const vc = await import('@digitalbazaar/vc' as string);
  const { checkStatus } = await import('@digitalbazaar/vc-bitstring-status-list' as string);
  const { DataIntegrityProof } = await import('@digitalbazaar/data-integrity' as string);
  const { cryptosuite } = await import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite' as string);
  const created = new Date('2025-03-01T00:00:00Z');
  const list = await signCredential(
    buildStatusListCredential({ url: LIST, issuer: DID, length: STATUS_LIST_MIN_ENTRIES, revoked: [42] }),
    { verificationMethod: VM, privateKey, created },
  );
  t.equal(list.credentialSubject.statusPurpose, 'revocation');
  const loader = async (url: string) => {
    if (url === LIST) return { contextUrl: null, documentUrl: url, document: structuredClone(list) };
    if (url === DID) return { contextUrl: null, documentUrl: url, document: structuredClone(didDocument) };
    if (url.startsWith(DID + '#')) {
      const vm = didDocument.verificationMethod.find((m) => m.id === url)!;
      return { contextUrl: null, documentUrl: url, document: { '@context': 'https://w3id.org/security/multikey/v1', ...vm } };
    }
    const r = await documentLoader(url);
    return { ...r, document: structuredClone(r.document) };
  };
  const suite = new DataIntegrityProof({ cryptosuite });
  const credentialWith = (index: number) =>
    signCredential(buildAchievementCredential(sampleInput({ status: { statusListCredential: LIST, statusListIndex: index } })), {
      verificationMethod: VM,
      privateKey,
      created,
    });
  for (const [index, revoked] of [
    [42, true],
    [43, false],
  ] as const) {
    const credential = await credentialWith(index);
    const verified = await vc.verifyCredential({
      credential,
      suite,
      documentLoader: loader,
      checkStatus: (o: object) => checkStatus({ ...o, suite, documentLoader: loader }),
    });
    t.equal(verified.verified, true, `entry ${index}: the credential and its status verify`);
    const status = await checkStatus({ credential, suite, documentLoader: loader, verifyBitstringStatusListCredential: true });
    t.equal(status.verified, true, `entry ${index}: the list credential verifies`);
    t.equal(status.results[0].status, revoked, `entry ${index}: status ${revoked}`);
  }
});
