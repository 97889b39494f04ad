// @unit
// The bulk-issuance CSV, as pure functions: RFC 4180 records, the recipients file (header,
// limits, encoding) and the per-row checks.
import t from 'tap';
import { AppError } from '@cred/runtime';
import { checkRecipientRecord, CsvSyntaxError, parseCsvRecords, parseRecipientsCsv, type RecipientRecord } from '../src/domain/csv.js';

const fields = (text: string) => parseCsvRecords(text).map((r) => r.fields);
const bytes = (text: string) => Buffer.from(text, 'utf8');
const rows = (text: string, limits?: { maxBytes?: number; maxRows?: number }) => parseRecipientsCsv(bytes(text), limits);

function rejected(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

t.test('RFC 4180 records', async (t) => {
  t.same(
    fields('a,b\r\nc,d\r\n'),
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
    'CRLF, final line break starts no record',
  );
  t.same(
    fields('a,b\nc,d'),
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
    'LF, no final line break',
  );
  t.same(
    fields('a,b\rc,d\r'),
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
    'lone CR',
  );
  t.same(fields('"a,1","b ""q"" c"\n'), [['a,1', 'b "q" c']], 'quoted commas and doubled quotes');
  t.same(fields('"line 1\r\nline 2",x\n'), [['line 1\r\nline 2', 'x']], 'a line break inside quotes belongs to the field');
  t.same(fields('"",""\n'), [['', '']], 'empty quoted fields');
  t.same(fields('a,,\n'), [['a', '', '']], 'empty fields, a trailing comma opens one more');
  t.same(fields(' a , b \n'), [[' a ', ' b ']], 'spaces are data (not trimmed by the parser)');
  t.same(fields('Dwayne "The Rock" Johnson,x\n'), [['Dwayne "The Rock" Johnson', 'x']], 'a quote inside an unquoted field is kept');
  t.same(fields('\n\na\n'), [[''], [''], ['a']], 'empty lines are records of one empty field');
  t.same(fields(''), [], 'nothing');
  t.same(fields('"é",日本\n'), [['é', '日本']], 'non-ASCII text');

  const lines = parseCsvRecords('h\n"multi\nline",x\nnext\n');
  t.same(
    lines.map((r) => r.line),
    [1, 2, 4],
    'records know the physical line they start on',
  );
  const wide = parseCsvRecords(`${','.repeat(200)}\n`, 8)[0]!;
  t.equal(wide.fieldCount, 201);
  t.equal(wide.fields.length, 8, 'only maxFields fields are kept');

  const unterminated = t.throws(() => parseCsvRecords('a,b\n"open,x\ny,z\n'));
  t.ok(unterminated instanceof CsvSyntaxError);
  t.equal((unterminated as CsvSyntaxError).line, 2, 'an unclosed quote is reported on the line it opened');
  const trailing = t.throws(() => parseCsvRecords('a,b\n"x"y,z\n'));
  t.match((trailing as CsvSyntaxError).message, /after a closing quote.*line 2/);
  const laterTrailing = t.throws(() => parseCsvRecords('a,b\nDwayne "The Rock" Johnson,x\n\n"multi\nline",y\n"x" ,z\n'));
  t.match(
    (laterTrailing as CsvSyntaxError).message,
    /after a closing quote.*line 6/,
    'a kept inner quote earlier does not hide a later error',
  );
  const afterEmpty = t.throws(() => parseCsvRecords('a\n\n\n"open\nmore'));
  t.equal((afterEmpty as CsvSyntaxError).line, 4, 'the line of an unclosed quote counts the empty lines before it');
  t.same(fields('a\r\nb\nc\rd'), [['a'], ['b'], ['c'], ['d']], 'line endings mixed in one text');
});

t.test('the recipients file', async (t) => {
  t.same(rows('name,email\nAda,ada@example.com\n'), [{ row: 1, fields: ['Ada', 'ada@example.com'], fieldCount: 2 }]);
  t.equal(rows('\uFEFFname,email\r\nAda,ada@example.com\r\n').length, 1, 'a UTF-8 BOM is dropped');
  t.equal(rows(' Name , EMAIL \nAda,ada@example.com').length, 1, 'header trimmed and case-insensitive');
  t.equal(rows('"name","email"\nAda,ada@example.com').length, 1, 'quoted header');

  const numbered = rows('name,email\nA,a@example.com\n\n , \nB,b@example.com\n\n');
  t.same(
    numbered.map((r) => r.row),
    [1, 4],
    'blank records are skipped but keep their number (row N = spreadsheet line N+1)',
  );
  t.same(
    rows('name,email\n"Multi\nLine",x\nB,b@example.com').map((r) => r.row),
    [1, 2],
    'row numbers count records, not lines',
  );
  t.same(
    rows('name,email\nA,a@example.com\n,,\n, ,\r\n,\n').map((r) => r.fieldCount),
    [2],
    "trailing lines of only commas (a spreadsheet's formatted empty rows) are blank",
  );
  t.same(rows('name,email\nA,\n,\n')[0]!.fields, ['A', ''], 'the last row keeps its trailing comma');
  t.same(
    rows('name,email\n\nA,a@example.com\n\n"B ""Q""",b@example.com').map((r) => [r.row, r.fields[0]]),
    [
      [2, 'A'],
      [4, 'B "Q"'],
    ],
    'skipped empty lines keep their number',
  );
  t.match(rejected(() => rows('\nname,email\nA,a@example.com')).message, /header name,email/, 'the header must be the first line');
  t.same(rows('name,email\nA,b,c\nD\n')[0]!.fieldCount, 3, 'a row with extra columns is kept (it becomes invalid, not a rejected file)');

  for (const [text, what] of [
    ['', 'empty file'],
    ['\n\n', 'only blank lines'],
    ['email,name\nA,a@example.com', 'columns swapped'],
    ['name,email,phone\nA,a@example.com,1', 'an extra column'],
    ['name\nA', 'a missing column'],
    ['Ada,ada@example.com\nB,b@example.com', 'no header'],
  ] as const) {
    const e = rejected(() => rows(text));
    t.equal(e.code, 'VALIDATION_ERROR', what);
    t.equal(e.details.field, 'file', what);
    t.match(e.message, /header name,email/, what);
  }
  const empty = rejected(() => rows('name,email\n\n\n'));
  t.match(empty.message, /no rows/);

  const broken = rejected(() => rows('name,email\nA,"a@example.com\n'));
  t.equal(broken.details.field, 'file');
  t.equal(broken.details.line, 2);
  t.match(broken.message, /not valid CSV/);

  const nul = rejected(() => parseRecipientsCsv(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x00, 0x2c])));
  t.equal(nul.details.field, 'file');
  t.match(nul.message, /NUL/);
  const xlsx = rejected(() => parseRecipientsCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])));
  t.match(xlsx.message, /NUL|UTF-8/, 'a spreadsheet (zip) is not a CSV');
  const latin1 = rejected(() => parseRecipientsCsv(Buffer.from('name,email\nJos\xe9,j@example.com\n', 'latin1')));
  t.match(latin1.message, /UTF-8/);
  const utf16 = rejected(() => parseRecipientsCsv(Buffer.from('\uFEFFname,email\n', 'utf16le')));
  t.equal(utf16.details.field, 'file', 'UTF-16 has NUL bytes');
});

t.test('limits: 10,000 rows and 5 MiB', async (t) => {
  const body = (n: number) => `name,email\n${Array.from({ length: n }, (_, i) => `R ${i},r${i}@example.com`).join('\n')}\n`;
  t.equal(rows(body(10_000)).length, 10_000, 'exactly 10,000 rows pass');
  const over = rejected(() => rows(body(10_001)));
  t.equal(over.code, 'VALIDATION_ERROR');
  t.equal(over.details.field, 'file');
  t.match(over.message, /more than 10,000 rows/);
  t.equal(rows(`${body(3)}${'\n'.repeat(20_000)}`).length, 3, 'blank lines do not count');
  t.equal(rows(`${body(3)}${',\n'.repeat(200_000)}`).length, 3, 'nor do trailing lines of commas, however many');
  const commaLines = rejected(() => rows(`name,email\nA,a@example.com\n${',\n'.repeat(100_000)}B,b@example.com\n`));
  t.equal(commaLines.details.field, 'file');
  t.equal(commaLines.details.maxRecords, 100_000);
  t.match(
    commaLines.message,
    /more than 100,000 lines with content/,
    'blank lines of commas inside the file are bounded (ten per allowed row)',
  );
  t.equal(rows(`name,email\nA,a@example.com\n${',\n'.repeat(99_997)}B,b@example.com\n`).length, 2, 'up to that bound they are skipped');

  t.equal(rows(body(3), { maxRows: 3 }).length, 3);
  t.equal(rejected(() => rows(body(4), { maxRows: 3 })).details.maxRows, 3);

  const big = rejected(() => parseRecipientsCsv(Buffer.alloc(5 * 1024 * 1024 + 1, 0x61)));
  t.equal(big.code, 'PAYLOAD_TOO_LARGE');
  t.equal(big.details.field, 'file');
  t.equal(big.details.limitBytes, 5 * 1024 * 1024);
  const atLimit = Buffer.from(`name,email\nA,a@example.com\n${' '.repeat(5 * 1024 * 1024 - 27)}`);
  t.equal(atLimit.length, 5 * 1024 * 1024);
  t.equal(parseRecipientsCsv(atLimit).length, 1, '5 MiB exactly is accepted');

  const pathological = parseRecipientsCsv(Buffer.from(`name,email\nA,a@example.com\n${','.repeat(4 * 1024 * 1024)}\nB,b@example.com\n`));
  t.equal(pathological[1]!.fieldCount, 4 * 1024 * 1024 + 1, 'a line of four million commas is one record');
  t.equal(pathological[1]!.fields.length, 64, 'of which only the first 64 fields are kept');
});

t.test('row checks: the single-issue rules, with the CSV column names', async (t) => {
  const check = (row: number, f: string[]) => checkRecipientRecord({ row, fields: f, fieldCount: f.length } as RecipientRecord);
  t.same(
    check(1, ['  Ada Lovelace ', ' Ada@Example.COM ']),
    { row: 1, name: 'Ada Lovelace', email: 'ada@example.com', invalidReason: null },
    'trimmed, e-mail lower-cased',
  );
  t.same(check(2, ['Ada', 'not-an-email']), {
    row: 2,
    name: 'Ada',
    email: 'not-an-email',
    invalidReason: 'email must be a valid e-mail address',
  });
  t.match(check(3, ['', 'a@example.com']).invalidReason, /^name is required$/);
  t.match(check(4, ['x'.repeat(201), 'a@example.com']).invalidReason, /name must be at most 200 characters/);
  t.match(check(5, ['tab\there', 'a@example.com']).invalidReason, /control characters/);
  t.same(check(6, ['', '']).invalidReason, 'name is required; email is required', 'every problem of the row is named');
  t.match(check(7, ['A', `${'a'.repeat(60)}@${'b'.repeat(190)}.com`]).invalidReason, /at most 254/);
  const extra = check(8, ['A', 'a@example.com', 'surplus']);
  t.same(extra, { row: 8, name: 'A', email: 'a@example.com', invalidReason: 'Expected 2 fields (name,email), found 3' });
  t.same(check(9, ['only-one']).invalidReason, 'Expected 2 fields (name,email), found 1');
  // The same name rule as a single issue (checkRecipientName): code points, invisible-only, lone surrogates.
  const emoji200 = '\u{1F600}'.repeat(200);
  t.equal(check(11, [emoji200, 'a@example.com']).invalidReason, null, '200 emoji are 200 characters');
  t.match(check(12, [emoji200 + 'x', 'a@example.com']).invalidReason, /name must be at most 200 characters/);
  t.match(check(13, ['\u200B\u200C\u200D\u2060\uFEFF', 'a@example.com']).invalidReason, /^name is required$/);
  t.match(check(14, ['Ada \uD800', 'a@example.com']).invalidReason, /^name is not valid Unicode text$/);
  t.match(check(15, ['Ada \uFFFD', 'a@example.com']).invalidReason, /^name is not valid Unicode text$/);
  const long = check(10, ['A', `${'x'.repeat(5000)}`]);
  t.equal(long.email.length, 320, 'an invalid value is kept only as far as it is useful to show');
});
