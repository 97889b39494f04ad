// @unit
// The event contracts: producers cannot write an event that breaks its schema, consumers read
// what producers write (normalized), refuse what breaks it, and docs/events.md's catalogue is
// the one generated from the schemas.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createEvent } from '@cred/events';
import { describeCatalog, EVENT_CATALOG, EventContractError, newEvent, readEvent } from '@cred/event-contracts';
import { withCatalogue } from '../../../scripts/events-doc.js';

const organizationId = randomUUID();
const credentialUuid = randomUUID();

function issued(overrides: Record<string, unknown> = {}) {
  return {
    credentialId: 'CRD-0123456789AB',
    credentialUuid,
    badgeId: randomUUID(),
    organizationId,
    recipientEmail: 'ada@example.com',
    organizationSlug: 'acme',
    recipientName: 'Ada Lovelace',
    issuanceDate: '2031-03-04T05:06:07.000Z',
    expirationDate: null,
    status: 'pending' as const,
    isPublic: true,
    supersedesCredentialId: null,
    ob3Credential: { id: `urn:uuid:${credentialUuid}` },
    ...overrides,
  };
}

t.test('newEvent: a valid event gets its type, version and producer; a broken one is refused', async (t) => {
  const e = newEvent('credential.issued', issued(), { producer: 'issuance' });
  t.equal(e.type, 'credential.issued');
  t.equal(e.version, 1);
  t.equal(e.producer, 'issuance');
  t.match(e.id, /^evt_/);
  t.throws(() => newEvent('credential.issued', issued({ credentialUuid: 'not-a-uuid' }), { producer: 'issuance' }), {
    name: 'EventContractError',
    message: /credential\.issued: data\.credentialUuid must be a UUID/,
  });
  t.throws(
    () => newEvent('credential.issued', issued({ status: 'valid' as unknown as 'pending' }), { producer: 'issuance' }),
    EventContractError,
    'a first issue is pending',
  );
  const { ob3Credential: _omit, ...withoutPayload } = issued();
  t.throws(() => newEvent('credential.issued', withoutPayload as ReturnType<typeof issued>, { producer: 'issuance' }), /data\.ob3Credential/);
  t.throws(
    () => newEvent('credential.renewed', { ...issued(), supersedesCredentialId: randomUUID() } as never, { producer: 'issuance' }),
    /supersedesCredentialShortId|priorStatus/,
    'a renewal names its prior and what became of it',
  );
});

t.test('readEvent: normalizes, and refuses other types, other versions and broken data', async (t) => {
  const upper = credentialUuid.toUpperCase();
  const event = createEvent({ type: 'credential.issued', producer: 'issuance', data: issued({ credentialUuid: upper, recipientName: '  Ada  ' }) });
  const d = readEvent(event, 'credential.issued', 'credential.renewed');
  t.equal(d.credentialUuid, credentialUuid, 'UUIDs are read lower-cased');
  t.equal(d.recipientName, 'Ada', 'names are read trimmed');
  t.throws(() => readEvent(event, 'credential.revoked'), /not a type this consumer handles/);
  t.throws(() => readEvent({ ...event, version: 2 }, 'credential.issued'), /unsupported version 2/);
  t.throws(() => readEvent({ ...event, data: [] }, 'credential.issued'), EventContractError);
  t.throws(() => readEvent({ ...event, data: issued({ isPublic: 'yes' }) }, 'credential.issued'), /data\.isPublic/);
  t.throws(() => readEvent({ ...event, type: 'credential.unknown' }, 'credential.issued'), EventContractError);
});

t.test('person names: 1-200 code points after trimming, as issuance counts them', async (t) => {
  const read = (recipientName: unknown) =>
    readEvent(createEvent({ type: 'credential.issued', producer: 'issuance', data: issued({ recipientName }) }), 'credential.issued').recipientName;
  const emoji = '\u{1F600}'.repeat(200);
  t.equal(emoji.length, 400, '400 UTF-16 units');
  t.equal(read(emoji), emoji, '200 emoji are 200 characters');
  t.equal(read(`  ${emoji}\n`), emoji, 'trimmed before counting');
  t.equal(read('x'.repeat(200)), 'x'.repeat(200));
  t.throws(() => read('\u{1F600}'.repeat(201)), EventContractError);
  t.throws(() => read('x'.repeat(201)), EventContractError);
  for (const bad of ['', '   ', undefined, null, 42, {}]) t.throws(() => read(bad), EventContractError, JSON.stringify(bad) ?? 'undefined');
});

t.test('fields added to v1 later are optional: an older badge event still reads', async (t) => {
  const badge = {
    id: randomUUID(),
    organizationId,
    organizationSlug: 'acme',
    slug: 'teamwork',
    name: 'Teamwork',
    description: '',
    criteria: 'Peer nominated.',
    imageUrl: null,
    expiresInDays: null,
    tags: [],
    isActive: true,
    createdAt: '2030-01-01T00:00:00.000Z',
  };
  const d = readEvent(createEvent({ type: 'issuance.badge.upserted', producer: 'issuance', data: { badge } }), 'issuance.badge.upserted');
  t.equal(d.badge.alignments, undefined, 'no alignments: none');
  t.equal(d.badge.updatedAt, undefined);
});

t.test('the catalogue describes every type, and docs/events.md is generated from it', async (t) => {
  const rows = describeCatalog();
  t.same(
    rows.map((r) => r.type),
    Object.keys(EVENT_CATALOG),
  );
  for (const r of rows) {
    t.ok(r.fields.length > 0, `${r.type} lists its fields`);
    t.ok(r.summary.length > 0, `${r.type} says when it happens`);
  }
  const issuedRow = rows.find((r) => r.type === 'credential.issued')!;
  t.match(issuedRow.fields, /expirationDate\\\|null/, 'nullable fields are marked');
  const doc = readFileSync(new URL('../../../docs/events.md', import.meta.url), 'utf8');
  t.equal(withCatalogue(doc), doc, 'docs/events.md is current (run `pnpm events:doc` after changing a schema)');
});
