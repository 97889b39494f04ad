// @unit
// The OpenAPI description of POST /api/verify/credential and /api/verify/baked covers Open Badges
// 2.0 results: real results of the verification library (against the specification's example
// documents on a loopback server, ../../verification/test/fixtures/ob2) validate against the
// documented 200 schema, and each reason code they carry is one the document lists.
import t from 'tap';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { OB2_REASON_CODES } from '@cred/ob3/ob2-reasons';
import { openApiDocument } from '../src/openapi/openapi.js';
import { createExternalVerifier } from '../../verification/src/external/index.js';
import { alterSignature, ob2Png, signRs256, startOb2Host } from '../../verification/test/fixtures/ob2-fixtures.js';

const doc = JSON.parse(JSON.stringify(openApiDocument)) as {
  components: Record<string, unknown>;
  paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
};
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validatorFor = (path: string) =>
  ajv.compile({
    ...(doc.paths[path]!['post']!.responses['200']!.content['application/json']!.schema as object),
    components: doc.components,
  });

const host = await startOb2Host(t);
const verifier = createExternalVerifier({
  allowedHosts: [host.server.hostPort],
  clock: { now: () => new Date('2017-03-01T12:00:00Z') },
  timeoutMs: 2000,
  cacheTtlMs: 0,
  negativeCacheTtlMs: 0,
});
const HOSTED = `${host.base}/beths-robotics-badge.json`;
const jws = signRs256(host.fixture('assertion-signed.json'), host.privateKey);

t.test('Open Badges 2.0 results validate against the documented result', async (t) => {
  const credential = validatorFor('/api/verify/credential');
  const baked = validatorFor('/api/verify/baked');
  const results = [
    await verifier.verifyCredential({ credential: HOSTED, recipient: 'alice@example.org' }),
    await verifier.verifyCredential({ credential: jws, recipient: 'mallory@example.org' }),
    await verifier.verifyCredential(alterSignature(jws)),
    await verifier.verifyCredential({ credential: 'https://10.0.0.9/assertion.json' }),
    await verifier.verifyBakedImage(ob2Png(HOSTED), 'image/png'),
  ];
  t.same(
    results.map((r) => r.reason?.code ?? r.status),
    ['valid', 'recipient_mismatch', 'signature_invalid', 'address_refused', 'valid'],
  );
  for (const r of results) {
    const body = JSON.parse(JSON.stringify(r)) as unknown;
    t.ok(credential(body), `${r.reason?.code ?? r.status}: ${JSON.stringify(credential.errors)}`);
    t.ok(baked(body), `${r.reason?.code ?? r.status} (baked): ${JSON.stringify(baked.errors)}`);
  }
  host.routes.set('/beths-robotics-badge.json', { status: 410 });
  const revoked = await verifier.verifyCredential({ credential: HOSTED });
  t.equal(revoked.status, 'revoked');
  t.ok(credential(JSON.parse(JSON.stringify(revoked))), JSON.stringify(credential.errors));
});

t.test('the document lists every reason code, once', async (t) => {
  const text = JSON.stringify(doc.components);
  const listed = /"enum":\[("malformed"[^\]]*)\]/.exec(text)?.[1];
  t.same(JSON.parse(`[${listed ?? ''}]`), [...OB2_REASON_CODES]);
});
