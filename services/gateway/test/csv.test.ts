// @unit
// The CSV cells of downloadable reports: RFC 4180 quoting and the formula-injection guard.
import t from 'tap';
import { csvCell, csvLine } from '../src/http/csv.js';

t.test('cells a spreadsheet would run as a formula start with a single quote', async (t) => {
  for (const [value, cell] of [
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\t=x', "'\t=x"],
    ['\r=x', `"'\r=x"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['a=b', 'a=b'],
    ['ada@example.com', 'ada@example.com'],
  ] as const) {
    t.equal(csvCell(value), cell, JSON.stringify(value));
  }
});

t.test('RFC 4180 quoting; numbers and nulls', async (t) => {
  t.equal(csvCell('Comma, Name'), '"Comma, Name"');
  t.equal(csvCell('say "hi"'), '"say ""hi"""');
  t.equal(csvCell('two\nlines'), '"two\nlines"');
  t.equal(csvCell(null), '');
  t.equal(csvCell(undefined), '');
  t.equal(csvCell(-1), '-1', 'numbers are written by us, not uploaded');
  t.equal(csvLine([1, 'a,b', null, '=x']), `1,"a,b",,'=x\r\n`);
});
