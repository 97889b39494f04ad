// @unit
// Display names follow the platform's text rule (docs/decisions.md, "Text fields").
import t from 'tap';
import { displayName } from '../src/domain/validation.js';

/** A printable test name (a raw U+2028 would break the TAP stream). */
const label = (s: string) => s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const field = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string; details?: { field?: string } }).details?.field;
  }
  return undefined;
};

t.test('lengths are counted in code points, after trimming', async (t) => {
  const emoji = '\u{1F600}';
  t.equal(displayName(`  ${emoji.repeat(200)}  `, 'name'), emoji.repeat(200), '200 emoji (400 UTF-16 units) is a valid name');
  t.equal(
    field(() => displayName(emoji.repeat(201), 'name')),
    'name',
    '201 emoji is too long',
  );
  t.equal(displayName('Ada Lovelace', 'name'), 'Ada Lovelace');
});

t.test('invisible-only, lone surrogates and control characters are refused', async (t) => {
  for (const bad of ['', '   ', '\u200b\u200b', '\u2060\ufeff', 'Ada\ud800', '\udc00', 'Ada\u0007', 'line\u2028break']) {
    t.equal(
      field(() => displayName(bad, 'name')),
      'name',
      label(bad),
    );
  }
  t.equal(
    field(() => displayName(42, 'name')),
    'name',
    'not a string',
  );
});
