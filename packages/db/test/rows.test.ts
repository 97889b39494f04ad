// @unit
// rowCodec: a store lists its fields once; the columns, the row written and the object read
// follow, and a list missing a field does not compile.
import t from 'tap';
import { rowCodec, snakeCase, type RowOf } from '../src/rows.js';

interface Thing {
  id: string;
  organizationId: string;
  publicKeyMultibase: string;
  createdAt: Date;
  revokedAt: Date | null;
  tags: string[];
  alignments: { targetName: string }[] | null;
}

const things = rowCodec<Thing>()(['id', 'organizationId', 'publicKeyMultibase', 'createdAt', 'revokedAt', 'tags', 'alignments'], {
  json: ['tags', 'alignments'],
});

// @ts-expect-error a list that misses a field (revokedAt...) is refused by the type checker
rowCodec<Thing>()(['id', 'organizationId']);

t.test('snakeCase: each capital starts a new lower-case word', async (t) => {
  t.equal(snakeCase('id'), 'id');
  t.equal(snakeCase('organizationId'), 'organization_id');
  t.equal(snakeCase('publicKeyMultibase'), 'public_key_multibase');
  t.equal(snakeCase('ob3Json'), 'ob3_json', 'digits stay where they are');
});

t.test('columns, toRow and fromRow', async (t) => {
  t.same(things.columns, ['id', 'organization_id', 'public_key_multibase', 'created_at', 'revoked_at', 'tags', 'alignments']);
  const createdAt = new Date('2026-01-02T03:04:05Z');
  const thing: Thing = {
    id: 'a',
    organizationId: 'o',
    publicKeyMultibase: 'z6Mk',
    createdAt,
    revokedAt: null,
    tags: ['x', 'y'],
    alignments: null,
  };
  const row: RowOf<Thing> = things.toRow(thing);
  t.same(
    row,
    {
      id: 'a',
      organization_id: 'o',
      public_key_multibase: 'z6Mk',
      created_at: createdAt,
      revoked_at: null,
      tags: '["x","y"]',
      alignments: null,
    },
    'JSON fields as JSON text (a null stays null); dates as they are',
  );
  // As PostgreSQL answers: jsonb parsed, and a bookkeeping column that is no field.
  const read = things.fromRow({ ...row, tags: ['x', 'y'], event_at: new Date() } as RowOf<Thing>);
  t.same(read, thing, 'the object read back');
  t.notOk('event_at' in read || 'eventAt' in read, 'columns that are no field are left out');
});

t.test('toPatch: only the fields given', async (t) => {
  t.same(things.toPatch({ revokedAt: null, tags: ['z'] }), { revoked_at: null, tags: '["z"]' }, 'null is a value; JSON as text');
  t.same(things.toPatch({ organizationId: undefined }), {}, 'undefined is not set');
});
