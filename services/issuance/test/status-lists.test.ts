// Revocation lists (ADR 0007): every credential's entry, random and unique; the signed list
// issuance hands verification; revocations and renewals visible in it when their call answers.
import t from 'tap';
import { createClient } from '@cred/grpc';
import { decodeStatusList, ed25519PublicKeyFromMultibase, statusBit, verifyDataIntegrityProof } from '@cred/ob3';
import { loadProtos } from '@cred/proto';
import { createLogger, systemClock } from '@cred/runtime';
import { planNodes, testCaller } from '@cred/testing';
import { StatusLists } from '../src/app/status-lists.js';
import { CLAIM_INDEXES_SQL, claimIndexesBindings, statusListStore } from '../src/db/status-list-store.js';
import { STATUS_LIST_LENGTH } from '../src/domain/status-list.js';
import { badgeBody, BASE_URL, rejection, startIssuance, type IssuanceHarness, type Org } from './fixtures/harness.js';

interface Entry {
  id: string;
  type: string;
  statusPurpose: string;
  statusListIndex: string;
  statusListCredential: string;
}

const setBits = (bits: Uint8Array) => bits.reduce((n, b) => n + [...b.toString(2)].filter((x) => x === '1').length, 0);

const entryOf = (ob3Json: string) => (JSON.parse(ob3Json) as { credentialStatus: Entry }).credentialStatus;

/** The list issuance serves, its proof checked against the organization's key, and its bits. */
async function listOf(h: IssuanceHarness, org: Org, listNumber = 1) {
  const r = await h.issuance.GetStatusList({ organization_slug: org.slug, list_number: listNumber });
  const list = JSON.parse(r.credential_json) as Record<string, any>;
  const proof = await verifyDataIntegrityProof(list, { resolvePublicKey: async () => ed25519PublicKeyFromMultibase(org.publicKeyMultibase!) });
  return { list, verified: proof.verified, bits: decodeStatusList(list.credentialSubject.encodedList) };
}

t.test('status lists over gRPC (real PostgreSQL, RabbitMQ, signing and accounts)', async (t) => {
  const h = await startIssuance(t);
  const org = await h.createOrg({ name: 'Status Academy' });
  const forever = await h.issuance.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Forever' }) });
  const yearly = await h.issuance.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly', expiresInDays: 365 }) });
  const issue = (badgeId: string, email: string) =>
    h.issuance.IssueCredential({ organization_id: org.id, badge_id: badgeId, recipient_name: 'Ada', recipient_email: email, issued_by: 'test' });
  const listUrl = `${BASE_URL}/issuers/${org.slug}/status/1`;

  const issued = await Promise.all(Array.from({ length: 40 }, (_, i) => issue(forever.id, `r${i}@example.com`)));

  t.test('every credential carries a revocation entry of its organization list, at a unique random index', async (t) => {
    const indexes: number[] = [];
    for (const c of issued) {
      const entry = entryOf(c.ob3_credential_json);
      t.equal(entry.type, 'BitstringStatusListEntry');
      t.equal(entry.statusPurpose, 'revocation');
      t.equal(entry.statusListCredential, listUrl);
      t.match(entry.statusListIndex, /^\d+$/, 'the index is a decimal string');
      t.equal(entry.id, `${listUrl}#${entry.statusListIndex}`);
      const row = await h.db('credentials').where({ id: c.id }).first();
      t.same([row.status_list_number, row.status_list_index], [1, Number(entry.statusListIndex)], 'recorded with the credential');
      indexes.push(Number(entry.statusListIndex));
    }
    t.equal(new Set(indexes).size, indexes.length, 'no index twice');
    t.ok(indexes.every((i) => i >= 0 && i < STATUS_LIST_LENGTH), 'inside the list');
    // 40 draws over 131,072 entries: consecutive or clustered indexes would mean they are not random.
    const sorted = [...indexes].sort((a, b) => a - b);
    t.ok(sorted[sorted.length - 1]! - sorted[0]! > STATUS_LIST_LENGTH / 4, 'spread over the list');
    t.notOk(
      sorted.some((v, i) => i > 0 && v === sorted[i - 1]! + 1 && sorted[i + 1] === v + 1),
      'no run of three consecutive indexes',
    );
    const reserved = await h.db('status_list_indexes').where({ organization_id: org.id, list_number: 1 }).select('idx');
    const reservedSet = new Set(reserved.map((r: { idx: number }) => r.idx));
    t.ok(indexes.every((i) => reservedSet.has(i)), 'every index used is recorded as handed out');
  });

  t.test('the list: a signed BitstringStatusListCredential with nothing set', async (t) => {
    const { list, verified, bits } = await listOf(h, org);
    t.ok(verified, 'its proof verifies with the organization key');
    t.same(list.type, ['VerifiableCredential', 'BitstringStatusListCredential']);
    t.same(list['@context'], ['https://www.w3.org/ns/credentials/v2']);
    t.equal(list.id, listUrl);
    t.equal(list.issuer, `did:web:localhost%3A8080:issuers:${org.slug}`);
    t.same({ ...list.credentialSubject, encodedList: undefined }, { id: `${listUrl}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: undefined });
    t.equal(bits.length * 8, STATUS_LIST_LENGTH, '131,072 entries');
    t.equal(setBits(bits), 0, 'no bit set');
  });

  t.test('a revocation is in the list the moment RevokeCredential answers', async (t) => {
    const [target, other] = issued;
    await h.issuance.RevokeCredential({ organization_id: org.id, credential_ref: target!.id, reason: 'Issued in error', revoked_by: 'test' });
    const row = await h.db('status_lists').where({ organization_id: org.id, list_number: 1 }).first();
    t.equal(Number(row.signed_revision), Number(row.revision), 'the stored copy was signed again before the answer');
    const { verified, bits } = await listOf(h, org);
    t.ok(verified);
    t.equal(statusBit(bits, Number(entryOf(target!.ob3_credential_json).statusListIndex)), 1, 'the revoked credential\'s bit is set');
    t.equal(statusBit(bits, Number(entryOf(other!.ob3_credential_json).statusListIndex)), 0, 'the others stay clear');
    t.equal(setBits(bits), 1, 'one bit in all');
  });

  t.test('a renewal that supersedes an active credential sets the prior bit when IssueCredential answers', async (t) => {
    const prior = await issue(yearly.id, 'renewed@example.com');
    const priorIndex = Number(entryOf(prior.ob3_credential_json).statusListIndex);
    t.equal(statusBit((await listOf(h, org)).bits, priorIndex), 0, 'clear while active');
    const renewal = await issue(yearly.id, 'renewed@example.com');
    t.equal(renewal.supersedes_credential_id, prior.id);
    const { bits } = await listOf(h, org);
    t.equal(statusBit(bits, priorIndex), 1, 'the superseded credential is revoked on the list');
    t.equal(statusBit(bits, Number(entryOf(renewal.ob3_credential_json).statusListIndex)), 0, 'the renewal is not');
  });

  t.test('a copy left stale (re-signing failed after a revocation) is signed again before it is served', async (t) => {
    const target = issued[2]!;
    // What a revocation whose re-signing failed leaves behind: the bit changed, the copy did not.
    await h.db('credentials').where({ id: target.id }).update({ status: 'revoked', revoked_at: new Date(), revocation_reason: 'x' });
    await h.db('status_lists').where({ organization_id: org.id, list_number: 1 }).increment('revision', 1);
    const { verified, bits } = await listOf(h, org);
    t.ok(verified);
    t.equal(statusBit(bits, Number(entryOf(target.ob3_credential_json).statusListIndex)), 1);
    const row = await h.db('status_lists').where({ organization_id: org.id, list_number: 1 }).first();
    t.equal(Number(row.signed_revision), Number(row.revision), 'stored');
  });

  t.test('lists that do not exist', async (t) => {
    t.equal((await rejection(h.issuance.GetStatusList({ organization_slug: org.slug, list_number: 2 }))).code, 'NOT_FOUND');
    t.equal((await rejection(h.issuance.GetStatusList({ organization_slug: 'no-such-org', list_number: 1 }))).code, 'NOT_FOUND');
    t.equal((await rejection(h.issuance.GetStatusList({ organization_slug: org.slug, list_number: 0 }))).code, 'NOT_FOUND');
  });

  t.test("a block's indexes are looked up one by one, whatever the table's statistics say", async (t) => {
    // A list 20,000 entries full while PostgreSQL still believes the table holds one row (its
    // statistics taken before the list grew, as happens between automatic analyses).
    const orgId = '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b';
    await h.db.raw('ALTER TABLE status_list_indexes SET (autovacuum_enabled = off)');
    t.teardown(() => h.db.raw('ALTER TABLE status_list_indexes RESET (autovacuum_enabled)'));
    await h.db('status_list_indexes').insert({ organization_id: orgId, list_number: 1, idx: 0 });
    await h.db.raw('ANALYZE status_list_indexes');
    await h.db.raw(
      `INSERT INTO status_list_indexes (organization_id, list_number, idx) SELECT ?, 1, i * 3 FROM generate_series(1, 20000) AS i`,
      [orgId],
    );
    // A block's worth, as the allocator asks: 140 candidates for 64 indexes (every third one taken).
    const candidates = Array.from({ length: 140 }, (_, i) => i + 1);
    const nodes = await planNodes(h.db, CLAIM_INDEXES_SQL, claimIndexesBindings(orgId, 1, candidates, 64));
    t.same(
      nodes.flatMap((n) => ['Join Filter', 'Hash Cond', 'Merge Cond'].filter((k) => n[k] !== undefined).map((k) => `${k}: ${String(n[k])}`)),
      [],
      'no join reads the rows the list has to compare the candidates with them',
    );
    t.ok(
      nodes.some((n) => String(n['Node Type']).startsWith('Index') && /\bidx = c\.idx\b/.test(String(n['Index Cond']))),
      'each candidate is a lookup in the primary key',
    );
    // And what it does: the first free candidates, in their order, up to the limit.
    const claimed = await h.db.transaction((trx) => statusListStore.claimIndexes(trx, orgId, 1, candidates, 64));
    t.same(claimed, candidates.filter((i) => i % 3 !== 0).slice(0, 64), 'the taken ones skipped, in order, up to the limit');
  });

  t.test('a full list gives way to the next one; reserved indexes are never handed out again', async (t) => {
    const other = await h.createOrg({ name: 'Small Lists' });
    const signing = createClient(loadProtos().signing.SigningService, h.signingAddress, { deadlineMs: 10000, identity: testCaller() });
    t.teardown(() => signing.close());
    const deps = { db: h.db, clock: systemClock, logger: createLogger({ service: 'test', level: 'silent' }), baseUrl: BASE_URL, signing, blockSize: 8, fillLimit: 20 };
    const a = new StatusLists(deps);
    const b = new StatusLists(deps); // a second issuance process
    const entries = await Promise.all(Array.from({ length: 45 }, (_, i) => (i % 2 ? a : b).allocate(other.id, other.slug)));
    const keys = entries.map((e) => `${e.listNumber}:${e.index}`);
    t.equal(new Set(keys).size, 45, 'unique across both processes');
    const lists = await h.db('status_lists').where({ organization_id: other.id }).orderBy('list_number');
    t.same(
      lists.map((l: { list_number: number; length: number }) => [l.list_number, l.length]),
      [
        [1, STATUS_LIST_LENGTH],
        [2, STATUS_LIST_LENGTH],
        [3, STATUS_LIST_LENGTH],
      ],
      'three lists, each of the full length',
    );
    t.ok(lists.every((l: { allocated: number }) => l.allocated <= 20), 'none past its fill limit');
    const reserved = await h.db('status_list_indexes').where({ organization_id: other.id }).count<{ count: string }[]>('* as count');
    t.equal(Number(reserved[0]!.count), lists.reduce((n: number, l: { allocated: number }) => n + l.allocated, 0), 'allocated counts what was reserved');
    // A fresh process starts from what is recorded, not from its memory.
    const c = new StatusLists(deps);
    const next = await c.allocate(other.id, other.slug);
    t.notOk(keys.includes(`${next.listNumber}:${next.index}`), 'a new process does not repeat an index');
  });
});
