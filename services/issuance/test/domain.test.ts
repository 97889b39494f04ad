// @unit
import t from 'tap';
import { AppError } from '@cred/runtime';
import { slugify, nextFreeSlug, validateBadgeCreate, validateBadgePatch } from '../src/domain/badge.js';
import {
  checkEmail,
  effectiveStatus,
  expirationFor,
  issuanceInstant,
  newCredentialId,
  validateIssueInput,
  CREDENTIAL_ID_RE,
} from '../src/domain/credential.js';
import { checkImage, sniffImage, svgProblem } from '../src/domain/image.js';
import { checkPage } from '../src/domain/page.js';

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_ERROR') return String(err.details.field);
    throw err;
  }
  return undefined;
}

const base = { name: 'Team Player', description: 'Works well.', criteria: 'Peer nominated.' };

t.test('badge create validation', async (t) => {
  const ok = validateBadgeCreate({ ...base, name: '  Team Player  ', tags: [' a ', 'b'] });
  t.same(ok, {
    name: 'Team Player',
    slug: undefined,
    description: 'Works well.',
    criteria: 'Peer nominated.',
    imageUrl: null,
    expiresInDays: null,
    tags: ['a', 'b'],
    isActive: true,
    achievementType: null,
    alignments: [],
    resultDescriptions: [],
  });
  t.equal(
    fieldOf(() => validateBadgeCreate({ description: 'x', criteria: 'y' })),
    'name',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, name: '   ' })),
    'name',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, name: 'x'.repeat(201) })),
    'name',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, name: 'bad\u0007bell' })),
    'name',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, name: 'line\nbreak' })),
    'name',
    'single-line field refuses newlines',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, name: 'lone \ud800 surrogate' })),
    'name',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, name: 42 })),
    'name',
  );
  t.notOk(
    fieldOf(() => validateBadgeCreate({ ...base, description: 'two\nlines\tok' })),
    'multi-line field keeps newlines and tabs',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, description: 'nul\u0000' })),
    'description',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, criteria: '' })),
    'criteria',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, slug: 'Bad Slug' })),
    'slug',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, slug: '-x' })),
    'slug',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, expiresInDays: 0 })),
    'expiresInDays',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, expiresInDays: 36501 })),
    'expiresInDays',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, expiresInDays: 1.5 })),
    'expiresInDays',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, expiresInDays: '30' })),
    'expiresInDays',
  );
  t.equal(validateBadgeCreate({ ...base, expiresInDays: 36500 }).expiresInDays, 36500);
  t.equal(validateBadgeCreate({ ...base, expiresInDays: null }).expiresInDays, null);
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, tags: 'a' })),
    'tags',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, tags: ['a', 3] })),
    'tags',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, tags: ['a', 'a'] })),
    'tags',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })),
    'tags',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, imageUrl: 'javascript:alert(1)' })),
    'imageUrl',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, imageUrl: 'https://user:pw@example.com/x.png' })),
    'imageUrl',
  );
  t.equal(validateBadgeCreate({ ...base, imageUrl: 'https://cdn.example.com/b.png' }).imageUrl, 'https://cdn.example.com/b.png');
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, isActive: 'yes' })),
    'isActive',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, color: 'red' })),
    'color',
    'unknown field',
  );
  t.equal(
    fieldOf(() => validateBadgeCreate({ ...base, publicUrl: 'x' })),
    'publicUrl',
    'read-only field',
  );
});

t.test('badge patch validation', async (t) => {
  t.same(validateBadgePatch({}), {});
  t.same(validateBadgePatch({ expiresInDays: null, imageUrl: null }), { expiresInDays: null, imageUrl: null });
  t.equal(
    fieldOf(() => validateBadgePatch({ name: null })),
    'name',
  );
  t.equal(
    fieldOf(() => validateBadgePatch({ tags: null })),
    'tags',
  );
  t.same(validateBadgePatch({ isActive: false }), { isActive: false });
});

t.test('slugs', async (t) => {
  t.equal(slugify('Teamwork & Co.'), 'teamwork-co');
  t.equal(slugify('  Ærøskøbing Café Über '), 'aeroskobing-cafe-uber');
  t.equal(slugify('!!!'), 'badge');
  t.ok(slugify('x'.repeat(300)).length <= 80);
  t.equal(nextFreeSlug('a', new Set()), 'a');
  t.equal(nextFreeSlug('a', new Set(['a', 'a-2'])), 'a-3');
});

t.test('page validation (no clamping)', async (t) => {
  t.same(checkPage(1, 0), { limit: 1, offset: 0 });
  t.equal(
    fieldOf(() => checkPage(0, 0)),
    'limit',
  );
  t.equal(
    fieldOf(() => checkPage(101, 0)),
    'limit',
  );
  t.equal(
    fieldOf(() => checkPage(10, -1)),
    'offset',
  );
});

t.test('issue input and credential rules', async (t) => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  t.same(validateIssueInput({ badgeId: id.toUpperCase(), recipientName: '  Ada ', recipientEmail: ' Ada@Example.COM ' }), {
    badgeId: id,
    recipientName: 'Ada',
    recipientEmail: 'ada@example.com',
    content: { evidence: [], narrative: null, results: [] },
  });
  t.equal(
    fieldOf(() => validateIssueInput({ badgeId: '', recipientName: 'A', recipientEmail: 'a@b.co' })),
    'badgeId',
  );
  t.equal(
    fieldOf(() => validateIssueInput({ badgeId: 'nope', recipientName: 'A', recipientEmail: 'a@b.co' })),
    'badgeId',
  );
  t.equal(
    fieldOf(() => validateIssueInput({ badgeId: id, recipientName: ' ', recipientEmail: 'a@b.co' })),
    'recipient.name',
  );
  t.equal(
    fieldOf(() => validateIssueInput({ badgeId: id, recipientName: 'x'.repeat(201), recipientEmail: 'a@b.co' })),
    'recipient.name',
  );
  t.equal(
    fieldOf(() => validateIssueInput({ badgeId: id, recipientName: 'A\u0085', recipientEmail: 'a@b.co' })),
    'recipient.name',
  );
  // docs/contract.md "Requests and bodies": 1-200 characters = Unicode code points after trimming.
  const emoji200 = '\u{1F600}'.repeat(200);
  t.equal(
    validateIssueInput({ badgeId: id, recipientName: ` ${emoji200} `, recipientEmail: 'a@b.co' }).recipientName,
    emoji200,
    '200 emoji',
  );
  t.equal(
    fieldOf(() => validateIssueInput({ badgeId: id, recipientName: emoji200 + 'x', recipientEmail: 'a@b.co' })),
    'recipient.name',
    '201 code points',
  );
  const family = 'Ada \u{1F469}\u200D\u{1F4BB} Lovelace\uFE0F';
  t.equal(
    validateIssueInput({ badgeId: id, recipientName: family, recipientEmail: 'a@b.co' }).recipientName,
    family,
    'joiners inside a name are kept',
  );
  for (const blank of [
    '\u200B',
    '\u200C',
    '\u200D',
    '\u2060',
    '\uFEFF',
    ' \u200B\u200C\u200D\u2060\uFEFF ',
    '\u200B \u00A0\u2060\n',
    '\u200E\u202E\uFE0F',
  ]) {
    t.equal(
      fieldOf(() => validateIssueInput({ badgeId: id, recipientName: blank, recipientEmail: 'a@b.co' })),
      'recipient.name',
      `invisible only: ${JSON.stringify(blank)}`,
    );
  }
  for (const broken of ['\uD800', 'Ada \uDC00', 'A\uD83D', '\uDE00B', 'Ada\uFFFD']) {
    t.equal(
      fieldOf(() => validateIssueInput({ badgeId: id, recipientName: broken, recipientEmail: 'a@b.co' })),
      'recipient.name',
      `not valid Unicode: ${JSON.stringify(broken)}`,
    );
  }
  for (const bad of ['plain', 'a@b', '@b.co', 'a@@b.co', 'a b@c.co', 'a..b@c.co', `${'x'.repeat(65)}@b.co`, `a@${'b'.repeat(250)}.co`]) {
    t.equal(
      fieldOf(() => checkEmail(bad, 'recipient.email')),
      'recipient.email',
      bad,
    );
  }
  t.equal(checkEmail("o'Brien+tag@Sub.Example.org", 'e'), "o'brien+tag@sub.example.org");
  t.match(newCredentialId(), CREDENTIAL_ID_RE);
  const at = issuanceInstant(new Date('2026-01-02T03:04:05.678Z'));
  t.equal(at.toISOString(), '2026-01-02T03:04:05.000Z');
  t.equal(expirationFor(at, null), null);
  t.equal(expirationFor(at, 30)!.toISOString(), '2026-02-01T03:04:05.000Z');
  const exp = new Date('2026-02-01T00:00:00Z');
  t.equal(effectiveStatus({ status: 'pending', expirationDate: exp, revokedAt: null }, new Date('2026-01-31T23:59:59Z')), 'pending');
  t.equal(effectiveStatus({ status: 'pending', expirationDate: exp, revokedAt: null }, exp), 'expired');
  t.equal(effectiveStatus({ status: 'revoked', expirationDate: exp, revokedAt: exp }, new Date('2030-01-01Z')), 'revoked');
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(20)]);
function webp(): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8 ', 8, 'latin1');
  return b;
}
const svg = (body: string, attrs = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${body}</svg>`);

t.test('image sniffing ignores names and declared types', async (t) => {
  t.equal(sniffImage(PNG), 'png');
  t.equal(sniffImage(JPEG), 'jpg');
  t.equal(sniffImage(webp()), 'webp');
  t.equal(sniffImage(svg('<rect width="1" height="1"/>')), 'svg');
  t.equal(sniffImage(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')), 'svg');
  t.equal(sniffImage(Buffer.from('GIF89a......')), undefined);
  t.equal(sniffImage(Buffer.from('<html><script>alert(1)</script></html>')), undefined);
  t.equal(sniffImage(PNG.subarray(0, 10)), undefined, 'truncated PNG');
  t.equal(checkImage(PNG).contentType, 'image/png');
  t.match(checkImage(PNG).contentHash, /^[0-9a-f]{64}$/);
  t.throws(() => checkImage(Buffer.alloc(0)), { code: 'VALIDATION_ERROR' });
  t.throws(() => checkImage(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])), { code: 'PAYLOAD_TOO_LARGE' });
  t.throws(() => checkImage(Buffer.from('hello')), { code: 'VALIDATION_ERROR', details: { field: 'image' } });
});

t.test('SVG sniffing is linear: adversarial prologs are classified, not backtracked through', async (t) => {
  // Each of these took exponential time with the former regular expression (each "<!---->" doubled
  // the work); at these sizes it would never finish within the test timeout.
  const sniff = (text: string) => sniffImage(Buffer.from(text));
  t.equal(sniff('<!---->'.repeat(585) + 'x'), undefined, '585 empty comments then text');
  t.equal(sniff('<!---->'.repeat(584) + '<svg>'), 'svg', '584 empty comments then <svg> (inside the 4 KiB window)');
  t.equal(sniff('<!---->'.repeat(585) + '<svg>'), undefined, 'the <svg> is cut off by the 4 KiB window');
  t.equal(sniff('<!-- -->\n'.repeat(455) + '-->x'), undefined, 'comments then a stray -->');
  t.equal(sniff('<!-- a -->'.repeat(300) + '<!DOCTYPE svg>' + '<!--x-->'.repeat(100) + '<svg/>'), 'svg');
  t.equal(sniff('<!-- a -->'.repeat(300) + '<!DOCTYPE svg>' + '<!--x-->'.repeat(100) + '<html>'), undefined);
  t.equal(sniff('<!--'.repeat(1024)), undefined, '<!-- without an end');
  t.equal(sniff('<!--'.repeat(1000) + '--><svg>'), 'svg', 'one comment that ends at the first -->');
  t.equal(sniff('<!--' + '-'.repeat(4000) + 'x'), undefined);
  t.equal(sniff('<?xml ?>'.repeat(512)), undefined, 'repeated XML declarations');
  t.equal(sniff('<?xml ?>' + ' '.repeat(4000) + '<svg>'), 'svg');
  t.equal(sniff('<?xml' + '?'.repeat(4000)), undefined, 'an XML declaration without an end');
  t.equal(sniff('<!DOCTYPE'.repeat(455)), undefined, 'repeated DOCTYPE without an end');
  t.equal(sniff('<!DOCTYPE x>'.repeat(340) + '<svg>'), undefined, 'only one DOCTYPE');
  t.equal(sniff(' '.repeat(4090) + '<svg>'), 'svg', 'long whitespace run');
  t.equal(sniff(' \t\r\n\u00a0'.repeat(2000) + '<svg>'), undefined, 'whitespace beyond the window');
  t.equal(sniff('<!---->\u00a0\n'.repeat(400) + '<s:svg xmlns:s="http://www.w3.org/2000/svg"/>'), 'svg');
  t.equal(sniff('<!----> '.repeat(511) + '<svgx>'), undefined);
  t.equal(sniff('<' + 'a'.repeat(4000) + ':svg>'), 'svg', 'a long prefix');
  t.equal(sniff('<' + 'a'.repeat(4000) + ':svx>'), undefined);
  t.equal(sniff('<!---->'.repeat(300_000) + '<svg>'), undefined, 'a 2 MiB run of comments only reads the window');
  t.throws(() => checkImage(Buffer.from('<!---->'.repeat(585) + 'x')), { code: 'VALIDATION_ERROR', details: { field: 'image' } });
});

t.test('SVG sniffing keeps the prolog grammar', async (t) => {
  const sniff = (text: string) => sniffImage(Buffer.from(text));
  t.equal(
    sniff(
      '\uFEFF  <?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<!-- x --><svg\n xmlns="http://www.w3.org/2000/svg"/>',
    ),
    'svg',
  );
  t.equal(sniff('<?xml?><svg>'), 'svg');
  t.equal(sniff('<?xml><svg>'), undefined, 'a declaration must end with ?>');
  t.equal(sniff('<!--><svg>'), undefined, '"<!-->" does not close the comment it opens');
  t.equal(sniff('<!---->'), undefined);
  t.equal(sniff('<svg:svg>'), 'svg');
  t.equal(sniff('<svg/>'), 'svg');
  t.equal(sniff('<svg'), undefined);
  t.equal(sniff('<:svg>'), undefined);
  t.equal(sniff('<svgx>'), undefined);
  t.equal(sniff('<!-- a --><?xml version="1.0"?><svg>'), undefined, 'the XML declaration comes first');
  t.equal(sniff('<!DOCTYPE svg [<!ENTITY x "y">]><svg>'), undefined, 'an internal subset is not a prolog we accept');
  t.equal(sniff('x<svg>'), undefined);
});

t.test('SVG: safe documents pass', async (t) => {
  t.equal(svgProblem(svg('<title>T &amp; C</title><g fill="url(#grad)"><circle cx="5" cy="5" r="4"/></g>')), undefined);
  t.equal(
    svgProblem(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><use xlink:href="#g"/>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    ),
    undefined,
  );
  t.equal(svgProblem(svg('<style><![CDATA[ .a { fill: red } ]]></style><rect class="a" style="fill:url(#x)"/>')), undefined);
  t.equal(svgProblem(svg('<image href="data:image/png;base64,iVBORw0KGgo="/>')), undefined);
  t.equal(
    svgProblem(
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><inkscape:grid/><path d="M0 0" inkscape:label="x"/></svg>',
      ),
    ),
    undefined,
    'editor metadata namespaces',
  );
});

t.test('SVG: unsafe documents are refused', async (t) => {
  const cases: Array<[string, Buffer]> = [
    ['script', svg('<script>alert(1)</script>')],
    ['prefixed script', Buffer.from('<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>')],
    ['event handler', svg('<rect onload="alert(1)"/>')],
    ['event handler on root', svg('', ' onclick="x()"')],
    ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ['xhtml namespace', svg('<x:div xmlns:x="http://www.w3.org/1999/xhtml"/>')],
    [
      'editor prefix bound to xhtml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.w3.org/1999/xhtml"><inkscape:script/></svg>'),
    ],
    ['external use', svg('<use href="https://evil.example/x.svg#a"/>')],
    ['xlink external', svg('<use xlink:href="//evil.example/x.svg#a"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"')],
    ['javascript href', svg('<use href="javascript:alert(1)"/>')],
    ['entity-encoded javascript', svg('<use href="&#106;avascript:alert(1)"/>')],
    ['external image', svg('<image href="https://tracker.example/p.png"/>')],
    ['svg data image', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['css import', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['css external url', svg('<rect style="fill: url(https://evil.example/a)"/>')],
    ['css escape', svg('<style>.a { background: \\75 rl(https://evil.example) }</style>')],
    ['attribute url', svg('<rect fill="url(https://evil.example/#a)"/>')],
    ['doctype', Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>')],
    ['undeclared entity', svg('&x;')],
    ['xml-stylesheet', Buffer.from('<?xml-stylesheet href="https://evil.example/a.css"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['animation rewriting href', svg('<set attributeName="href" to="javascript:alert(1)"/>')],
    ['a element', svg('<a href="#x"><rect/></a>')],
    ['no namespace', Buffer.from('<svg><rect/></svg>')],
    ['not well-formed', svg('<g><rect></g>')],
    ['unclosed', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g>')],
    ['unquoted attribute', svg('<rect width=1/>')],
    ['invalid utf-8', Buffer.concat([svg('<title>'), Buffer.from([0xff, 0xfe]), Buffer.from('</title>')])],
    [
      'entity expansion (billion laughs)',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
      ),
    ],
    [
      'external entity',
      Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'),
    ],
    ['bare ampersand', svg('<title>a & b</title>')],
    ['NUL character reference', svg('<title>&#0;</title>')],
    ['processing instruction inside', svg('<?php echo 1 ?>')],
    ['duplicate attribute', svg('<rect width="1" width="2"/>')],
    ['undeclared prefix', svg('<x:rect/>')],
    ['two roots', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['nesting too deep', svg('<g>'.repeat(300) + '</g>'.repeat(300))],
    ['css import split by a comment', svg('<style>@im<!---->port "https://evil.example/x.css";</style>')],
    ['element inside style', svg('<style>.a {}<g/></style>')],
    ['default namespace rebound to xhtml', svg('<rect xmlns="http://www.w3.org/1999/xhtml"/>')],
  ];
  for (const [name, doc] of cases) t.ok(svgProblem(doc), `${name}: ${svgProblem(doc) ?? 'accepted!'}`);
  t.throws(() => checkImage(svg('<script>alert(1)</script>')), { code: 'VALIDATION_ERROR', details: { field: 'image' } });
});

t.test('SVG check takes large documents (a streaming parser, no backtracking; speed is for benchmarks)', async (t) => {
  const many = svg('<rect width="1" height="1"/>'.repeat(60_000));
  t.ok(many.length > 1_500_000);
  t.equal(svgProblem(many), undefined, 'a 1.6 MB SVG of allowed elements is accepted');
});
