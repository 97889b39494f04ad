// @unit
import t from 'tap';
import {
  AUDIT_ACTIONS,
  AuditQueryError,
  assertNoSecrets,
  checkAuditAction,
  checkAuditActor,
  checkAuditInstant,
  compareAuditNewestFirst,
  decodeAuditCursor,
  encodeAuditCursor,
  isAuditActor,
} from '../src/audit/index.js';

t.test('details that name a secret are refused, whatever the casing', async (t) => {
  for (const key of [
    'secret',
    'webhookSecret',
    'token',
    'claimToken',
    'password',
    'privateKey',
    'keyHash',
    'authorization',
    'key',
    'apiKey',
    'signature',
  ]) {
    t.throws(() => assertNoSecrets({ [key]: 'x' }), /secrets/, key);
  }
  for (const key of ['name', 'prefix', 'keyId', 'publicKeyMultibase', 'url', 'events', 'reason', 'credentialId']) {
    t.doesNotThrow(() => assertNoSecrets({ [key]: 'x' }), key);
  }
  t.throws(() => assertNoSecrets({ nested: { secret: 'x' } }), /must be a string/, 'no nested objects to hide one in');
  t.throws(() => assertNoSecrets({ big: 'x'.repeat(3000) }), /too large/);
});

t.test('actors', async (t) => {
  for (const ok of [
    'user:0f8fad5b-d9cb-469f-a165-70867728950e',
    'api_key:0f8fad5b-d9cb-469f-a165-70867728950e',
    'operator',
    'system',
    'provider:stripe',
  ])
    t.ok(isAuditActor(ok), ok);
  for (const bad of ['user:1', 'test', 'platform-admin', 'bulk:x:1', 'user:0F8FAD5B-D9CB-469F-A165-70867728950E ', ''])
    t.notOk(isAuditActor(bad), bad);
  t.throws(() => checkAuditActor('root'), AuditQueryError);
});

t.test('action filters: an action or a group prefix ending in a dot', async (t) => {
  t.equal(checkAuditAction('credential.revoked'), 'credential.revoked');
  t.equal(checkAuditAction('credential.'), 'credential.');
  t.equal(checkAuditAction('bulk_issuance.'), 'bulk_issuance.');
  for (const bad of ['credential', 'cred.', 'credential.%', '%', 'credential.revoked.'])
    t.throws(() => checkAuditAction(bad), AuditQueryError, bad);
  t.ok(
    AUDIT_ACTIONS.every((a) => /^[a-z_]+\.[a-z_]+$/.test(a)),
    'every action is dotted',
  );
});

t.test('instants', async (t) => {
  t.equal(checkAuditInstant('2026-01-31', 'from').toISOString(), '2026-01-31T00:00:00.000Z');
  t.equal(checkAuditInstant('2026-01-31T10:00:00+02:00', 'from').toISOString(), '2026-01-31T08:00:00.000Z');
  for (const bad of ['2026-01-31T10:00:00', 'yesterday', '1700000000', '2026-02-30x'])
    t.throws(() => checkAuditInstant(bad, 'from'), AuditQueryError, bad);
});

t.test('cursors round-trip and refuse anything else', async (t) => {
  const p = { occurredAt: new Date('2026-11-26T15:00:00.123Z'), id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
  const c = encodeAuditCursor(p);
  t.match(c, /^[A-Za-z0-9_-]+$/);
  t.same(decodeAuditCursor(c), p);
  for (const bad of [
    '',
    'abc',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["2026-11-26T15:00:00Z","0f8fad5b-d9cb-469f-a165-70867728950e"]').toString('base64url'),
  ]) {
    t.throws(() => decodeAuditCursor(bad), AuditQueryError, bad);
  }
});

t.test('newest first, ties broken by id descending', async (t) => {
  const at = new Date('2026-01-01T00:00:00.000Z');
  const a = { occurredAt: at, id: '00000000-0000-4000-8000-000000000001' };
  const b = { occurredAt: at, id: 'ffffffff-0000-4000-8000-000000000001' };
  const c = { occurredAt: new Date(at.getTime() + 1), id: '00000000-0000-4000-8000-000000000000' };
  t.same([a, b, c].sort(compareAuditNewestFirst), [c, b, a]);
});
