// The signing service on its own (real PostgreSQL, its gRPC API, its outbox): keys are generated,
// rotated, listed, reported compromised and used to sign; a KEK rotation re-wraps every stored
// data key (two replicas at once, or with their KEKs the other way round, lose nothing); and no
// private key or KEK ever shows up in a log line, a gRPC answer, an event or the table.
import { createPrivateKey, randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { createDb, migrateSchema, type Knex } from '@cred/db';
import { createClient, type PromiseClient } from '@cred/grpc';
import { buildDidDocument, didWebForOrg, findVerificationMethodKey, verifyDataIntegrityProof } from '@cred/ob3';
import { loadProtos, type SigningServiceClient } from '@cred/proto';
import { AdjustableClock, createLogger } from '@cred/runtime';
import { createIsolation, testCaller, rpcEnv } from '@cred/testing';
import { loadConfig } from '../src/config.js';
import { createSigningService, type SigningService } from '../src/service.js';
import { KeyService } from '../src/app/key-service.js';
import { migrations } from '../src/db/migrations.js';
import { kekFingerprint, kekKeyring, openPrivateKey } from '../src/domain/envelope.js';

const BASE_URL = 'http://localhost:8080';
const iso = await createIsolation('signing');
t.teardown(() => iso.cleanup());
const db: Knex = createDb({ url: iso.databaseUrl, schema: 'signing' });
t.teardown(() => db.destroy());
await migrateSchema(db, 'signing', migrations);

/** Every log line of every signing instance of this file. */
const logs: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
const logger = createLogger({ service: 'signing', level: 'debug', destination: logStream });
/** Every gRPC answer of this file, serialized. */
const answers: string[] = [];
const clock = new AdjustableClock();

const kekA = randomBytes(32).toString('hex');
const kekB = randomBytes(32).toString('hex');

interface Running {
  service: SigningService;
  client: PromiseClient<SigningServiceClient>;
  stop(): Promise<void>;
}

async function startSigning(env: Record<string, string>): Promise<Running> {
  const service = createSigningService(
    loadConfig({
      ...rpcEnv('signing'),
      DATABASE_URL: iso.databaseUrl,
      EVENTS_EXCHANGE: iso.eventsExchange,
      AMQP_URL: iso.amqpUrl,
      GRPC_PORT: '0',
      OPS_PORT: '0',
      BASE_URL,
      LOG_LEVEL: 'debug',
      ...env,
    }),
    { logger, clock },
  );
  await service.start();
  const raw = createClient(loadProtos().signing.SigningService, `127.0.0.1:${service.grpcPort()}`, { deadlineMs: 15000, identity: testCaller() });
  // Records every answer, for the leak scan at the end.
  const client = new Proxy(raw, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || prop === 'close') return value;
      return async (...args: unknown[]) => {
        const r = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        answers.push(JSON.stringify(r));
        return r;
      };
    },
  }) as PromiseClient<SigningServiceClient>;
  return {
    service,
    client,
    async stop() {
      raw.close();
      await service.stop();
    },
  };
}

let a = await startSigning({ KEY_ENCRYPTION_KEY: kekA });
t.teardown(() => a.stop());

// Organization ids are UUIDs, as accounts makes them (the key events carry them).
const orgAcme = randomUUID();
const orgOther = randomUUID();
const orgWithoutKeys = randomUUID();
const org = { organization_id: orgAcme, organization_slug: 'acme' };
const did = didWebForOrg(BASE_URL, 'acme');
const unsigned = (n: number) =>
  JSON.stringify({
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: did, type: ['Profile'], name: 'Acme' },
    validFrom: '2025-01-01T00:00:00Z',
    credentialSubject: {
      type: ['AchievementSubject'],
      achievement: { id: 'https://example.com/a', type: ['Achievement'], name: 'A', description: 'A.', criteria: { narrative: 'Did it.' } },
    },
  });

/** Verifies a signed credential against the public keys the service lists now (as did.json would publish them). */
async function verifiesWithListedKeys(client: PromiseClient<SigningServiceClient>, signedJson: string): Promise<boolean> {
  const keys = (await client.ListPublicKeys({ organization_id: org.organization_id })).keys ?? [];
  const doc = buildDidDocument(
    did,
    keys.map((k) => ({ n: k.sequence, publicKeyMultibase: k.public_key_multibase })),
  );
  const r = await verifyDataIntegrityProof(JSON.parse(signedJson) as Record<string, unknown>, {
    resolvePublicKey: async (vm) => findVerificationMethodKey(doc, vm),
  });
  return r.verified;
}

const proofVm = (signedJson: string) => {
  const proof = (JSON.parse(signedJson) as { proof: unknown }).proof;
  return ((Array.isArray(proof) ? proof[0] : proof) as { verificationMethod: string }).verificationMethod;
};
const outbox = async (type: string) =>
  ((await db('outbox').where({ type }).orderBy('created_at')) as Array<{ payload: { data: Record<string, unknown> } }>).map((r) => r.payload.data);
const keyRows = async () =>
  (await db('signing_keys').where({ organization_id: org.organization_id }).orderBy('sequence')) as Array<{
    id: string;
    sequence: number;
    kek_id: string;
    wrapped_dek: Buffer;
    private_key_ciphertext: Buffer;
    compromised_at: Date | null;
  }>;

const signed: Record<string, string> = {};

t.test('generate: the first key, idempotent; it signs', async (t) => {
  const first = await a.client.GenerateKey(org);
  t.equal(first.created, true);
  t.equal(first.key?.key_id, `${did}#key-1`);
  t.equal(first.key?.current, true);
  t.equal(first.key?.compromised_at, '');
  const again = await a.client.GenerateKey(org);
  t.equal(again.created, false, 'a second call creates nothing');
  t.equal(again.key?.key_id, first.key?.key_id);
  const s = await a.client.SignCredential({ ...org, unsigned_credential_json: unsigned(1), created: '' });
  t.equal(s.key_id, `${did}#key-1`);
  t.equal(proofVm(s.signed_credential_json), `${did}#key-1`);
  t.equal(await verifiesWithListedKeys(a.client, s.signed_credential_json), true, 'verifies with the listed key');
  signed.beforeRotation = s.signed_credential_json;
  t.equal((await outbox('signing.key.created')).length, 1, 'one signing.key.created');
});

t.test('rotate: a new current key signs, the old one stays listed and its signatures verify', async (t) => {
  const rotated = await a.client.RotateKey(org);
  t.equal(rotated.key?.key_id, `${did}#key-2`);
  t.equal(rotated.key?.current, true);
  const listed = (await a.client.ListPublicKeys({ organization_id: org.organization_id })).keys ?? [];
  t.same(
    listed.map((k) => [k.key_id, k.current]),
    [
      [`${did}#key-1`, false],
      [`${did}#key-2`, true],
    ],
  );
  const s = await a.client.SignCredentials({ ...org, items: [{ unsigned_credential_json: unsigned(2), created: '' }, { unsigned_credential_json: unsigned(3), created: '' }] });
  t.same(s.results?.map((r) => r.key_id), [`${did}#key-2`, `${did}#key-2`], 'new signatures use the new key');
  t.equal(await verifiesWithListedKeys(a.client, s.results![0]!.signed_credential_json), true);
  t.equal(await verifiesWithListedKeys(a.client, signed.beforeRotation!), true, 'signed before the rotation: still verifies');
  const created = await outbox('signing.key.created');
  t.same(created.map((e) => e.keyId), [`${did}#key-1`, `${did}#key-2`]);

  const none = await a.client.RotateKey({ organization_id: orgWithoutKeys, organization_slug: 'nokeys' }).catch((e: unknown) => e);
  t.match(none, { code: 'FORBIDDEN' }, 'no key to rotate: FORBIDDEN, nothing created');
  t.equal((await db('signing_keys').where({ organization_id: orgWithoutKeys })).length, 0);
});

t.test('a rotation through one replica is used at once by another that had the old key in memory', async (t) => {
  const b = await startSigning({ KEY_ENCRYPTION_KEY: kekA });
  try {
    t.equal((await b.client.SignCredential({ ...org, unsigned_credential_json: unsigned(4), created: '' })).key_id, `${did}#key-2`);
    const r = await a.client.RotateKey(org);
    t.equal(r.key?.key_id, `${did}#key-3`);
    const s = await b.client.SignCredential({ ...org, unsigned_credential_json: unsigned(5), created: '' });
    t.equal(s.key_id, `${did}#key-3`, 'the other replica signs with the new key');
    t.equal(await verifiesWithListedKeys(b.client, s.signed_credential_json), true);
  } finally {
    await b.stop();
  }
});

t.test('compromise: recorded with its time, announced, and a current key is replaced first', async (t) => {
  // A key cannot be compromised before it existed: the reported times are within each key's life.
  const createdAt = async (n: number) =>
    new Date((await a.client.ListPublicKeys({ organization_id: org.organization_id })).keys!.find((k) => k.sequence === n)!.created_at);
  const at1 = new Date((await createdAt(1)).getTime() + 1);
  const old = await a.client.ReportKeyCompromised({ ...org, sequence: 1, compromised_at: at1.toISOString() });
  t.equal(old.key?.key_id, `${did}#key-1`);
  t.equal(old.key?.compromised_at, at1.toISOString());
  t.equal(old.rotated, false, 'key-1 was not current: no new key');
  t.equal(old.current_key?.key_id, `${did}#key-3`);

  const later = await a.client.ReportKeyCompromised({ ...org, sequence: 1, compromised_at: new Date(at1.getTime() + 1).toISOString() });
  t.equal(later.key?.compromised_at, at1.toISOString(), 'reported again with a later time: the earliest stays');

  const at3 = new Date((await createdAt(3)).getTime() + 1);
  const current = await a.client.ReportKeyCompromised({ ...org, sequence: 3, compromised_at: at3.toISOString() });
  t.equal(current.rotated, true, 'the current key was replaced');
  t.equal(current.current_key?.key_id, `${did}#key-4`);
  t.equal(current.key?.current, false);
  const s = await a.client.SignCredential({ ...org, unsigned_credential_json: unsigned(6), created: '' });
  t.equal(s.key_id, `${did}#key-4`, 'nothing is signed with the compromised key again');

  const listed = (await a.client.ListPublicKeys({ organization_id: org.organization_id })).keys ?? [];
  t.same(
    listed.map((k) => [k.sequence, k.current, k.compromised_at]),
    [
      [1, false, at1.toISOString()],
      [2, false, ''],
      [3, false, at3.toISOString()],
      [4, true, ''],
    ],
    'compromised keys stay listed (older signatures need them), with their time',
  );
  const events = await outbox('signing.key.compromised');
  t.same(
    events.map((e) => [e.keyId, e.sequence, e.compromisedAt]),
    [
      [`${did}#key-1`, 1, at1.toISOString()],
      [`${did}#key-1`, 1, at1.toISOString()],
      [`${did}#key-3`, 3, at3.toISOString()],
    ],
  );
  t.ok(events.every((e) => typeof e.publicKeyMultibase === 'string' && e.organizationSlug === 'acme'), 'events carry the key and the slug');

  const future = await a.client.ReportKeyCompromised({ ...org, sequence: 2, compromised_at: new Date(Date.now() + 3600_000).toISOString() }).catch((e: unknown) => e);
  t.match(future, { code: 'VALIDATION_ERROR', message: /future/ });
  const unknown = await a.client.ReportKeyCompromised({ ...org, sequence: 99, compromised_at: at1.toISOString() }).catch((e: unknown) => e);
  t.match(unknown, { code: 'NOT_FOUND' });
  const bad = await a.client.ReportKeyCompromised({ ...org, sequence: 2, compromised_at: 'yesterday' }).catch((e: unknown) => e);
  t.match(bad, { code: 'VALIDATION_ERROR' });
  const beforeCreated = await a.client
    .ReportKeyCompromised({ ...org, sequence: 2, compromised_at: new Date((await createdAt(2)).getTime() - 1000).toISOString() })
    .catch((e: unknown) => e);
  t.match(beforeCreated, { code: 'VALIDATION_ERROR', message: /before the key was created/ }, 'no back-dating before the key existed');
  t.equal((await keyRows()).find((r) => r.sequence === 2)?.compromised_at, null, 'nothing recorded for refused reports');
});

t.test('a sealed private key moved to another row does not open', async (t) => {
  const rows = await keyRows();
  const [r1, r2] = [rows[0]!, rows[1]!];
  const keyring = kekKeyring(Buffer.from(kekA, 'hex'));
  t.throws(() =>
    openPrivateKey(keyring, { kekId: r2.kek_id, wrappedDek: r2.wrapped_dek, ciphertext: r2.private_key_ciphertext }, r1.id),
  );
  t.throws(() =>
    openPrivateKey(keyring, { kekId: r1.kek_id, wrappedDek: r2.wrapped_dek, ciphertext: r1.private_key_ciphertext }, r1.id),
  );
  t.ok(openPrivateKey(keyring, { kekId: r1.kek_id, wrappedDek: r1.wrapped_dek, ciphertext: r1.private_key_ciphertext }, r1.id).length > 32);
});

t.test('KEK rotation: every key is re-wrapped at start; keys still sign; the private key ciphertext stays', async (t) => {
  // Another organization with a key, so the re-wrap pages over more than one organization.
  await a.client.GenerateKey({ organization_id: orgOther, organization_slug: 'other' });
  const before = await db('signing_keys').orderBy('id');
  t.ok(before.length >= 5);
  t.ok(before.every((r: { kek_id: string }) => r.kek_id === kekFingerprint(Buffer.from(kekA, 'hex'))), 'all under KEK A');
  await a.stop();

  // Phase 2 of the procedure: B wraps, A still opens. Two replicas start at once.
  const [x, y] = await Promise.all([
    startSigning({ KEY_ENCRYPTION_KEY: kekB, KEY_ENCRYPTION_KEY_PREVIOUS: kekA }),
    startSigning({ KEY_ENCRYPTION_KEY: kekB, KEY_ENCRYPTION_KEY_PREVIOUS: kekA }),
  ]);
  try {
    const after = await db('signing_keys').orderBy('id');
    t.equal(after.length, before.length);
    for (const [i, r] of after.entries()) {
      const was = before[i]!;
      t.equal(r.kek_id, kekFingerprint(Buffer.from(kekB, 'hex')), `${r.key_id}: now under KEK B`);
      t.notSame(r.wrapped_dek, was.wrapped_dek, `${r.key_id}: wrapped data key changed`);
      t.same(r.private_key_ciphertext, was.private_key_ciphertext, `${r.key_id}: private key ciphertext unchanged (only the data key is re-wrapped)`);
    }
    const s = await x.client.SignCredential({ ...org, unsigned_credential_json: unsigned(7), created: '' });
    t.equal(s.key_id, `${did}#key-4`);
    t.equal(await verifiesWithListedKeys(x.client, s.signed_credential_json), true, 'the same key pair signs');
    t.equal((await y.client.SignCredential({ organization_id: orgOther, unsigned_credential_json: unsigned(8), created: '' })).key_id, `${didWebForOrg(BASE_URL, 'other')}#key-1`);
    const metrics = await (await fetch(`http://127.0.0.1:${x.service.host.opsPort}/metrics`)).text();
    t.match(metrics, /^signing_keys_under_other_kek(\{[^}]*\})? 0$/m, 'the metric says PREVIOUS can be dropped');
  } finally {
    await Promise.all([x.stop(), y.stop()]);
  }
});

t.test('a replica with the KEKs the other way round (mid-rollout) opens every key, and concurrent re-wraps lose none', async (t) => {
  // A replica of phase 1 (A wraps, B only opens), without its start-up pass: keys under B open.
  const swapped = kekKeyring(Buffer.from(kekA, 'hex'), [Buffer.from(kekB, 'hex')]);
  const phase1 = new KeyService({ db, clock, logger, baseUrl: BASE_URL, keyring: swapped });
  const s = await phase1.sign(org.organization_id, unsigned(9), new Date());
  t.equal(s.keyId, `${did}#key-4`, 'signs with a key wrapped under its PREVIOUS');

  // Replicas of both phases re-wrapping at once: each row is written only if unchanged since read.
  const phase2 = new KeyService({ db, clock, logger, baseUrl: BASE_URL, keyring: kekKeyring(Buffer.from(kekB, 'hex'), [Buffer.from(kekA, 'hex')]) });
  await Promise.all([phase1.rewrapStoredKeys(2), phase2.rewrapStoredKeys(2), phase1.rewrapStoredKeys(3), phase2.rewrapStoredKeys(1)]);
  const final = await phase2.rewrapStoredKeys();
  t.equal(final.unreadable, 0);
  const rows = await db('signing_keys');
  t.ok(rows.every((r: { kek_id: string }) => r.kek_id === kekFingerprint(Buffer.from(kekB, 'hex'))), 'all under B once phase 2 alone runs');
  for (const r of rows as Array<{ id: string; kek_id: string; wrapped_dek: Buffer; private_key_ciphertext: Buffer }>) {
    const der = openPrivateKey(kekKeyring(Buffer.from(kekB, 'hex')), { kekId: r.kek_id, wrappedDek: r.wrapped_dek, ciphertext: r.private_key_ciphertext }, r.id);
    t.ok(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), 'opens with B alone (phase 3)');
  }
});

t.test('a KEK that is not configured fails closed, with a clear error and no key material', async (t) => {
  const lost = await startSigning({ KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex') });
  try {
    const rows = await db('signing_keys');
    t.ok(rows.every((r: { kek_id: string }) => r.kek_id === kekFingerprint(Buffer.from(kekB, 'hex'))), 'left as they were');
    const err = await lost.client.SignCredential({ ...org, unsigned_credential_json: unsigned(10), created: '' }).catch((e: unknown) => e);
    t.match(err, { code: 'UNAVAILABLE', message: /cannot be opened with the configured key-encryption keys/ });
    t.ok(logs.some((l) => l.includes('not configured; they cannot sign')), 'the start-up pass said so');
  } finally {
    await lost.stop();
  }
});

t.test('no private key or KEK in logs, gRPC answers, events or the table', async (t) => {
  a = await startSigning({ KEY_ENCRYPTION_KEY: kekB });
  const rows = (await db('signing_keys')) as Array<{ id: string; kek_id: string; wrapped_dek: Buffer; private_key_ciphertext: Buffer }>;
  const secrets: string[] = [kekA, kekB, Buffer.from(kekA, 'hex').toString('base64'), Buffer.from(kekB, 'hex').toString('base64')];
  for (const r of rows) {
    const der = openPrivateKey(kekKeyring(Buffer.from(kekB, 'hex')), { kekId: r.kek_id, wrappedDek: r.wrapped_dek, ciphertext: r.private_key_ciphertext }, r.id);
    const seed = der.subarray(der.length - 32);
    secrets.push(seed.toString('hex'), seed.toString('base64'), seed.toString('base64url'), der.toString('base64'), der.toString('hex'));
    t.notOk(r.private_key_ciphertext.includes(seed), 'the seed is not in the stored bytes');
  }
  const dump = ((await db.raw('select k::text as row from signing_keys k')).rows as { row: string }[]).map((r) => r.row).join('\n');
  const events = JSON.stringify(await db('outbox').select('payload'));
  const haystacks = { logs: logs.join(''), answers: answers.join('\n'), events, dump };
  t.ok(haystacks.logs.includes('signing key rotated') && haystacks.answers.length > 1000, 'there was something to scan');
  for (const [where, text] of Object.entries(haystacks)) {
    const hits = secrets.filter((s) => text.toLowerCase().includes(s.toLowerCase()));
    t.equal(hits.length, 0, `no secret in ${where}`);
  }
});
