// The SQL statements (each one a round trip) a single issue costs, pinned so that a regression
// shows (issue 15; ADR 0005). The use case runs against its own pool on the real database, whose
// 'query' events are counted; signing and accounts are the real in-process services.
import t from 'tap';
import { createDb } from '@cred/db';
import { createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { createLogger } from '@cred/runtime';
import { registerClaimTokens } from '../src/app/claim-tokens.js';
import type { IssuanceContext } from '../src/app/context.js';
import { IssueCommitter } from '../src/app/issue-committer.js';
import { issueCredential } from '../src/app/issue-credential.js';
import { OrganizationCache } from '../src/app/organizations.js';
import { StatusLists } from '../src/app/status-lists.js';
import { parseQuotaLimits } from '../src/domain/quota.js';
import { BASE_URL, badgeBody, startIssuance } from './fixtures/harness.js';
import { testCaller } from '@cred/testing';

/** What a statement is, by its text: BEGIN, COMMIT, or the first words naming its table. */
function label(sql: string): string {
  const s = sql.trim().replace(/\s+/g, ' ').toLowerCase();
  if (/^begin/.test(s) || /^commit/.test(s) || /^rollback/.test(s)) return s.split(/[ ;]/)[0]!;
  if (s.includes('audit_chain_lock')) return 'lock audit chain';
  if (s.includes('pg_advisory_xact_lock')) return 'lock recipient';
  if (/^select "seq", "hash" from "(?:issuance"\.)?"?audit_log/.test(s)) return 'audit chain end';
  if (s.includes('for key share of b')) return 'recheck';
  if (s.includes('organization_signing_keys')) return 'facts';
  if (s.includes('insert into quota_recipients')) return 'quota';
  const table = /(?:insert into|update|from) "?(?:issuance"?\.)?"?([a-z_]+)"?/.exec(s);
  return `${s.split(' ')[0]} ${table?.[1] ?? '?'}`;
}

t.test('statements per issue (real PostgreSQL, signing and accounts)', async (t) => {
  const h = await startIssuance(t, { RECIPIENT_QUOTA_LIMITS: 'free=1000' });
  const db = createDb({ url: h.iso.databaseUrl, schema: 'issuance' });
  t.teardown(() => db.destroy());
  const statements: string[] = [];
  db.on('query', (q: { sql: string }) => statements.push(label(q.sql)));
  const signing = createClient(loadProtos().signing.SigningService, h.signingAddress, { deadlineMs: 15000, identity: testCaller() });
  t.teardown(() => signing.close());
  const logger = createLogger({ service: 'issuance-test', level: 'silent' });
  const ctx: IssuanceContext = {
    db,
    schema: 'issuance',
    clock: h.clock,
    logger,
    baseUrl: BASE_URL,
    signing,
    accounts: h.accounts,
    organizations: new OrganizationCache(),
    // 16 indexes per reservation: the counted issues below take theirs from the block the first one reserved.
    statusLists: new StatusLists({ db, clock: h.clock, logger, baseUrl: BASE_URL, signing, blockSize: 16 }),
    quotaLimits: parseQuotaLimits('free=1000'),
    wakeRelay: () => undefined,
  };
  const org = await h.createOrg({ name: 'Counted Academy' });
  const badge = await h.issuance.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Counted', expiresInDays: 30 }) });
  const issue = (c: IssuanceContext, email: string) =>
    issueCredential(c, org.id, { badgeId: badge.id, recipientName: 'R', recipientEmail: email, issuedBy: 'test:count' }, {});
  // The first issue of the process also reserves a block of status list indexes and fills the organization cache.
  await issue(ctx, 'warm@example.com');
  // A new list is signed in the background after its first reservation: let that finish first,
  // so that its update is not counted as one of the next issue's statements.
  for (let i = 0; i < 200; i++) {
    const unsigned = await db('status_lists').where({ organization_id: org.id }).whereNull('signed_revision').first('list_number');
    if (!unsigned) break;
    await new Promise((r) => setTimeout(r, 25)); // a poll: it ends once the list is signed
  }

  // The audit entries are chained to the log's last one (@cred/db/audit chain.ts): its lock and
  // its end are two statements of every transaction.
  t.test('a first issue committed alone: one read before signing, one transaction of 10 statements', async (t) => {
    statements.length = 0;
    await issue(ctx, 'alone@example.com');
    t.same(statements, [
      'facts',
      'begin',
      'lock recipient',
      'recheck',
      'insert credentials',
      'insert outbox',
      'lock audit chain',
      'audit chain end',
      'insert audit_log',
      'quota',
      'commit',
    ]);
  });

  t.test('first issues committed together: the same 10 statements per transaction, whatever its size', async (t) => {
    const grouped: IssuanceContext = { ...ctx, committer: undefined };
    grouped.committer = new IssueCommitter(grouped, { maxBatch: 64, logger });
    statements.length = 0;
    const n = 10;
    await Promise.all(Array.from({ length: n }, (_, i) => issue(grouped, `g${i}@example.com`)));
    const transactions = statements.filter((s) => s === 'begin').length;
    t.equal(statements.filter((s) => s === 'facts').length, n, 'one read per issue before signing');
    t.equal(statements.filter((s) => s === 'commit').length, transactions, 'every transaction committed');
    t.equal(statements.length, n + 10 * transactions, `${transactions} transactions of 10 statements: ${statements.join(', ')}`);
    t.ok(transactions < n, `${transactions} transactions for ${n} issues`);
  });

  t.test("notification's claim token hashes: one statement per call, however many", async (t) => {
    const issued = await db('credentials').where({ organization_id: org.id }).select('id').limit(3);
    statements.length = 0;
    const expiresAt = new Date(Date.now() + 86_400_000);
    const tokens = issued.map((c: { id: string }, i) => ({
      credentialUuid: c.id,
      organizationId: org.id,
      tokenHash: String(i).repeat(64),
      expiresAt,
      sourceEventId: null,
    }));
    t.equal(await registerClaimTokens(ctx, tokens), 3);
    t.same(statements, ['insert claim_tokens']);
    // Registered again (a retried call), nothing changes.
    await registerClaimTokens(ctx, tokens);
    t.equal((await db('claim_tokens').whereIn('token_hash', tokens.map((x) => x.tokenHash))).length, 3);
  });
});
