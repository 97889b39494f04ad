// @unit
// Session tokens: accounts signs with an Ed25519 seed, the gateway and verification check with
// public keys only, and a key can be rotated by listing the next public key beside the current.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { SignJWT } from 'jose';
import { AdjustableClock } from '../src/clock.js';
import {
  createSessionTokenSigner,
  createSessionTokenVerifier,
  newSessionKeyPair,
  sessionKeyIdOf,
  sessionPublicKeyOf,
  sessionPublicKeysEnv,
  sessionSigningKeyEnv,
} from '../src/session-token.js';

const clock = new AdjustableClock();
const now = () => Math.floor(clock.now().getTime() / 1000);
const input = () => ({ userId: randomUUID(), sessionId: randomUUID(), issuedAt: now(), expiresAt: now() + 3600 });

t.test('a token signed with the seed is accepted with its public key, and only with it', async (t) => {
  const keys = newSessionKeyPair();
  t.equal(keys.SESSION_PUBLIC_KEYS, sessionPublicKeyOf(keys.SESSION_SIGNING_KEY));
  const sign = createSessionTokenSigner(keys.SESSION_SIGNING_KEY);
  const claims = input();
  const token = await sign(claims);
  const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
  t.same(header, { alg: 'EdDSA', typ: 'session+jwt', kid: sessionKeyIdOf(keys.SESSION_PUBLIC_KEYS) });
  const checked = await createSessionTokenVerifier(keys.SESSION_PUBLIC_KEYS, clock)(token);
  t.equal(checked.userId, claims.userId);
  t.equal(checked.sessionId, claims.sessionId);
  t.equal(checked.expiresAt.getTime(), claims.expiresAt * 1000);
  t.ok(checked.csrf.length >= 32, 'a random CSRF token of 24 bytes rides in the token');
  t.not((await createSessionTokenVerifier(keys.SESSION_PUBLIC_KEYS, clock)(await sign(claims))).csrf, checked.csrf, 'a new one per token');
  await t.rejects(createSessionTokenVerifier(newSessionKeyPair().SESSION_PUBLIC_KEYS, clock)(token), 'another public key refuses it');
});

t.test('rotation: tokens of every listed key pass, a dropped key stops at once', async (t) => {
  const old = newSessionKeyPair();
  const next = newSessionKeyPair();
  const oldToken = await createSessionTokenSigner(old.SESSION_SIGNING_KEY)(input());
  const nextToken = await createSessionTokenSigner(next.SESSION_SIGNING_KEY)(input());
  const both = createSessionTokenVerifier(`${next.SESSION_PUBLIC_KEYS}, ${old.SESSION_PUBLIC_KEYS}`, clock);
  t.ok(await both(oldToken), 'the previous key still checks sessions it signed');
  t.ok(await both(nextToken), 'the new key checks its own');
  await t.rejects(createSessionTokenVerifier(next.SESSION_PUBLIC_KEYS, clock)(oldToken), 'once dropped, the old key signs nothing that passes');
});

t.test('refused: expired, algorithm confusion, a forged kid', async (t) => {
  const keys = newSessionKeyPair();
  const verify = createSessionTokenVerifier(keys.SESSION_PUBLIC_KEYS, clock);
  const token = await createSessionTokenSigner(keys.SESSION_SIGNING_KEY)(input());
  clock.advance(3600_000 + 6000);
  await t.rejects(verify(token), 'expired on the application clock');
  clock.reset();
  const kid = sessionKeyIdOf(keys.SESSION_PUBLIC_KEYS);
  const c = input();
  const hs = await new SignJWT({ csrf: 'x'.repeat(32) })
    .setProtectedHeader({ alg: 'HS256', typ: 'session+jwt', kid })
    .setSubject(c.userId)
    .setJti(c.sessionId)
    .setIssuer('credentials:accounts')
    .setAudience('credentials:gateway')
    .setIssuedAt(c.issuedAt)
    .setExpirationTime(c.expiresAt)
    .sign(Buffer.from(keys.SESSION_PUBLIC_KEYS, 'base64url'));
  await t.rejects(verify(hs), 'HS256 keyed with the (public) key is not a session');
  const foreign = await createSessionTokenSigner(newSessionKeyPair().SESSION_SIGNING_KEY)(c);
  const [, payload, signature] = foreign.split('.');
  const relabelled = `${Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'session+jwt', kid })).toString('base64url')}.${payload}.${signature}`;
  await t.rejects(verify(relabelled), 'another key under our kid fails the signature');
});

t.test('configuration: seeds and public keys are checked when the service starts', async (t) => {
  const keys = newSessionKeyPair();
  t.ok(sessionSigningKeyEnv.safeParse(keys.SESSION_SIGNING_KEY).success);
  for (const bad of ['', 'short', 'x'.repeat(42), `${keys.SESSION_SIGNING_KEY}=`, 'REPLACE_ME']) t.notOk(sessionSigningKeyEnv.safeParse(bad).success, JSON.stringify(bad));
  t.ok(sessionPublicKeysEnv.safeParse(keys.SESSION_PUBLIC_KEYS).success);
  t.ok(sessionPublicKeysEnv.safeParse(`${keys.SESSION_PUBLIC_KEYS},${newSessionKeyPair().SESSION_PUBLIC_KEYS}`).success, 'two during a rotation');
  for (const bad of ['', ',', `${keys.SESSION_PUBLIC_KEYS},`, 'REPLACE_ME', Array(5).fill(keys.SESSION_PUBLIC_KEYS).join(',')]) {
    t.notOk(sessionPublicKeysEnv.safeParse(bad).success, JSON.stringify(bad));
  }
});
