/**
 * RDFC-1.0 canonical N-Quads of the documents we sign, without JSON-LD expansion.
 *
 * Generic canonicalization (jsonld.js expansion + toRDF + rdf-canonize) costs ~2 ms per
 * document here, almost all of it in expansion, and signing runs it twice per credential
 * (document + proof configuration). Our AchievementCredential (credential.ts) and its
 * eddsa-rdfc-2022 proof configuration always have the same shape under the same two bundled,
 * frozen contexts (VC 2.0 + OB 3.0.3), so the RDF they denote is fixed up to the values:
 * this module writes those quads directly with the IRIs and datatypes the contexts give each
 * term, then runs the RDFC-1.0 labelling on them.
 *
 * It recognises the exact shape or nothing: any other key, type, value type, context, an IRI
 * outside a conservative character set, or two nodes sharing an IRI returns undefined and the
 * caller uses the generic path. So does a dataset whose blank nodes do not all have distinct
 * first-degree hashes (then RDFC-1.0 needs its n-degree step; our shapes never get there).
 * test/known-shape-canonicalize.test.ts checks byte equality with the generic path over many
 * generated credentials, and the Digital Bazaar tests verify what we sign.
 */
import { createHash } from 'node:crypto';
import { OB_V3_CONTEXT, VC_V2_CONTEXT } from './contexts.js';

const RDF_TYPE = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';
const OB = 'https://purl.imsglobal.org/spec/vc/ob/vocab.html#';
const VC = 'https://www.w3.org/2018/credentials#';
const SCHEMA = 'https://schema.org/';
const SEC = 'https://w3id.org/security#';
const STATUS = 'https://www.w3.org/ns/credentials/status#';
const XSD_DATE_TIME = 'http://www.w3.org/2001/XMLSchema#dateTime';

const P = {
  credentialSubject: `<${VC}credentialSubject>`,
  issuer: `<${VC}issuer>`,
  validFrom: `<${VC}validFrom>`,
  validUntil: `<${VC}validUntil>`,
  // OB 3.0.3 declares awardedDate's type as the unexpanded "xsd:dateTime"; that string is the datatype IRI.
  awardedDate: `<${OB}awardedDate>`,
  name: `<${SCHEMA}name>`,
  description: `<${SCHEMA}description>`,
  email: `<${SCHEMA}email>`,
  url: `<${SCHEMA}url>`,
  keywords: `<${SCHEMA}keywords>`,
  image: `<${OB}image>`,
  achievement: `<${OB}achievement>`,
  identifier: `<${OB}identifier>`,
  criteria: `<${OB}Criteria>`,
  narrative: `<${OB}narrative>`,
  hashed: `<${OB}hashed>`,
  identityHash: `<${OB}identityHash>`,
  identityType: `<${OB}identityType>`,
  salt: `<${OB}salt>`,
  created: '<http://purl.org/dc/terms/created>',
  cryptosuite: `<${SEC}cryptosuite>`,
  proofPurpose: `<${SEC}proofPurpose>`,
  verificationMethod: `<${SEC}verificationMethod>`,
  credentialStatus: `<${VC}credentialStatus>`,
  statusPurpose: `<${STATUS}statusPurpose>`,
  statusListIndex: `<${STATUS}statusListIndex>`,
  statusListCredential: `<${STATUS}statusListCredential>`,
} as const;

const T = {
  VerifiableCredential: `<${VC}VerifiableCredential>`,
  AchievementCredential: `<${OB}OpenBadgeCredential>`,
  Profile: `<${OB}Profile>`,
  Image: `<${OB}Image>`,
  AchievementSubject: `<${OB}AchievementSubject>`,
  IdentityObject: `<${OB}IdentityObject>`,
  Achievement: `<${OB}Achievement>`,
  DataIntegrityProof: `<${SEC}DataIntegrityProof>`,
  assertionMethod: `<${SEC}assertionMethod>`,
  BitstringStatusListEntry: `<${STATUS}BitstringStatusListEntry>`,
} as const;

const HASHED_TRUE = '"true"^^<https://www.w3.org/2001/XMLSchema#boolean>';
const CRYPTOSUITE = `"eddsa-rdfc-2022"^^<${SEC}cryptosuiteString>`;

// ------------------------------------------------------------------------------------ terms

/** A blank node of the document, by index; anything else is an already serialized term. */
type Term = string | { bnode: number };
type Quad = readonly [subject: Term, predicate: string, object: Term];

// N-Quads literal escaping exactly as rdf-canonize writes it (ECHAR where one exists, else UCHAR).
const LITERAL_ESCAPE = /[\u0000-\u001F\u007F"\\]/g; // eslint-disable-line no-control-regex -- control characters are what it escapes
const ESCAPES: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };
const escapeChar = (c: string) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

function literal(value: string, datatype?: string): string {
  const escaped = value.replace(LITERAL_ESCAPE, escapeChar);
  return datatype === undefined ? `"${escaped}"` : `"${escaped}"^^<${datatype}>`;
}

/**
 * IRIs we write as they are. The schemes are ones no term of the two contexts is named after
 * (so JSON-LD cannot read them as compact IRIs; the test checks that), and the characters are
 * printable ASCII that neither JSON-LD nor N-Quads treat specially. Anything else: generic path.
 */
const SAFE_IRI = /^(?:https?|urn|did|data):[!#$%&'()*+,\-./0-9:;=?@A-Z[\]_a-z~]*$/;

class NotKnownShape extends Error {}
const notKnown = (): never => {
  throw new NotKnownShape();
};

function iri(value: unknown): string {
  if (typeof value !== 'string' || !SAFE_IRI.test(value)) notKnown();
  return `<${value as string}>`;
}

function text(value: unknown): string {
  if (typeof value !== 'string') notKnown();
  return value as string;
}

function object(value: unknown, required: readonly string[], optional: readonly string[] = []): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return notKnown();
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  let present = 0;
  for (const k of keys) {
    if (required.includes(k)) present++;
    else if (!optional.includes(k)) notKnown();
  }
  if (present !== required.length) notKnown();
  return o;
}

const has = (o: Record<string, unknown>, key: string) => Object.hasOwn(o, key);

function exactly(value: unknown, expected: readonly string[]): void {
  if (!Array.isArray(value) || value.length !== expected.length || value.some((v, i) => v !== expected[i])) notKnown();
}

// --------------------------------------------------------------------------------- RDFC-1.0
// Plain loops and label arrays rather than closures: this runs for every credential signed.

/** One quad as an N-Quads line, blank node `n` written as `_:${labels[n]}`. */
function serialize(q: Quad, labels: readonly string[]): string {
  const s = typeof q[0] === 'string' ? q[0] : `_:${labels[q[0].bnode]}`;
  const o = typeof q[2] === 'string' ? q[2] : `_:${labels[q[2].bnode]}`;
  return `${s} ${q[1]} ${o} .\n`;
}

function mentions(q: Quad, b: number): boolean {
  return (typeof q[0] !== 'string' && q[0].bnode === b) || (typeof q[2] !== 'string' && q[2].bnode === b);
}

const TEMPORARY = ['b0', 'b1', 'b2', 'b3'];

/**
 * RDFC-1.0 for a dataset (default graph only) whose blank nodes all get distinct first-degree
 * hashes: canonical labels in hash order, then the sorted serialization. Undefined otherwise.
 */
function canonicalNQuads(input: readonly Quad[], bnodes: number): string | undefined {
  // A dataset is a set: drop repeated quads (e.g. a tag given twice), as JSON-LD's node map does.
  const seen = new Set<string>();
  const quads: Quad[] = [];
  for (const q of input) {
    const key = serialize(q, TEMPORARY);
    if (!seen.has(key)) {
      seen.add(key);
      quads.push(q);
    }
  }
  // Hash First Degree Quads: the node itself is _:a, every other blank node _:z.
  const hashes: string[] = [];
  for (let b = 0; b < bnodes; b++) {
    const labels: string[] = [];
    for (let x = 0; x < bnodes; x++) labels.push(x === b ? 'a' : 'z');
    const lines: string[] = [];
    for (const q of quads) if (mentions(q, b)) lines.push(serialize(q, labels));
    lines.sort();
    hashes.push(createHash('sha256').update(lines.join('')).digest('hex'));
  }
  // Labels in hash order (code-unit order of the hex strings, as rdf-canonize sorts them).
  const sorted = [...hashes].sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) return undefined;
  const labels = hashes.map((h) => `c14n${sorted.indexOf(h)}`);
  const lines: string[] = [];
  for (const q of quads) lines.push(serialize(q, labels));
  return lines.sort().join('');
}

// ----------------------------------------------------------------------------------- shapes

function isOb3Context(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && value[0] === VC_V2_CONTEXT && value[1] === OB_V3_CONTEXT;
}

/** `{id, type: 'Image'}` -> its IRI, with the type quad. */
function imageNode(value: unknown, quads: Quad[], nodes: string[]): string {
  const img = object(value, ['id', 'type']);
  if (img['type'] !== 'Image') notKnown();
  const id = iri(img['id']);
  nodes.push(id);
  quads.push([id, RDF_TYPE, T.Image]);
  return id;
}

function achievementCredentialQuads(doc: Record<string, unknown>): { quads: Quad[]; bnodes: number } {
  const c = object(doc, ['@context', 'id', 'type', 'issuer', 'validFrom', 'name', 'credentialSubject'], ['validUntil', 'awardedDate', 'credentialStatus']);
  if (!isOb3Context(c['@context'])) notKnown();
  exactly(c['type'], ['VerifiableCredential', 'AchievementCredential']);
  const quads: Quad[] = [];
  const nodes: string[] = []; // IRIs of node objects: must be distinct (no merged nodes)
  const S = { bnode: 0 }; // credentialSubject
  const I = { bnode: 1 }; // the IdentityObject
  const C = { bnode: 2 }; // criteria

  const id = iri(c['id']);
  nodes.push(id);
  quads.push([id, RDF_TYPE, T.VerifiableCredential], [id, RDF_TYPE, T.AchievementCredential]);

  const issuer = object(c['issuer'], ['id', 'type', 'name'], ['url', 'description', 'email', 'image']);
  exactly(issuer['type'], ['Profile']);
  const issuerId = iri(issuer['id']);
  nodes.push(issuerId);
  quads.push([id, P.issuer, issuerId], [issuerId, RDF_TYPE, T.Profile], [issuerId, P.name, literal(text(issuer['name']))]);
  if (has(issuer, 'url')) quads.push([issuerId, P.url, literal(text(issuer['url']), 'https://www.w3.org/2001/XMLSchema#anyURI')]);
  if (has(issuer, 'description')) quads.push([issuerId, P.description, literal(text(issuer['description']))]);
  if (has(issuer, 'email')) quads.push([issuerId, P.email, literal(text(issuer['email']))]);
  if (has(issuer, 'image')) quads.push([issuerId, P.image, imageNode(issuer['image'], quads, nodes)]);

  quads.push([id, P.validFrom, literal(text(c['validFrom']), XSD_DATE_TIME)]);
  if (has(c, 'validUntil')) quads.push([id, P.validUntil, literal(text(c['validUntil']), XSD_DATE_TIME)]);
  if (has(c, 'awardedDate')) quads.push([id, P.awardedDate, literal(text(c['awardedDate']), 'xsd:dateTime')]);
  quads.push([id, P.name, literal(text(c['name']))]);

  const subject = object(c['credentialSubject'], ['type', 'identifier', 'achievement']);
  exactly(subject['type'], ['AchievementSubject']);
  quads.push([id, P.credentialSubject, S], [S, RDF_TYPE, T.AchievementSubject]);

  const identifiers = subject['identifier'];
  if (!Array.isArray(identifiers) || identifiers.length !== 1) notKnown();
  const identity = object((identifiers as unknown[])[0], ['type', 'identityType', 'hashed', 'salt', 'identityHash']);
  if (identity['type'] !== 'IdentityObject' || identity['hashed'] !== true) notKnown();
  quads.push(
    [S, P.identifier, I],
    [I, RDF_TYPE, T.IdentityObject],
    [I, P.hashed, HASHED_TRUE],
    [I, P.identityHash, literal(text(identity['identityHash']))],
    [I, P.identityType, literal(text(identity['identityType']))],
    [I, P.salt, literal(text(identity['salt']))],
  );

  const a = object(subject['achievement'], ['id', 'type', 'name', 'description', 'criteria'], ['image', 'tag']);
  exactly(a['type'], ['Achievement']);
  const achievementId = iri(a['id']);
  nodes.push(achievementId);
  const criteria = object(a['criteria'], ['narrative']);
  quads.push(
    [S, P.achievement, achievementId],
    [achievementId, RDF_TYPE, T.Achievement],
    [achievementId, P.name, literal(text(a['name']))],
    [achievementId, P.description, literal(text(a['description']))],
    [achievementId, P.criteria, C],
    [C, P.narrative, literal(text(criteria['narrative']))],
  );
  if (has(a, 'image')) quads.push([achievementId, P.image, imageNode(a['image'], quads, nodes)]);
  if (has(a, 'tag')) {
    const tags = a['tag'];
    if (!Array.isArray(tags) || tags.length === 0) notKnown();
    for (const tag of tags as unknown[]) quads.push([achievementId, P.keywords, literal(text(tag))]);
  }

  if (has(c, 'credentialStatus')) {
    // status-list.ts's entry: a node with its own IRI; the VC 2.0 context's type-scoped terms.
    const entry = object(c['credentialStatus'], ['id', 'type', 'statusPurpose', 'statusListIndex', 'statusListCredential']);
    if (entry['type'] !== 'BitstringStatusListEntry') notKnown();
    const entryId = iri(entry['id']);
    nodes.push(entryId);
    quads.push(
      [id, P.credentialStatus, entryId],
      [entryId, RDF_TYPE, T.BitstringStatusListEntry],
      [entryId, P.statusPurpose, literal(text(entry['statusPurpose']))],
      [entryId, P.statusListIndex, literal(text(entry['statusListIndex']))],
      [entryId, P.statusListCredential, iri(entry['statusListCredential'])],
    );
  }

  if (new Set(nodes).size !== nodes.length) notKnown();
  return { quads, bnodes: 3 };
}

function proofConfigurationQuads(doc: Record<string, unknown>): { quads: Quad[]; bnodes: number } {
  const p = object(doc, ['@context', 'type', 'cryptosuite', 'created', 'verificationMethod', 'proofPurpose']);
  if (!isOb3Context(p['@context'])) notKnown();
  if (p['type'] !== 'DataIntegrityProof' || p['cryptosuite'] !== 'eddsa-rdfc-2022' || p['proofPurpose'] !== 'assertionMethod') notKnown();
  const B = { bnode: 0 };
  return {
    quads: [
      [B, RDF_TYPE, T.DataIntegrityProof],
      [B, P.cryptosuite, CRYPTOSUITE],
      [B, P.created, literal(text(p['created']), XSD_DATE_TIME)],
      [B, P.verificationMethod, iri(p['verificationMethod'])],
      [B, P.proofPurpose, T.assertionMethod],
    ],
    bnodes: 1,
  };
}

/**
 * Canonical N-Quads of an AchievementCredential as credential.ts builds it (without proof), or
 * of its eddsa-rdfc-2022 proof configuration (proofConfiguration() in canonicalize.ts) under
 * the bundled contexts; undefined for any other document.
 */
export function canonicalizeKnownShape(document: object): string | undefined {
  const doc = document as Record<string, unknown>;
  try {
    const { quads, bnodes } = has(doc, 'credentialSubject') ? achievementCredentialQuads(doc) : proofConfigurationQuads(doc);
    return canonicalNQuads(quads, bnodes);
  } catch (err) {
    if (err instanceof NotKnownShape) return undefined;
    throw err;
  }
}
