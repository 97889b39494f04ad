// Issue 4 end to end, as a client would: sign up, approve, generate keys, create a badge,
// issue through /api/v1, verify by the CRD- id, verify independently with Digital Bazaar's
// libraries against our published did.json, and search everything for the private key.
import t from 'tap';
import { createDecipheriv, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';
import { independentVerifier } from './independent-verifier.js';

const tp = await setupStep('platform', () => startTestPlatform('firstcred'));
t.teardown(() => tp.stop());

const dbz = await independentVerifier(tp.env.BASE_URL!);

const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization('acme-academy'), tp.logFile);
const admin = tp.adminToken;

t.test('a new organization gets to its first verified credential', async (t) => {
  t.equal((await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin)).status, 200);
  t.equal((await tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, admin)).status, 200);

  const keyRes = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'ci' }, token);
  t.equal(keyRes.status, 201);
  const apiKey = String(keyRes.body.key);

  // Before the signing keys exist, /api/v1 refuses (docs/contract.md "Authentication and access").
  const early = await tp.api('GET', '/api/v1/badges', undefined, apiKey);
  t.equal(early.status, 403, 'no /api/v1 before signing keys are generated');

  t.equal((await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token)).status, 201);

  const badge = await tp.api(
    'POST',
    `/api/organizations/${orgId}/badges`,
    {
      name: 'Data Stewardship',
      description: 'Handles research data with care.',
      criteria: 'Completed the course and the project.',
      tags: ['data', 'ethics'],
      expiresInDays: 365,
    },
    token,
  );
  t.equal(badge.status, 201, badge.text);
  t.match(badge.body.achievementUrl, /\/achievements\/acme-academy\/data-stewardship$/);

  const listed = await tp.api('GET', '/api/v1/badges', undefined, apiKey);
  t.equal(listed.status, 200);
  t.equal(listed.body.pagination.total, 1);

  const issued = await tp.api(
    'POST',
    '/api/v1/credentials',
    { badgeId: badge.body.id, recipient: { name: 'Grace Hopper', email: 'Grace@Example.com' } },
    apiKey,
  );
  t.equal(issued.status, 201, issued.text);
  t.same(
    Object.keys(issued.body).sort(),
    [
      'credentialId',
      'expirationDate',
      'id',
      'issuanceDate',
      'recipientEmail',
      'recipientName',
      'status',
      'supersedesCredentialId',
      'verificationUrl',
    ].sort(),
  );
  t.match(issued.body.credentialId, /^CRD-[0-9A-HJKMNP-TV-Z]{12}$/);
  t.equal(issued.body.status, 'pending');
  t.equal(issued.body.recipientEmail, 'grace@example.com');
  t.ok(issued.body.expirationDate, 'expires after expiresInDays');

  const full = await tp.api('GET', `/api/v1/credentials/${issued.body.id}`, undefined, apiKey);
  t.equal(full.status, 200);
  const ob3 = full.body.ob3Credential as Record<string, any>;
  t.same(ob3.type, ['VerifiableCredential', 'AchievementCredential']);
  t.notOk(JSON.stringify(ob3).includes('grace@example.com'), 'the OB3 payload carries a hashed e-mail only');

  // Public verification by the CRD- id, through the gateway, once the read model has it.
  const verified = await waitFor('credential verifiable', async () => {
    const r = await tp.api('GET', `/api/verify/${issued.body.credentialId}`);
    return r.status === 200 ? r : undefined;
  });
  t.equal(verified.body.valid, true, JSON.stringify(verified.body.verification));
  t.same(verified.body.verification, { signatureValid: true, notRevoked: true, notExpired: true, issuerActive: true });
  t.equal(verified.body.credential.recipientEmailPartial ?? verified.body.credential.recipientEmail, 'g***@example.com');

  // An independent implementation, resolving the key from the did.json we publish.
  const did = await tp.api('GET', '/issuers/acme-academy/did.json');
  t.equal(did.status, 200);
  const verify = dbz.verifyProof;
  const served = await tp.api('GET', `/credentials/${issued.body.credentialId}/ob3`);
  t.equal(served.status, 200);
  const db = await verify(JSON.parse(served.text));
  t.equal(db.verified, true, `Digital Bazaar verifies it: ${String(db.error ?? '')}`);
  const status = await dbz.verify(JSON.parse(served.text));
  t.same([status.verified, status.revoked], [true, false], 'and reads its revocation status from our list: not revoked');
  t.ok(dbz.fetched.some((u) => u.endsWith('/issuers/acme-academy/did.json')), 'the key came from the did.json we publish');
  const tampered = JSON.parse(served.text);
  tampered.credentialSubject.achievement.name = 'Something else';
  t.equal((await verify(tampered)).verified, false, 'and rejects a tampered copy');
  const ours = await tp.api('POST', '/api/verify/credential', tampered);
  t.equal(ours.status, 200);
  t.equal(ours.body.valid, false, 'our verifier rejects the tampered copy too');
  t.equal(ours.body.verification.signatureValid, false);

  // The private key, recovered here from its sealed form with the test's KEK, appears nowhere.
  const client = new pg.Client({ connectionString: tp.isolation.databaseUrl });
  await client.connect();
  try {
    const row = (
      await client.query(
        'select id, wrapped_dek, private_key_ciphertext, public_key_multibase from signing.signing_keys where organization_id = $1',
        [orgId],
      )
    ).rows[0];
    t.ok(row, 'the signing service holds a key');
    const kek = Buffer.from(tp.env.KEY_ENCRYPTION_KEY!, 'hex');
    const open = (key: Buffer, sealed: Buffer, aad: string) => {
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      d.setAAD(Buffer.from(aad));
      d.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([d.update(sealed.subarray(28)), d.final()]);
    };
    const dek = open(kek, row.wrapped_dek, `dek:${row.id}`);
    const der = open(dek, row.private_key_ciphertext, `key:${row.id}`);
    const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    const jwk = privateKey.export({ format: 'jwk' }) as { d: string; x: string };
    t.equal(createPublicKey(privateKey).export({ format: 'jwk' }).x, jwk.x, 'the sealed key is the published one');
    const seed = Buffer.from(jwk.d, 'base64url');
    const needles = [seed.toString('hex'), seed.toString('base64'), jwk.d, der.toString('base64'), der.toString('hex')];

    // Every column of every table of every schema, as text.
    const tables = (
      await client.query(
        "select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog','information_schema') and table_type = 'BASE TABLE'",
      )
    ).rows;
    let dump = '';
    for (const tbl of tables) {
      const rows = await client.query(`select * from "${tbl.table_schema}"."${tbl.table_name}"`);
      dump += JSON.stringify(rows.rows, (_k, v) => (v && v.type === 'Buffer' ? Buffer.from(v.data).toString('hex') : v));
    }
    t.ok(tables.length > 10 && dump.length > 1000, `searched ${tables.length} tables`);
    const logs = readFileSync(tp.logFile, 'utf8');
    for (const n of needles) {
      t.notOk(dump.includes(n), 'private key absent from every database column and event (outbox/inbox)');
      t.notOk(logs.includes(n), 'private key absent from every log line');
      t.notOk(
        served.text.includes(n) || full.text.includes(n) || issued.text.includes(n) || did.text.includes(n),
        'private key absent from responses',
      );
    }
  } finally {
    await client.end();
  }
});
