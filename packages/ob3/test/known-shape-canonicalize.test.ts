// @unit
// The direct canonicalization of our credential shape (src/known-shape-canonicalize.ts) must be
// byte-identical to jsonld + RDFC-1.0, and must step aside for anything else.
import t from 'tap';
import {
  buildAchievementCredential,
  canonicalize,
  createDocumentLoader,
  documentLoader,
  getStaticContext,
  OB3_CONTEXTS,
  proofConfiguration,
  type AchievementCredentialInput,
} from '../src/index.js';
import { canonicalizeGeneric } from '../src/canonicalize.js';
import { canonicalizeKnownShape } from '../src/known-shape-canonicalize.js';
import { seededRandom } from './fixtures/helpers.js';
import { DID, richInput, sampleInput, VM } from './fixtures/issuer.js';

const rng = seededRandom;

// Characters that stress N-Quads escaping and sorting: quotes, backslashes, every control
// character, DEL, non-ASCII (BMP and astral), a lone surrogate, characters that sort around '"' and '>'.
const ALPHABET = [
  ...'abcXYZ019 .,:;-_/#?&=%+<>{}|^`~!@$*()[]\'"\\',
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  'é',
  'ß',
  'Ω',
  '中文',
  '\u2028',
  '\ufeff',
  '😀',
  '\ud800',
  '\uffff',
];

function gen(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const str = (max = 40): string => {
    const n = 1 + Math.floor(r() * max);
    let s = '';
    for (let i = 0; i < n; i++) s += pick(ALPHABET);
    return s.trim() === '' ? `x${s}` : s; // the builder wants non-blank text
  };
  const longStr = () => (r() < 0.1 ? str(20).repeat(200) : str());
  const name = () => `n${longStr().slice(0, 499)}`; // names are at most 500 characters
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
  const url = (data = true): string =>
    pick([
      `https://example.com/a/${hex(6)}`,
      `http://localhost:8080/achievements/acme-${hex(4)}/badge-${hex(3)}`,
      `https://example.org/p?q=${hex(4)}&r=%20x#frag`,
      data ? `data:image/png;base64,${Buffer.from(hex(40)).toString('base64')}` : `https://example.net/${hex(3)}`,
      `https://xn--bcher-kva.example/${hex(8)}/~user/(x)[y]*'!$,;=@:`,
    ]);
  return { r, pick, str, longStr, name, hex, url };
}

function randomInput(seed: number): AchievementCredentialInput {
  const { r, pick, str, longStr, name, hex, url } = gen(seed);
  const maybe = <T>(v: () => T): T | undefined => (r() < 0.5 ? v() : undefined);
  const from = new Date(
    Date.UTC(
      2000 + Math.floor(r() * 40),
      Math.floor(r() * 12),
      1 + Math.floor(r() * 28),
      Math.floor(r() * 24),
      Math.floor(r() * 60),
      Math.floor(r() * 60),
    ),
  );
  const tagCount = Math.floor(r() * 5);
  const tags = Array.from({ length: tagCount }, () => str(15));
  if (tagCount > 1 && r() < 0.3) tags.push(tags[0]!); // a repeated tag: one quad
  const input: AchievementCredentialInput = {
    id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
    issuer: {
      did: r() < 0.5 ? DID : `did:web:localhost%3A${1000 + Math.floor(r() * 9000)}:issuers:org-${hex(5)}`,
      name: name(),
      url: maybe(() => url(false)) ?? null,
      description: maybe(longStr) ?? null,
      email: maybe(() => `${str(8)}@example.com`) ?? null,
      imageUrl: maybe(url) ?? null,
    },
    achievement: {
      url: `https://example.com/achievements/acme/${hex(8)}`,
      name: name(),
      description: longStr(),
      criteriaNarrative: longStr(),
      imageUrl: maybe(url) ?? null,
      ...(r() < 0.8 ? { tags } : {}),
    },
    recipient: { email: `${hex(6)}.${str(5).replace(/[\s@]/g, 'q')}@Example.com`, salt: r() < 0.5 ? hex(32) : str(20) },
    validFrom: from,
    validUntil: r() < 0.7 ? new Date(from.getTime() + (1 + Math.floor(r() * 4000)) * 86_400_000) : null,
  };
  if (r() < 0.3) input.awardedDate = new Date(from.getTime() - Math.floor(r() * 1e10));
  if (r() < 0.3) input.name = name();
  if (r() < 0.6) {
    const list = pick([`https://example.com/issuers/org-${hex(5)}/status/${1 + Math.floor(r() * 99)}`, `http://localhost:8080/issuers/acme/status/1`]);
    input.status = { statusListCredential: list, statusListIndex: Math.floor(r() * 131_072) };
  }
  return input;
}

function proofOptions(seed: number) {
  const { r, hex } = gen(seed);
  return {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-rdfc-2022',
    created: new Date(Date.UTC(2020 + Math.floor(r() * 10), 0, 1) + Math.floor(r() * 1e9) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    verificationMethod: r() < 0.5 ? VM : `did:web:localhost%3A8080:issuers:org-${hex(5)}#key-${1 + Math.floor(r() * 9)}`,
    proofPurpose: 'assertionMethod',
  };
}

/** Same text from both paths, or both fail. */
async function bothPaths(doc: object): Promise<{ generic: string | Error; fast: string | Error }> {
  const settle = (p: Promise<string>) => p.catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  return { generic: await settle(canonicalizeGeneric(doc)), fast: await settle(canonicalize(doc)) };
}

t.test('byte-identical to jsonld + RDFC-1.0 over generated credentials and proof configurations', async (t) => {
  const N = 300;
  let direct = 0;
  for (let seed = 1; seed <= N; seed++) {
    const credential = buildAchievementCredential(randomInput(seed));
    const config = proofConfiguration(credential, proofOptions(seed));
    for (const doc of [credential, config]) {
      const known = canonicalizeKnownShape(doc);
      const generic = await canonicalizeGeneric(doc);
      if (known === undefined) {
        t.fail(`seed ${seed}: shape not recognised`, { doc });
        continue;
      }
      direct += 1;
      if (known !== generic) {
        t.equal(known, generic, `seed ${seed}: canonical N-Quads differ`);
        return;
      }
    }
  }
  t.equal(direct, 2 * N, 'every generated document took the direct path and matched');
});

t.test('the fixture credential and its proof configuration', async (t) => {
  const credential = buildAchievementCredential(
    sampleInput({ awardedDate: new Date('2024-06-01T00:00:00Z'), name: 'Renamed "credential"\n' }),
  );
  const config = proofConfiguration(credential, proofOptions(7));
  for (const doc of [credential, config]) {
    const known = canonicalizeKnownShape(doc);
    t.type(known, 'string');
    t.equal(known, await canonicalizeGeneric(doc));
  }
});

t.test('anything else takes the generic path, with the generic result', async (t) => {
  const base = () =>
    structuredClone(
      buildAchievementCredential(
        sampleInput({ status: { statusListCredential: 'https://example.com/issuers/acme/status/1', statusListIndex: 4711 } }),
      ),
    ) as unknown as Record<string, any>;
  const variants: [string, (d: Record<string, any>) => void][] = [
    ['extra top-level key', (d) => (d.description = 'x')],
    ['proof present', (d) => (d.proof = { type: 'DataIntegrityProof' })],
    ['VC 2.0 context only', (d) => (d['@context'] = [OB3_CONTEXTS[0]])],
    ['contexts reversed', (d) => (d['@context'] = [...OB3_CONTEXTS].reverse())],
    ['type order', (d) => (d.type = ['AchievementCredential', 'VerifiableCredential'])],
    ['issuer as a string', (d) => (d.issuer = DID)],
    ['issuer type as a string', (d) => (d.issuer.type = 'Profile')],
    ['issuer id with a space', (d) => (d.issuer.id = 'did:web:exa mple.com')],
    ['relative achievement id', (d) => (d.credentialSubject.achievement.id = 'achievements/x')],
    ['achievement id with non-ASCII', (d) => (d.credentialSubject.achievement.id = 'https://example.com/é')],
    ['unknown scheme', (d) => (d.credentialSubject.achievement.id = 'tag:example.com,2025:x')],
    ['empty tag list', (d) => (d.credentialSubject.achievement.tag = [])],
    ['tag as a string', (d) => (d.credentialSubject.achievement.tag = 'one')],
    ['numeric name', (d) => (d.name = 42)],
    ['empty name', (d) => (d.name = '')],
    ['hashed false', (d) => (d.credentialSubject.identifier[0].hashed = false)],
    ['two identifiers', (d) => d.credentialSubject.identifier.push({ ...d.credentialSubject.identifier[0], salt: 'other' })],
    ['subject with an id', (d) => (d.credentialSubject.id = 'did:example:123')],
    ['image type as an array', (d) => (d.credentialSubject.achievement.image.type = ['Image'])],
    ['image shared by achievement and issuer', (d) => (d.issuer.image = { ...d.credentialSubject.achievement.image })],
    ['achievement id equals credential id', (d) => (d.credentialSubject.achievement.id = d.id)],
    ['status entry as an array', (d) => (d.credentialStatus = [d.credentialStatus])],
    ['status entry type as an array', (d) => (d.credentialStatus.type = ['BitstringStatusListEntry'])],
    ['status entry of another method', (d) => (d.credentialStatus.type = 'StatusList2021Entry')],
    ['status index as a number', (d) => (d.credentialStatus.statusListIndex = 7)],
    ['status entry without an id', (d) => delete d.credentialStatus.id],
    ['status entry with statusSize', (d) => (d.credentialStatus.statusSize = 1)],
    ['status entry id equals credential id', (d) => (d.credentialStatus.id = d.id)],
    ['__proto__ key', (d) => Object.defineProperty(d, '__proto__', { value: { x: 1 }, enumerable: true })],
  ];
  for (const [name, change] of variants) {
    const d = base();
    change(d);
    const { generic, fast } = await bothPaths(d);
    if (name === 'empty name') {
      // An empty string is still our shape (and an ordinary literal).
      t.type(canonicalizeKnownShape(d), 'string', name);
    } else {
      t.equal(canonicalizeKnownShape(d), undefined, `${name}: not the known shape`);
    }
    t.same(fast, generic, `${name}: same result as the generic path`);
  }

  const config = proofConfiguration(buildAchievementCredential(sampleInput()), proofOptions(3));
  const configVariants: [string, (d: Record<string, any>) => void][] = [
    ['legacy cryptosuite name', (d) => (d.cryptosuite = 'eddsa-2022')],
    ['proof id', (d) => (d.id = 'urn:uuid:5d7c1c44-7c2f-4e0b-9a43-0c8d8d8ad2b3')],
    ['no created', (d) => delete d.created],
    ['other purpose', (d) => (d.proofPurpose = 'authentication')],
    ['challenge', (d) => (d.challenge = 'abc')],
  ];
  for (const [name, change] of configVariants) {
    const d = structuredClone(config) as Record<string, any>;
    change(d);
    t.equal(canonicalizeKnownShape(d), undefined, `${name}: not the known shape`);
    const { generic, fast } = await bothPaths(d);
    t.same(fast, generic, `${name}: same result as the generic path`);
  }
});

t.test('credentials with content fields take the generic path, with the generic result', async (t) => {
  // The direct path knows the plain shape only; each content field on its own sends a credential to jsonld.
  const rich = richInput();
  const variants: [string, Partial<AchievementCredentialInput>][] = [
    ['everything', {}],
    ['achievement type only', { ...sampleInput(), achievement: { ...sampleInput().achievement, achievementType: 'Badge' } }],
    ['alignments only', { ...sampleInput(), achievement: { ...sampleInput().achievement, alignments: rich.achievement.alignments! } }],
    ['narrative only', { ...sampleInput(), narrative: 'Did it.' }],
    ['evidence only', { ...sampleInput(), evidence: rich.evidence! }],
    ['recipient name only', { ...sampleInput(), recipient: { ...sampleInput().recipient, name: 'Jane Doe' } }],
  ];
  for (const [name, overrides] of variants) {
    const credential = buildAchievementCredential(name === 'everything' ? rich : { ...sampleInput(), ...overrides });
    t.equal(canonicalizeKnownShape(credential), undefined, `${name}: not the known shape`);
    t.equal(await canonicalize(credential), await canonicalizeGeneric(credential), `${name}: canonicalize() falls back to the generic path`);
  }
});

t.test('only loaders that serve the bundled contexts use the direct path', async (t) => {
  const credential = buildAchievementCredential(sampleInput());
  const expected = await canonicalizeGeneric(credential);
  t.equal(await canonicalize(credential, { documentLoader }), expected);
  t.equal(await canonicalize(credential, { documentLoader: createDocumentLoader({ documents: {} }) }), expected);
  // A foreign loader could mean anything by the same URLs: it gets the generic path.
  let calls = 0;
  const foreign = async (url: string) => {
    calls += 1;
    return documentLoader(url);
  };
  t.equal(await canonicalize(credential, { documentLoader: foreign }), expected);
  t.ok(calls > 0, 'the foreign loader was asked for the contexts');
});

t.test('no term of the two contexts is named like a scheme the direct path writes as is', async (t) => {
  const keys = new Set<string>();
  const walk = (v: unknown): void => {
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
    }
  };
  for (const url of OB3_CONTEXTS) walk(getStaticContext(url));
  t.ok(keys.size > 50, 'contexts walked');
  for (const scheme of ['http', 'https', 'urn', 'did', 'data']) t.notOk(keys.has(scheme), `no term "${scheme}"`);
});
