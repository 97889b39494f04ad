// @unit
// Builders: exact OB3 shape, strict 1EdTech JSON Schema, identity hashing, input validation.
import t from 'tap';
import { createRequire } from 'node:module';
import {
  buildAchievement,
  buildAchievementCredential,
  buildIssuerProfile,
  canonicalize,
  identityHash,
  identityMatches,
  multibaseDecode,
  Ob3Error,
  signCredential,
} from '../src/index.js';
import { readJson } from './fixtures/helpers.js';
import { DID, privateKey, richInput, sampleInput, VM } from './fixtures/issuer.js';

const require = createRequire(import.meta.url);
// The schema declares draft 2019-09 ($schema), so the 2019 build of ajv is required.
const Ajv2019 = require('ajv/dist/2019').default as new (opts: object) => {
  compile: (schema: object) => ((data: unknown) => boolean) & { errors?: unknown[] | null };
};
const addFormats = require('ajv-formats').default as (ajv: object) => void;
const schema = readJson('educredentials-obv3-examples/ob_v3p0_achievementcredential_schema.json');

function strictValidator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

t.test('the schema really is draft 2019-09 and rejects known-bad shapes', async (t) => {
  t.match(schema['$schema'], /2019-09/);
  const validate = strictValidator();
  const good = buildAchievementCredential(sampleInput());
  t.ok(validate(good));
  const withStatus = buildAchievementCredential(
    sampleInput({ status: { statusListCredential: 'https://example.com/issuers/acme/status/1', statusListIndex: 77 } }),
  );
  t.ok(validate(withStatus), `with credentialStatus too: ${JSON.stringify(validate.errors ?? null)}`);
  t.notOk(validate({ ...withStatus, credentialStatus: { ...withStatus.credentialStatus, type: ['BitstringStatusListEntry'] } }), 'a status type array is rejected');
  // Sanity: the validator can fail (proof must be an array; issuer.type must be an array).
  t.notOk(validate({ ...good, proof: { type: 'DataIntegrityProof' } }), 'proof object rejected');
  t.notOk(validate({ ...good, issuer: { ...good.issuer, type: 'Profile' } }), 'string Profile type rejected');
});

t.test('AchievementCredential has the shape of docs/standards.md "Credential shape"', async (t) => {
  const c = buildAchievementCredential(sampleInput());
  t.same(c, {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: 'urn:uuid:2f6e2c1a-8d7b-4f4e-9a51-0b7f3e1d9c11',
    type: ['VerifiableCredential', 'AchievementCredential'],
    issuer: { id: DID, type: ['Profile'], name: 'Acme Academy', url: 'https://example.com/issuers/acme' },
    validFrom: '2025-01-01T00:00:00Z',
    validUntil: '2035-01-01T00:00:00Z',
    name: 'Teamwork',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          salt: 'pepper',
          identityHash: identityHash('jane.doe@example.com', 'pepper'),
        },
      ],
      achievement: {
        id: 'https://example.com/achievements/acme/teamwork',
        type: ['Achievement'],
        name: 'Teamwork',
        description: 'Collaborates effectively.',
        criteria: { narrative: 'Peer nominated.' },
        image: { id: 'https://example.com/achievements/acme/teamwork/image.png', type: 'Image' },
        tag: ['teamwork', 'collaboration'],
      },
    },
  });
  t.equal(DID, 'did:web:example.com:issuers:acme');
  const noExpiry = buildAchievementCredential(sampleInput({ validUntil: null }));
  t.notOk('validUntil' in noExpiry);
});

t.test('signed credential passes the strict 1EdTech schema and canonicalizes in safe mode', async (t) => {
  const signed = await signCredential(buildAchievementCredential(sampleInput()), {
    verificationMethod: VM,
    privateKey,
    created: new Date('2025-01-01T00:00:01Z'),
  });
  const validate = strictValidator();
  t.ok(validate(signed), JSON.stringify(validate.errors));
  t.equal(multibaseDecode(signed.proof[0]!.proofValue).length, 64, 'proofValue is z + base58 of a 64-byte signature');
  t.match(signed.proof[0]?.proofValue, /^z[1-9A-HJ-NP-Za-km-z]{86,88}$/);
});

t.test('a signed credential with every content field passes the strict 1EdTech schema and safe-mode canonicalization', async (t) => {
  const signed = await signCredential(
    buildAchievementCredential(
      richInput({ status: { statusListCredential: 'https://example.com/issuers/acme/status/1', statusListIndex: 9 } }),
    ),
    { verificationMethod: VM, privateKey, created: new Date('2025-01-01T00:00:01Z') },
  );
  const validate = strictValidator();
  t.ok(validate(signed), JSON.stringify(validate.errors));
  const subject = signed.credentialSubject;
  t.same(subject.identifier[1], { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Jane "JD" Doe' });
  t.equal(subject.identifier[0]!.identityType, 'emailAddress', 'the hashed e-mail stays first');
  t.equal(subject.narrative, 'Led the **team project** to completion.\nSee the report.');
  t.same(subject.result, [
    { type: ['Result'], resultDescription: 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c', value: 'A', status: 'Completed' },
    { type: ['Result'], resultDescription: 'urn:uuid:0b5e8e4e-3a44-4a43-8d5a-2d0b1c6e0f01', value: '87' },
  ]);
  t.same(signed.evidence, [
    {
      type: ['Evidence'],
      id: 'https://example.com/evidence/report.pdf?v=1',
      name: 'Final report',
      description: 'The project report.',
      narrative: 'Written with two peers.',
    },
    { type: ['Evidence'], narrative: 'Observed by the instructor during the workshop.' },
  ]);
  const a = subject.achievement;
  t.equal(a.achievementType, 'Certificate');
  t.same(a.alignment?.[0], {
    type: ['Alignment'],
    targetName: 'Collaborates with others',
    targetUrl: 'https://example.org/frameworks/skills/collaboration',
    targetFramework: 'Example Skills Framework',
    targetCode: 'SK-COL-1',
  });
  t.same(a.resultDescription?.[0], {
    id: 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c',
    type: ['ResultDescription'],
    name: 'Final grade',
    resultType: 'LetterGrade',
    allowedValue: ['D', 'C', 'B', 'A'],
    requiredValue: 'C',
  });
  // Every term is defined by the two contexts (safe mode would throw on a dropped one), and the values land where OB 3.0 says.
  const { proof, ...unsigned } = signed;
  t.ok(proof);
  const nq = await canonicalize(unsigned);
  t.match(nq, /<https:\/\/schema.org\/targetName> "Collaborates with others"/);
  t.match(nq, /<https:\/\/purl.imsglobal.org\/spec\/vc\/ob\/vocab.html#achievementType> "Certificate"/);
  t.match(nq, /<https:\/\/purl.imsglobal.org\/spec\/vc\/ob\/vocab.html#identityType> "name"/);
  t.match(nq, /<https:\/\/www.w3.org\/2018\/credentials#evidence> <https:\/\/example.com\/evidence\/report.pdf\?v=1>/);
  t.match(nq, /<https:\/\/schema.org\/value> "A"/);
  // The schema itself refuses values outside its enumerations: the builder's checks match it.
  const bent = structuredClone(signed) as unknown as Record<string, any>;
  bent.credentialSubject.achievement.achievementType = 'Trophy';
  t.notOk(validate(bent), 'an achievementType outside the enumeration fails the schema');
  const bent2 = structuredClone(signed) as unknown as Record<string, any>;
  bent2.credentialSubject.result[0].status = 'Done';
  t.notOk(validate(bent2), 'a result status outside the enumeration fails the schema');
});

t.test('content fields are checked before anything is signed', async (t) => {
  const rich = richInput();
  const ach = rich.achievement;
  const bad: Array<[string, Parameters<typeof richInput>[0]]> = [
    ['unknown achievement type', { achievement: { ...ach, achievementType: 'Trophy' } }],
    ['bad ext term', { achievement: { ...ach, achievementType: 'ext:has space' } }],
    ['alignment url not http(s)', { achievement: { ...ach, alignments: [{ targetName: 'x', targetUrl: 'javascript:alert(1)' }] } }],
    ['alignment without name', { achievement: { ...ach, alignments: [{ targetName: ' ', targetUrl: 'https://example.org' }] } }],
    ['unknown result type', { achievement: { ...ach, resultDescriptions: [{ id: 'urn:uuid:1', name: 'x', resultType: 'Grade' }] } }],
    ['relative result description id', { achievement: { ...ach, resultDescriptions: [{ id: 'grade', name: 'x', resultType: 'Result' }] } }],
    [
      'repeated result description id',
      { achievement: { ...ach, resultDescriptions: [ach.resultDescriptions![0]!, { ...ach.resultDescriptions![0]! }] } },
    ],
    ['result naming no description', { results: [{ resultDescription: 'urn:uuid:nope', value: 'A' }] }],
    ['value outside allowed values', { results: [{ resultDescription: 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c', value: 'E' }] }],
    ['unknown status', { results: [{ resultDescription: 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c', status: 'Done' }] }],
    ['result without value or status', { results: [{ resultDescription: 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c' }] }],
    [
      'two results for one description',
      { results: [rich.results![0]!, { resultDescription: 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c', value: 'B' }] },
    ],
    ['empty evidence', { evidence: [{}] }],
    ['evidence url not http(s)', { evidence: [{ url: 'file:///etc/passwd' }] }],
    ['blank narrative', { narrative: '  ' }],
    ['blank recipient name', { recipient: { email: 'a@example.com', salt: 's', name: '' } }],
  ];
  for (const [label, override] of bad) {
    t.throws(() => buildAchievementCredential(richInput(override)), Ob3Error, label);
  }
  // Without any of them the credential is the plain shape: one identifier, no evidence.
  const plain = buildAchievementCredential(sampleInput());
  t.equal(plain.credentialSubject.identifier.length, 1);
  t.notOk('evidence' in plain || 'narrative' in plain.credentialSubject || 'result' in plain.credentialSubject);
});

t.test('identity hash: spec vector, lower-casing, matching', async (t) => {
  t.equal(identityHash('a@example.com', 'Kosher'), 'sha256$b5809d8a92f8858436d7e6b87c12ebc0ae1eac4baecc2c0b913aee2c922ef399');
  const c = buildAchievementCredential(sampleInput());
  const id = c.credentialSubject.identifier[0]!;
  t.ok(identityMatches(id, 'emailAddress', 'jane.doe@example.com'));
  t.ok(identityMatches(id, 'emailAddress', ' JANE.DOE@example.COM '), 'case-insensitive');
  t.notOk(identityMatches(id, 'emailAddress', 'john@example.com'));
  t.notOk(identityMatches(id, 'url', 'jane.doe@example.com'), 'wrong identityType');
  t.notMatch(JSON.stringify(c), /jane/i, 'plain e-mail never appears');
});

t.test('standalone Achievement and Profile documents are valid JSON-LD (safe mode)', async (t) => {
  const achievement = buildAchievement(sampleInput().achievement);
  t.same(achievement['@context'], ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
  t.equal(achievement.id, 'https://example.com/achievements/acme/teamwork');
  const nq = await canonicalize(achievement);
  t.match(nq, /<https:\/\/example.com\/achievements\/acme\/teamwork> <https:\/\/schema.org\/keywords> "teamwork"/);
  const profile = buildIssuerProfile({
    did: DID,
    name: 'Acme Academy',
    url: 'https://example.com',
    description: 'We teach.',
    email: 'badges@example.com',
    imageUrl: 'https://example.com/logo.png',
  });
  t.same(profile.type, ['Profile']);
  t.same(profile.image, { id: 'https://example.com/logo.png', type: 'Image' });
  t.match(await canonicalize(profile), /Acme Academy/);
});

t.test('invalid input is rejected with Ob3Error INVALID_INPUT', async (t) => {
  const bad: Array<[string, Parameters<typeof sampleInput>[0]]> = [
    ['bad uuid', { id: 'not-a-uuid' }],
    ['relative achievement url', { achievement: { ...sampleInput().achievement, url: '/achievements/x' } }],
    ['empty name', { achievement: { ...sampleInput().achievement, name: ' ' } }],
    ['javascript image', { achievement: { ...sampleInput().achievement, imageUrl: 'javascript:alert(1)' } }],
    ['bad email', { recipient: { email: 'nope', salt: 's' } }],
    ['empty salt', { recipient: { email: 'a@b.c', salt: '' } }],
    ['validUntil before validFrom', { validUntil: new Date('2024-01-01T00:00:00Z') }],
    ['issuer not a DID', { issuer: { did: 'https://example.com', name: 'x' } }],
    ['invalid date', { validFrom: new Date('nope') }],
  ];
  for (const [label, override] of bad) {
    t.throws(() => buildAchievementCredential(sampleInput(override)), Ob3Error, label);
  }
  t.doesNotThrow(() => buildAchievementCredential(sampleInput({ id: 'urn:uuid:2F6E2C1A-8D7B-4F4E-9A51-0B7F3E1D9C11' })));
  t.equal(
    buildAchievementCredential(sampleInput({ id: 'urn:uuid:2F6E2C1A-8D7B-4F4E-9A51-0B7F3E1D9C11' })).id,
    'urn:uuid:2f6e2c1a-8d7b-4f4e-9a51-0b7f3e1d9c11',
  );
});
