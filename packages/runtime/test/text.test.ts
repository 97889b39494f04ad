// @unit
import t from 'tap';
import { codePointLength, hasLoneSurrogate, isBlankText } from '../src/text.js';

t.test('codePointLength counts a surrogate pair once and a lone surrogate once', async (t) => {
  t.equal(codePointLength(''), 0);
  t.equal(codePointLength('abc'), 3);
  t.equal(codePointLength('\u{1F600}\u{1F600}'), 2);
  t.equal(codePointLength('a\ud800b'), 3);
  t.equal(codePointLength('\udc00\ud800'), 2, 'a low before a high is two units, not a pair');
  t.equal(codePointLength('x'.repeat(1000) + '\u{1F600}'), [...('x'.repeat(1000) + '\u{1F600}')].length);
});

t.test('isBlankText: whitespace and Default_Ignorable only', async (t) => {
  for (const blank of [
    '',
    ' \t\n',
    '\u200b\u200c\u200d',
    '\u2060\ufeff',
    '\u200e\u200f',
    '\ufe0f',
    '\u2800\u2800',
    '\u0301\u0301',
    '\u3164',
    ' \u20dd ',
  ])
    t.ok(isBlankText(blank), JSON.stringify(blank));
  for (const text of ['a', ' a ', '\u200ba', '\u{1F600}', 'e\u0301', '\u2801', 'Zoë']) t.notOk(isBlankText(text), JSON.stringify(text));
});

t.test('hasLoneSurrogate', async (t) => {
  t.ok(hasLoneSurrogate('a\ud800'));
  t.ok(hasLoneSurrogate('\udc00b'));
  t.notOk(hasLoneSurrogate('\u{1F600}'));
  t.notOk(hasLoneSurrogate('plain'));
});
