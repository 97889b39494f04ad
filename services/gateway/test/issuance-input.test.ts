// @unit
// The client's JSON -> BadgeInput / IssueContent (src/upstream/issuance-input.ts): the three
// states of a patch (absent, null, a value) survive the mapping, and a JSON shape that has no
// place in the messages is refused, from the body's definition, with the API's field name and message.
import t from 'tap';
import { AppError } from '@cred/runtime';
import { BADGE_WRITABLE_FIELDS } from '@cred/proto/badge-fields';
import { issueBody } from '../src/http/issue-credential.js';
import { BadgeInput } from '../src/openapi/schemas/badges.js';
import { badgeInput, issueContent } from '../src/upstream/issuance-input.js';

function refusal(fn: () => unknown): { field: unknown; message: string; details: Record<string, unknown> } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_ERROR') return { field: err.details.field, message: err.message, details: err.details };
    throw err;
  }
  throw new Error('expected a validation error');
}

t.test('badge create: defaults stay absent, null is "not given" or the client null', async (t) => {
  t.same(badgeInput({ name: 'A', description: 'D', criteria: 'C' }, 'create'), { name: 'A', description: 'D', criteria: 'C' });
  const input = badgeInput(
    { name: null, imageUrl: null, expiresInDays: 30, achievementType: null, tags: [], alignments: null, isActive: false },
    'create',
  );
  t.same(input, { image_url: {}, expires_in_days: { value: 30 }, achievement_type: {}, tags: { values: [] }, is_active: false });
  t.notOk('name' in input, 'a null required field travels as missing (issuance answers "name is required")');
  t.same(refusal(() => badgeInput({ slug: null }, 'create')), {
    field: 'slug',
    message: 'slug must be lower-case letters, digits and single hyphens (e.g. "team-player")',
    details: { field: 'slug' },
  });
  t.same(refusal(() => badgeInput({ isActive: null }, 'create')).message, 'isActive must be true or false', 'null has no "not given" form for isActive');
});

t.test('badge update: absent stays, null clears the nullable fields and is refused elsewhere, lists are replaced', async (t) => {
  t.same(badgeInput({}, 'update'), {});
  t.same(badgeInput({ imageUrl: 'https://x.example/a.png', expiresInDays: null, alignments: [], resultDescriptions: [] }, 'update'), {
    image_url: { value: 'https://x.example/a.png' },
    expires_in_days: {},
    alignments: { items: [] },
    result_descriptions: { items: [] },
  });
  for (const field of ['name', 'slug', 'description', 'criteria', 'tags', 'isActive', 'alignments', 'resultDescriptions']) {
    t.same(refusal(() => badgeInput({ [field]: null }, 'update')).message, `${field} cannot be null`, field);
  }
});

t.test('badge lists map item by item, optional parts left out when null', async (t) => {
  const id = 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e';
  t.same(
    badgeInput(
      {
        alignments: [{ targetName: 'N', targetUrl: 'https://a.example', targetFramework: null, targetCode: 'X1' }, { targetName: 'M', targetUrl: 'https://b.example' }],
        resultDescriptions: [{ id, name: 'Grade', resultType: 'LetterGrade', allowedValues: ['A', 'B'], requiredValue: null }],
      },
      'update',
    ),
    {
      alignments: { items: [{ target_name: 'N', target_url: 'https://a.example', target_code: 'X1' }, { target_name: 'M', target_url: 'https://b.example' }] },
      result_descriptions: { items: [{ id, name: 'Grade', result_type: 'LetterGrade', allowed_values: ['A', 'B'] }] },
    },
  );
});

t.test('badge shape faults name the field with the API messages', async (t) => {
  const cases: Array<[unknown, string, string]> = [
    [[1], 'body', 'The body must be a JSON object'],
    [{ colour: 'red' }, 'colour', 'Unknown field: colour'],
    [{ createdAt: 'x' }, 'createdAt', 'createdAt is read-only'],
    [{ name: 5 }, 'name', 'name must be a string'],
    [{ expiresInDays: '30' }, 'expiresInDays', 'expiresInDays must be an integer from 1 to 36500, or null'],
    [{ expiresInDays: 36501 }, 'expiresInDays', 'expiresInDays must be at most 36500'],
    [{ slug: 'Team Player' }, 'slug', 'slug must be lower-case letters, digits and single hyphens (e.g. "team-player")'],
    [{ name: 'x'.repeat(201) }, 'name', 'name is too long (at most 200 characters)'],
    [{ tags: ['a', 'a'] }, 'tags', 'tags must not repeat an item'],
    [{ tags: ['a', 2] }, 'tags[1]', 'tags[1] must be a string'],
    [{ tags: 'a' }, 'tags', 'tags must be an array of strings'],
    [{ isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
    [{ alignments: {} }, 'alignments', 'alignments must be an array'],
    [{ alignments: ['x'] }, 'alignments[0]', 'alignments[0] must be an object'],
    [{ alignments: [{ targetName: 'x', colour: 1 }] }, 'alignments[0].colour', 'Unknown field: alignments[0].colour'],
    [{ alignments: [{ targetName: 1, targetUrl: 'https://a.example' }] }, 'alignments[0].targetName', 'alignments[0].targetName must be a string'],
    [{ alignments: [{ targetName: 'x' }] }, 'alignments[0].targetUrl', 'alignments[0].targetUrl is required'],
    [
      { resultDescriptions: [{ id: 7, name: 'x', resultType: 'Result' }] },
      'resultDescriptions[0].id',
      'resultDescriptions[0].id must be "urn:uuid:" followed by a lower-case UUID (leave it out for a new one)',
    ],
    [
      { resultDescriptions: [{ name: 'x', resultType: 'Result', allowedValues: ['a', 2] }] },
      'resultDescriptions[0].allowedValues[1]',
      'resultDescriptions[0].allowedValues[1] must be a string',
    ],
  ];
  for (const [body, field, message] of cases) {
    const r = refusal(() => badgeInput(body, 'create'));
    t.same([r.field, r.message], [field, message], JSON.stringify(body));
  }
  t.same(refusal(() => badgeInput({ id: 'x', colour: 'red' }, 'update')).message, 'id is read-only', 'read-only told before unknown');
});

t.test('the writable badge fields are the ones the body definition lists (one list, @cred/proto/badge-fields)', async (t) => {
  t.same(Object.keys(BadgeInput.properties).sort(), [...BADGE_WRITABLE_FIELDS].sort());
});

t.test('issue content: none is undefined; values map; shape faults name the field', async (t) => {
  t.equal(issueContent({}), undefined);
  t.same(
    issueContent({
      narrative: 'N',
      evidence: [{ url: 'https://e.example' }],
      results: [{ resultDescription: 'urn:uuid:x', status: 'Completed' }],
    }),
    { evidence: [{ url: 'https://e.example' }], results: [{ result_description: 'urn:uuid:x', status: 'Completed' }], narrative: 'N' },
  );
  t.same(issueContent({ narrative: 'N' }), { evidence: [], results: [], narrative: 'N' });
  // The shape is checked by the issue body's definition before the mapping (src/http/issue-credential.ts).
  const issue = { badgeId: '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b', recipient: { name: 'Ada', email: 'ada@example.com' } };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ narrative: 42 }, 'narrative'],
    [{ narrative: null }, 'narrative'],
    [{ evidence: {} }, 'evidence'],
    [{ evidence: [{ link: 'x' }] }, 'evidence[0].link'],
    [{ evidence: [{ url: 1 }] }, 'evidence[0].url'],
    [{ results: [{ value: 'A' }] }, 'results[0].resultDescription'],
    [{ results: [{ resultDescription: 'x', value: 1 }] }, 'results[0].value'],
    [{ results: [{ resultDescription: 'x', status: 1 }] }, 'results[0].status'],
  ];
  for (const [content, field] of cases) t.equal(refusal(() => issueBody({ ...issue, ...content })).field, field, JSON.stringify(content));
  t.match(refusal(() => issueBody({ ...issue, results: [{ resultDescription: 'x', status: true }] })).message, /^results\[0\]\.status must be one of Completed, /);
  t.same(issueBody({ ...issue, narrative: 'N' }).content, { evidence: [], results: [], narrative: 'N' });
});
