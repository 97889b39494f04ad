// @unit
// Display text taken from events: clipped to a length without splitting a character.
import t from 'tap';
import { codePointLength } from '@cred/runtime';
import { clip } from '../src/events/clip.js';

t.test('clip never splits a surrogate pair', async (t) => {
  t.equal(clip('a' + '\u{1F600}'.repeat(300), 200), 'a' + '\u{1F600}'.repeat(199));
  t.equal(clip('short', 200), 'short');
  t.equal(codePointLength('a\u{1F600}\uD800'), 3, 'a lone surrogate counts as one');
});
