// Claim-token hashes reach issuance synchronously (RegisterClaimTokens, called by notification
// before it sends the e-mail), so a claim link works the moment its e-mail can be read. The
// event notification sent before (notification.claim_token.issued) is still consumed for one
// release. Real PostgreSQL, RabbitMQ, signing and accounts.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import { createEvent } from '@cred/events';
import { waitFor } from '@cred/testing';
import { badgeBody, rejection, startIssuance } from './fixtures/harness.js';

const h = await startIssuance(t);
const c = h.issuance;
const org = await h.createOrg({ name: 'Claim Token Academy' });
const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Tokens' }) });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const registration = (credentialUuid: string, tokenHash: string) => ({
  credential_uuid: credentialUuid,
  organization_id: org.id,
  token_hash: tokenHash,
  expires_at: new Date(Date.now() + 86400_000).toISOString(),
  source_event_id: 'evt_test',
});

t.test('a registered token claims at once; registering again changes nothing', async (t) => {
  const cred = await c.IssueCredential({ organization_id: org.id, badge_id: badge.id, recipient_name: 'Ada', recipient_email: 'ada@example.com', issued_by: 'test' });
  const token = randomBytes(32).toString('base64url');
  const reg = registration(cred.id, sha256(token));
  t.same(await c.RegisterClaimTokens({ tokens: [reg] }), { registered: 1 });
  t.same(await c.RegisterClaimTokens({ tokens: [reg] }), { registered: 1 }, 'a retried call is safe');
  t.equal((await h.db('claim_tokens').where({ credential_uuid: cred.id })).length, 1, 'stored once');
  const claimed = await c.ClaimCredential({ credential_ref: cred.credential_id, token });
  t.equal(claimed.status, 'valid', 'claimed right after the call answered');
});

t.test('bad registrations are refused whole, naming the entry', async (t) => {
  const good = registration(randomUUID(), sha256('good'));
  const cases: [string, Record<string, string>][] = [
    ['hash not hex', { ...good, token_hash: 'zz' }],
    ['credential not a UUID', { ...good, credential_uuid: 'nope' }],
    ['no expiry', { ...good, expires_at: 'tomorrow' }],
  ];
  for (const [what, bad] of cases) {
    const err = await rejection(c.RegisterClaimTokens({ tokens: [good, bad] }));
    t.equal(err.code, 'VALIDATION_ERROR', what);
    t.equal(err.details.field, 'tokens[1]', `${what}: names the entry`);
  }
  t.equal((await h.db('claim_tokens').where({ token_hash: good.token_hash })).length, 0, 'nothing of a refused call is stored');
  const many = Array.from({ length: 101 }, (_, i) => registration(randomUUID(), sha256(`t${i}`)));
  t.equal((await rejection(c.RegisterClaimTokens({ tokens: many }))).code, 'VALIDATION_ERROR', 'at most 100 per call');
});

t.test('the deprecated event still registers a token (events of the previous release during an upgrade)', async (t) => {
  const cred = await c.IssueCredential({ organization_id: org.id, badge_id: badge.id, recipient_name: 'Bo', recipient_email: 'bo@example.com', issued_by: 'test' });
  const token = randomBytes(32).toString('base64url');
  await h.publish(
    createEvent({
      type: 'notification.claim_token.issued',
      producer: 'notification',
      data: { credentialUuid: cred.id, credentialId: cred.credential_id, organizationId: org.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86400_000).toISOString(), sourceEventId: 'evt_old' },
    }),
  );
  await waitFor('token from the event stored', async () => (await h.db('claim_tokens').where({ credential_uuid: cred.id })).length === 1);
  t.equal((await c.ClaimCredential({ credential_ref: cred.credential_id, token })).status, 'valid');
});
