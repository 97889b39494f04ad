// @unit
// The e-mail composer writes the bytes nodemailer's own build() writes for the same MIME tree
// (headers, boundaries, quoted-printable text and HTML), for the inputs notification sends.
import t from 'tap';
import { loadTemplates, renderEmail, EMAIL_KINDS } from '../src/domain/email-templates.js';
import { composeMessage, mimeTree, serialised, type MessageFields } from '../src/email/compose.js';

const templates = loadTemplates();
const date = new Date('2026-11-27T10:00:00Z');
const names = [
  'Jane Doe',
  'Jäne Dœ',
  '李小龍',
  'O\'Brien, "Jr."',
  'Émile ' + 'x'.repeat(120),
  '\u{1F600} smiley',
  'a=b?c_d',
];
const orgs = ['Acme <Academy> & Co', 'Université de Genève', 'Org '.repeat(50).trim(), '東京大学 = ?Q?'];

function vars(name: string, org: string, i: number): Record<string, string> {
  return {
    recipientName: name,
    organizationName: org,
    inviterName: name,
    roleName: 'an issuer',
    badgeName: i % 2 ? 'Teamwork ✓' : 'Teamwork',
    credentialId: 'CRD-ABCDEFGHJKLM',
    credentialUuid: '0b7c2f9e-4a59-4c5c-9d1a-2f1e8c6a7b10',
    verificationUrl: 'https://credentials.test/verify/CRD-ABCDEFGHJKLM',
    expirationText: 'This credential does not expire.',
    priorStatusNote: i % 3 ? '' : 'The original credential, CRD-ZYXWVUTSRQPN, had expired.',
    claimUrl: `https://credentials.test/claim/CRD-ABCDEFGHJKLM?token=${'Ab9_-'.repeat(8)}xyz`,
    claimExpiresAt: '2026-12-27',
    actionUrl: 'https://credentials.test/reset-password?token=reset-token-0123456789abcdef',
    resetUrl: 'https://credentials.test/forgot-password',
    expiresAt: '2026-11-28 10:00:00 UTC',
  };
}

t.test('same bytes as nodemailer build() for every template, name and organization tried', async (t) => {
  let i = 0;
  for (const kind of EMAIL_KINDS) {
    for (const name of names) {
      for (const org of orgs) {
        const rendered = renderEmail(templates[kind], vars(name, org, i++));
        const fields: MessageFields = {
          from: '"Credentials" <no-reply@credentials.test>',
          to: { name, address: `r${i}@example.com` },
          ...rendered,
          messageId: `<${i}@notification.credentials>`,
          date,
        };
        const node = mimeTree(fields);
        const ours = serialised(node);
        t.ok(ours, `${kind}: handled without streams`);
        const theirs = await node.build();
        if (!ours || !ours.equals(theirs)) {
          t.equal(ours?.toString('latin1'), theirs.toString('latin1'), `${kind} / ${name} / ${org}`);
          return;
        }
      }
    }
  }
  t.equal(i, EMAIL_KINDS.length * names.length * orgs.length);
});

t.test('short ASCII parts go out as 7bit, the same as build()', async (t) => {
  const node = mimeTree({
    from: 'no-reply@credentials.test',
    to: { name: 'Jane', address: 'jane@example.com' },
    subject: 'Hi',
    text: 'Hello Jane.\n',
    html: '<p>Hello Jane.</p>',
    messageId: '<short@notification.credentials>',
    date,
  });
  const ours = serialised(node);
  t.match(ours?.toString(), /Content-Transfer-Encoding: 7bit/);
  t.same(ours, await node.build());
});

t.test('a part nodemailer sends as base64 goes through build(), with the envelope from From and To', async (t) => {
  const fields: MessageFields = {
    from: '"Credentials" <no-reply@credentials.test>',
    to: { name: '李小龍', address: 'lee@example.com' },
    subject: '李小龍',
    text: '李小龍'.repeat(40),
    html: '<p>' + '李小龍'.repeat(40) + '</p>',
    messageId: '<b64@notification.credentials>',
    date,
  };
  t.equal(serialised(mimeTree(fields)), undefined, 'not handled by the serialiser');
  const message = await composeMessage(fields);
  t.same(message.envelope, { from: 'no-reply@credentials.test', to: ['lee@example.com'] });
  t.match(message.raw.toString(), /Content-Transfer-Encoding: base64/);
  t.match(message.raw.toString(), /^Message-ID: <b64@notification\.credentials>\r$/m);
});

t.test('each message has boundaries of its own, shared by its parts', async (t) => {
  const fields = (i: number): MessageFields => ({
    from: 'no-reply@credentials.test',
    to: { name: 'Jane', address: 'jane@example.com' },
    subject: 'Hi',
    text: `Hello Jane ${i}.\n`,
    html: `<p>Hello Jane ${i}.</p>`,
    messageId: `<b${i}@notification.credentials>`,
    date,
  });
  const bases = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const raw = (await composeMessage(fields(i))).raw.toString();
    const used = [...raw.matchAll(/boundary="--_NmP-([0-9a-f]+)-Part_\d+"/g)].map((m) => m[1]!);
    t.ok(used.length >= 1, 'a multipart message');
    t.equal(new Set(used).size, 1, 'one base for every part of a message');
    t.match(used[0], /^[0-9a-f]{32}$/, '128 random bits');
    bases.add(used[0]!);
  }
  t.equal(bases.size, 50, 'no two messages share a boundary');
});
