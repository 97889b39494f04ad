// Issue 14 item 2 end to end: an organization that chose to put recipients' names into its
// credentials creates a badge with an achievement type, alignments and result descriptions,
// issues it through /api/v1 with evidence, a narrative and a result, and the credential we
// serve passes the strict 1EdTech Open Badges 3.0 JSON Schema, verifies with Digital Bazaar's
// libraries (signature and revocation status) against our published did.json, and shows its
// content on the public pages. Requests and answers are checked against the OpenAPI document.
import t from 'tap';
import { createRequire } from 'node:module';
import { waitFor } from '@cred/testing';
import { readJson } from '../../packages/ob3/test/fixtures/helpers.js';
import { openApiChecker, type OpenApiDoc } from '../../services/gateway/test/fixtures/openapi-check.js';
import { setupStep, startTestPlatform } from './harness.js';
import { independentVerifier } from './independent-verifier.js';

// ajv is a dependency of the packages that validate (the root has none): resolve it from there.
interface Validator {
  compile: (schema: object) => ((data: unknown) => boolean) & { errors?: unknown[] | null };
  errorsText: (errors: unknown) => string;
}
const fromOb3 = createRequire(new URL('../../packages/ob3/package.json', import.meta.url));
const fromGateway = createRequire(new URL('../../services/gateway/package.json', import.meta.url));
const Ajv2019 = fromOb3('ajv/dist/2019').default as new (opts: object) => Validator;
const addFormats = fromOb3('ajv-formats').default as (ajv: object) => void;
const Ajv2020 = fromGateway('ajv/dist/2020').default as new (opts: object) => Validator;

const tp = await setupStep('platform', () => startTestPlatform('richcontent'));
t.teardown(() => tp.stop());

const dbz = await independentVerifier(tp.env.BASE_URL!);

const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization('rich-academy'), tp.logFile);
const admin = tp.adminToken;

t.test('a credential with every new field: schema-valid, independently verified, shown on the public pages', async (t) => {
  const doc = (await tp.api('GET', '/api/v1/openapi.json')).body as OpenApiDoc & { paths: Record<string, any> };
  const { check } = openApiChecker(t, doc);
  // The request bodies we send are valid by the document too.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const requestValid = (template: string, method: string, body: unknown) => {
    const schema = doc.paths[template][method].requestBody.content['application/json'].schema;
    const validate = ajv.compile({ ...schema, components: doc.components });
    t.ok(validate(body), `${method.toUpperCase()} ${template} request matches the document ${ajv.errorsText(validate.errors)}`);
  };

  t.equal((await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin)).status, 200);
  t.equal((await tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, admin)).status, 200);
  t.equal((await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token)).status, 201);
  const apiKey = String((await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'ci' }, token)).body.key);

  const before = await tp.api('GET', `/api/organizations/${orgId}`, undefined, token);
  t.equal(before.body.recipientNameInCredentials, false, 'names stay out of credentials by default');
  const setting = await tp.api('PATCH', `/api/organizations/${orgId}`, { recipientNameInCredentials: true }, token);
  check('PATCH', '/api/organizations/{orgId}', setting);
  t.equal(setting.body.recipientNameInCredentials, true);
  const wrong = await tp.api('PATCH', `/api/organizations/${orgId}`, { recipientNameInCredentials: 'yes' }, token);
  check('PATCH', '/api/organizations/{orgId}', wrong);
  t.equal(wrong.body.details.field, 'recipientNameInCredentials');

  const badgeBody = {
    name: 'Research Project',
    description: 'Carried a research project from question to report.',
    criteria: 'A report graded C or better.',
    achievementType: 'Course',
    alignments: [
      {
        targetName: 'Research data management',
        targetUrl: 'https://example.org/frameworks/rdm/1',
        targetFramework: 'RDM Skills <2025>',
        targetCode: 'RDM-1',
      },
    ],
    resultDescriptions: [
      { name: 'Final grade', resultType: 'LetterGrade', allowedValues: ['D', 'C', 'B', 'A'], requiredValue: 'C' },
      { name: 'Completion', resultType: 'Status' },
    ],
  };
  requestValid('/api/organizations/{orgId}/badges', 'post', badgeBody);
  const badge = await tp.api('POST', `/api/organizations/${orgId}/badges`, badgeBody, token);
  check('POST', '/api/organizations/{orgId}/badges', badge);
  t.equal(badge.status, 201, badge.text);
  t.equal(badge.body.achievementType, 'Course');
  t.same(badge.body.alignments, badgeBody.alignments);
  const [grade, completion] = badge.body.resultDescriptions as Array<{ id: string }>;
  t.match(grade!.id, /^urn:uuid:/);
  check('GET', '/api/v1/badges/{badgeId}', await tp.api('GET', `/api/v1/badges/${badge.body.id}`, undefined, apiKey));

  const issueBody = {
    badgeId: badge.body.id,
    recipient: { name: 'Grace Hopper', email: 'Grace@Example.com' },
    narrative: 'Designed the study and wrote the **final report**.',
    evidence: [
      { url: 'https://example.com/reports/42', name: 'Final report', description: 'The report as submitted.' },
      { narrative: 'Presented to the department; <b>questions</b> answered.' },
    ],
    results: [
      { resultDescription: grade!.id, value: 'A' },
      { resultDescription: completion!.id, status: 'Completed' },
    ],
  };
  requestValid('/api/v1/credentials', 'post', issueBody);
  const bad = await tp.api('POST', '/api/v1/credentials', { ...issueBody, results: [{ resultDescription: grade!.id, value: 'E' }] }, apiKey);
  check('POST', '/api/v1/credentials', bad);
  t.equal(bad.status, 400);
  t.equal(bad.body.details.field, 'results[0].value', 'a value outside the allowed ones is refused by name');

  const issued = await tp.api('POST', '/api/v1/credentials', issueBody, apiKey);
  check('POST', '/api/v1/credentials', issued);
  t.equal(issued.status, 201, issued.text);
  const credentialId = String(issued.body.credentialId);

  const served = await waitFor('credential served', async () => {
    const r = await tp.api('GET', `/credentials/${credentialId}/ob3`);
    return r.status === 200 ? r : undefined;
  });
  const ob3 = JSON.parse(served.text) as Record<string, any>;
  const subject = ob3.credentialSubject;
  t.same(subject.identifier.map((i: { identityType: string; hashed: boolean }) => [i.identityType, i.hashed]), [
    ['emailAddress', true],
    ['name', false],
  ]);
  t.equal(subject.identifier[1].identityHash, 'Grace Hopper', 'the name in plain text, as the organization chose');
  t.notOk(served.text.toLowerCase().includes('grace@example.com'), 'the e-mail only as a salted hash');
  t.equal(subject.narrative, issueBody.narrative);
  t.same(subject.result, [
    { type: ['Result'], resultDescription: grade!.id, value: 'A' },
    { type: ['Result'], resultDescription: completion!.id, status: 'Completed' },
  ]);
  t.equal(ob3.evidence.length, 2);
  t.equal(ob3.evidence[0].id, 'https://example.com/reports/42');
  t.equal(subject.achievement.achievementType, 'Course');
  t.equal(subject.achievement.alignment[0].targetCode, 'RDM-1');
  t.equal(subject.achievement.resultDescription[0].requiredValue, 'C');

  // The strict 1EdTech JSON Schema (draft 2019-09).
  const ajv2019 = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv2019);
  const schemaCheck = ajv2019.compile(readJson('educredentials-obv3-examples/ob_v3p0_achievementcredential_schema.json'));
  t.ok(schemaCheck(ob3), `passes the 1EdTech schema ${JSON.stringify(schemaCheck.errors ?? null)}`);

  // Digital Bazaar, with the key from our did.json and the status from our list.
  const verify = dbz.verifyProof;
  const db = await verify(ob3);
  t.equal(db.verified, true, `Digital Bazaar verifies it: ${String(db.error ?? '')}`);
  const tampered = structuredClone(ob3);
  tampered.credentialSubject.result[0].value = 'B';
  t.equal((await verify(tampered)).verified, false, 'a changed grade breaks the proof');
  const ours = await tp.api('GET', `/api/verify/${credentialId}`);
  t.equal(ours.body.valid, true);

  // The public pages and the Achievement document.
  const page = await tp.api('GET', `/verify/${credentialId}`);
  t.equal(page.status, 200);
  t.match(page.text, /How it was earned/);
  t.match(page.text, /<dt>Final grade<\/dt><dd>A<\/dd>/);
  t.match(page.text, /<dt>Completion<\/dt><dd>Completed<\/dd>/);
  t.match(page.text, /Presented to the department; &#60;b&#62;questions&#60;\/b&#62; answered\./);
  t.match(page.text, /href="https:\/\/example.com\/reports\/42"/);
  const badgePage = await waitFor('badge page has the alignments', async () => {
    const r = await tp.api('GET', '/o/rich-academy/badges/research-project');
    return r.status === 200 && r.text.includes('Research data management') ? r : undefined;
  });
  t.match(badgePage.text, /RDM Skills &#60;2025&#62;/);
  t.match(badgePage.text, /Final grade \(Letter grade\): D, C, B, A; required: C/);
  const achievement = await tp.api('GET', '/achievements/rich-academy/research-project');
  t.equal(achievement.body.achievementType, 'Course');
  t.same(achievement.body.resultDescription, subject.achievement.resultDescription, 'the published Achievement is the signed one');
  t.same(achievement.body.alignment, subject.achievement.alignment);
});
