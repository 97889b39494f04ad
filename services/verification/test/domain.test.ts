// @unit
// Pure rules: lifecycle status, partial e-mail, identifiers, the LRU.
import t from 'tap';
import { byteLru, entryLru } from '../src/app/lru-cache.js';
import { issuerActive, lifecycleAt, verificationOutcome } from '../src/domain/credential-status.js';
import { isSlug, parseCredentialRef } from '../src/domain/identifiers.js';
import { partialEmail } from '../src/domain/partial-email.js';

const at = (s: string) => new Date(s);

t.test('lifecycle status: revoked > expired > valid > pending', async (t) => {
  const base = { revokedAt: null, expirationDate: null, expiredAt: null, claimedAt: null };
  const now = at('2026-01-01T00:00:00Z');
  t.same(lifecycleAt(base, now), { status: 'pending', notRevoked: true, notExpired: true });
  t.equal(lifecycleAt({ ...base, claimedAt: at('2025-06-01T00:00:00Z') }, now).status, 'valid');
  const expiring = { ...base, claimedAt: at('2025-06-01T00:00:00Z'), expirationDate: now };
  t.same(lifecycleAt(expiring, now), { status: 'expired', notRevoked: true, notExpired: false }, 'expired at the instant');
  t.equal(lifecycleAt(expiring, at('2025-12-31T23:59:59.999Z')).status, 'valid', 'a millisecond before');
  t.equal(lifecycleAt({ ...base, expiredAt: at('2025-01-01T00:00:00Z') }, now).status, 'expired', 'the expiry event counts');
  t.same(lifecycleAt({ ...expiring, revokedAt: at('2025-07-01T00:00:00Z') }, now), {
    status: 'revoked',
    notRevoked: false,
    notExpired: false,
  });
});

t.test('issuer status and outcome', async (t) => {
  t.equal(issuerActive({ status: 'approved' }), true);
  t.equal(issuerActive({ status: 'suspended' }), false);
  t.equal(issuerActive({ status: 'pending_approval' }), false);
  t.equal(issuerActive(undefined), false, 'unknown organization fails closed');
  const ok = { signatureValid: true, notRevoked: true, notExpired: true, issuerActive: true };
  t.equal(verificationOutcome(ok), 'valid');
  t.equal(verificationOutcome({ ...ok, notExpired: false, notRevoked: false }), 'revoked');
  t.equal(verificationOutcome({ ...ok, signatureValid: false, notRevoked: false }), 'signature_invalid');
  t.equal(verificationOutcome({ ...ok, issuerActive: false }), 'issuer_inactive');
});

t.test('partial e-mail', async (t) => {
  t.equal(partialEmail('jane.doe@example.com'), 'j***@example.com');
  t.equal(partialEmail('j@example.com'), 'j***@example.com');
  t.equal(partialEmail('élodie@exemple.fr'), 'é***@exemple.fr');
  t.equal(partialEmail('"a@b"@example.com'), '"***@example.com');
  t.equal(partialEmail('nonsense'), '***');
  t.equal(partialEmail('@example.com'), '***');
});

t.test('credential references', async (t) => {
  t.same(parseCredentialRef('CRD-0123456789AB'), { kind: 'credentialId', value: 'CRD-0123456789AB' });
  t.same(parseCredentialRef('crd-0123456789ab'), { kind: 'credentialId', value: 'CRD-0123456789AB' });
  t.same(parseCredentialRef('2F6E2C1A-8D7B-4F4E-9A51-0B7F3E1D9C11'), { kind: 'uuid', value: '2f6e2c1a-8d7b-4f4e-9a51-0b7f3e1d9c11' });
  for (const bad of [
    'CRD-0123456789A',
    'CRD-0123456789ABC',
    'CRD-0123456789AI',
    'CRD-0123456789AU',
    '2f6e2c1a8d7b4f4e9a510b7f3e1d9c11',
    '',
    'x'.repeat(1000),
  ]) {
    t.equal(parseCredentialRef(bad), null, bad.slice(0, 20));
  }
  t.ok(isSlug('acme-academy'));
  for (const bad of ['-acme', 'acme-', 'Acme', 'ac me', '..', '']) t.notOk(isSlug(bad), bad);
});

t.test('LRU keeps the most recently used entries', async (t) => {
  const lru = entryLru<string, number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  t.equal(lru.get('a'), 1);
  lru.set('c', 3);
  t.equal(lru.get('b'), undefined, 'least recently used went first');
  t.equal(lru.get('a'), 1);
  t.equal(lru.size, 2);
  const off = entryLru<string, number>(0);
  off.set('a', 1);
  t.equal(off.get('a'), undefined, 'size 0 disables');
  t.equal(off.size, 0);
  const falsy = entryLru<string, boolean>(1);
  falsy.set('k', false);
  t.equal(falsy.get('k'), false, 'a false value is a hit (signature results)');
});

t.test('byte-bounded LRU keeps buffers up to a total size', async (t) => {
  const lru = byteLru<string>(100);
  lru.set('a', Buffer.alloc(20));
  lru.set('b', Buffer.alloc(20));
  lru.set('big', Buffer.alloc(26));
  t.equal(lru.get('big'), undefined, 'more than a quarter of the bound is not kept');
  t.ok(lru.get('a'), 'a is now the most recently used');
  lru.set('c', Buffer.alloc(25));
  lru.set('d', Buffer.alloc(25));
  t.ok(lru.get('b'), '90 bytes: all kept');
  lru.set('a', Buffer.alloc(20));
  lru.set('e', Buffer.alloc(25));
  t.equal(lru.get('c'), undefined, 'going over 100 bytes drops the least recently used first');
  t.ok(lru.get('a') && lru.get('b') && lru.get('d') && lru.get('e'), 'the others stay (90 bytes)');
  lru.set('f', Buffer.alloc(0));
  t.ok(lru.get('f'), 'an empty buffer is kept');
  const off = byteLru<string>(0);
  off.set('a', Buffer.alloc(1));
  t.equal(off.get('a'), undefined, '0 bytes disables');
});
