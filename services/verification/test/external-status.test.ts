// @unit
// Status list decoding and status methods, on the fixture lists (MANIFEST [L]: short DCC lists are
// tolerated) plus synthetic hostile lists.
import t from 'tap';
import { gzipSync } from 'node:zlib';
import {
  bitAt,
  BSL_MIN_BITS,
  checkStatusEntry,
  createRemoteDocuments,
  decodeEncodedList,
  type StatusOutcome,
} from '../src/external/index.js';
import { createFixtureFetcher, DCC, PINNED_NOW, readFixtureJson, V } from './fixtures/external-fixtures.js';

const subjectOf = (path: string) => (readFixtureJson(path) as { credentialSubject: { encodedList: string } }).credentialSubject;
const setBits = (list: Buffer) => {
  const out: number[] = [];
  for (let i = 0; i < list.length * 8; i++) if (bitAt(list, i)) out.push(i);
  return out;
};

t.test('fixture lists decode MSB-first', async (t) => {
  // MANIFEST: bit-string-list/testlist -> 16384-byte list, only bit 23 set, MSB-first
  const testlist = decodeEncodedList(subjectOf(V + 'bit-string-list/testlist').encodedList);
  t.equal(testlist.length, 16_384);
  t.same(setBits(testlist), [23]);
  // MANIFEST: statusLists/.../e5WK8CbZ1GjycuPombrj -> 12,500-byte list, bits 2, 6, 8 set [L]
  const dcc = decodeEncodedList(subjectOf(DCC + 'statusLists/didkey-ed25519Signature2020/e5WK8CbZ1GjycuPombrj').encodedList);
  t.equal(dcc.length, 12_500);
  t.ok(dcc.length * 8 < BSL_MIN_BITS, 'shorter than the REC minimum, tolerated');
  t.same(setBits(dcc), [2, 6, 8]);
  // MANIFEST: statusLists/.../tampered -> encodedList does not gunzip ("invalid block type")
  t.throws(() => decodeEncodedList(subjectOf(DCC + 'statusLists/didkey-ed25519Signature2020/tampered').encodedList), /does not decompress/);
  t.throws(() => bitAt(dcc, 100_000), RangeError, 'index past the end');
});

t.test('hostile encodedList values', async (t) => {
  t.throws(() => decodeEncodedList(undefined), /missing/);
  t.throws(() => decodeEncodedList('u***'), /not base64url/);
  t.throws(() => decodeEncodedList('u' + Buffer.from('plain text, not gzip').toString('base64url')), /not GZIP/);
  // a gzip bomb: 64 MiB of zeros compresses to ~64 KiB; expansion stops at 2 MiB
  const bomb = 'u' + gzipSync(Buffer.alloc(64 * 1024 * 1024)).toString('base64url');
  t.throws(() => decodeEncodedList(bomb), /does not decompress/, 'expansion stops at the cap');
  // StatusList2021: no multibase prefix, base64 (either alphabet)
  const bits = Buffer.alloc(16_384);
  bits[0] = 0b0100_0000;
  t.same(setBits(decodeEncodedList(gzipSync(bits).toString('base64'))), [1]);
});

t.test('1EdTechRevocationList', async (t) => {
  const url = 'https://issuer.example/revocations';
  const fetcher = createFixtureFetcher({
    [url]: {
      revokedCredential: [
        { id: 'urn:uuid:a', revocationReason: 'issued in error' },
        { id: 'urn:uuid:b', revoked: false },
      ],
    },
    'https://issuer.example/bad': { something: 'else' },
  });
  const documents = createRemoteDocuments({ fetcher });
  const check = (credentialId: string | undefined, id = url): Promise<StatusOutcome> =>
    checkStatusEntry(
      { id, type: '1EdTechRevocationList' },
      {
        credential: credentialId ? { id: credentialId } : {},
        documents,
        now: PINNED_NOW,
        verifyListProof: async () => ({ ok: true, message: '' }),
      },
    );
  t.match(await check('urn:uuid:a'), { state: 'revoked', message: /issued in error/ });
  t.match(await check('urn:uuid:b'), { state: 'ok' }, 'revoked: false');
  t.match(await check('urn:uuid:c'), { state: 'ok' });
  t.match(await check(undefined), { state: 'invalid', message: /no id/ });
  t.match(await check('urn:uuid:a', 'https://issuer.example/bad'), { state: 'invalid', message: /no revokedCredential array/ });
  t.match(await check('urn:uuid:a', 'https://issuer.example/gone'), { state: 'unavailable', message: /^status unavailable/ });
});
