// @unit
// The event payload contract for person names: the same rule the producers validate with
// (DECISIONS.md section 1: trimmed, 1-200 characters, counted in Unicode code points).
import t from 'tap';
import { codePointLength } from '@cred/runtime';
import { clip, ContractError, personName } from '../src/events/event-data.js';

t.test('personName counts code points after trimming', async (t) => {
  const emoji = '\u{1F600}'.repeat(200);
  t.equal(emoji.length, 400, '400 UTF-16 units');
  t.equal(codePointLength(emoji), 200);
  t.equal(personName({ recipientName: emoji }, 'recipientName', 200), emoji, '200 emoji are 200 characters');
  t.equal(personName({ recipientName: `  ${emoji}\n` }, 'recipientName', 200), emoji, 'trimmed before counting');
  t.equal(personName({ recipientName: 'x'.repeat(200) }, 'recipientName', 200), 'x'.repeat(200));
  t.equal(personName({ recipientName: 'Ada' }, 'recipientName'), 'Ada');
  t.throws(() => personName({ recipientName: '\u{1F600}'.repeat(201) }, 'recipientName', 200), ContractError);
  t.throws(() => personName({ recipientName: 'x'.repeat(201) }, 'recipientName', 200), ContractError);
  for (const bad of ['', '   ', undefined, null, 42, {}]) {
    t.throws(() => personName({ recipientName: bad }, 'recipientName', 200), ContractError, JSON.stringify(bad) ?? 'undefined');
  }
});

t.test('clip never splits a surrogate pair', async (t) => {
  t.equal(clip('a' + '\u{1F600}'.repeat(300), 200), 'a' + '\u{1F600}'.repeat(199));
  t.equal(clip('short', 200), 'short');
  t.equal(codePointLength('a\u{1F600}\uD800'), 3, 'a lone surrogate counts as one');
});
