// @unit
// The client's JSON -> BadgeInput / IssueContent (src/upstream/issuance-input.ts): the three
// states of a patch (absent, null, a value) survive the mapping, and a JSON shape that has no
// place in the messages is refused with the API's field name and message.
import t from 'tap';
import { AppError } from '@cred/runtime';
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
  t.same(refusal(() => badgeInput({ slug: null }, 'create')), { field: 'slug', message: 'slug must be a string', details: { field: 'slug' } });
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
        alignments: [{ targetName: 'N', targetUrl: 'https://a.example', targetFramework: null, targetCode: 'X1' }, { targetUrl: 'https://b.example' }],
        resultDescriptions: [{ id, name: 'Grade', resultType: 'LetterGrade', allowedValues: ['A', 'B'], requiredValue: null }],
      },
      'update',
    ),
    {
      alignments: { items: [{ target_name: 'N', target_url: 'https://a.example', target_code: 'X1' }, { target_name: '', target_url: 'https://b.example' }] },
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
    [{ tags: 'a' }, 'tags', 'tags must be an array of strings'],
    [{ isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
    [{ alignments: {} }, 'alignments', 'alignments must be an array'],
    [{ alignments: ['x'] }, 'alignments[0]', 'alignments[0] must be an object'],
    [{ alignments: [{ targetName: 'x', colour: 1 }] }, 'alignments[0].colour', 'Unknown field: alignments[0].colour'],
    [{ alignments: [{ targetName: 1 }] }, 'alignments[0].targetName', 'alignments[0].targetName must be a string'],
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
  t.same(refusal(() => badgeInput({ tags: ['a', 2] }, 'create')).details, { field: 'tags', index: 1 }, 'the index of a tag that is not a string');
});

t.test('issue content: none is undefined; values map; shape faults name the field', async (t) => {
  t.equal(issueContent({}), undefined);
  t.equal(issueContent({ evidence: null, narrative: null, results: null }), undefined);
  t.same(
    issueContent({
      narrative: 'N',
      evidence: [{ url: 'https://e.example', name: null }],
      results: [{ resultDescription: 'urn:uuid:x', status: 'Completed' }],
    }),
    { evidence: [{ url: 'https://e.example' }], results: [{ result_description: 'urn:uuid:x', status: 'Completed' }], narrative: 'N' },
  );
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ narrative: 42 }, 'narrative'],
    [{ evidence: {} }, 'evidence'],
    [{ evidence: [{ link: 'x' }] }, 'evidence[0].link'],
    [{ evidence: [{ url: 1 }] }, 'evidence[0].url'],
    [{ results: [{ value: 'A' }] }, 'results[0].resultDescription'],
    [{ results: [{ resultDescription: 'x', value: 1 }] }, 'results[0].value'],
    [{ results: [{ resultDescription: 'x', status: 1 }] }, 'results[0].status'],
  ];
  for (const [body, field] of cases) t.equal(refusal(() => issueContent(body)).field, field, JSON.stringify(body));
  t.match(refusal(() => issueContent({ results: [{ resultDescription: 'x', status: true }] })).message, /^results\[0\]\.status must be one of Completed, /);
});
