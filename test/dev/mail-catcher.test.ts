// @unit
// The dev mail catcher of `npm start` (scripts/mail-catcher.ts): real mail through nodemailer
// (the notification service's own mailer and nodemailer directly), read back over HTTP.
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import t from 'tap';
import { newRpcIdentitySecrets } from '@cred/testing';
import { defaultPorts, serviceEnv } from '../../scripts/platform.js';
import { parseMessage, PortInUseError, startDevMail, startMailCatcher, type CaughtMessage } from '../../scripts/mail-catcher.js';
import { createSmtpMailer } from '../../services/notification/src/email/mailer.js';
import { loadConfig } from '../../services/notification/src/config.js';

// nodemailer is a dependency of services/notification, not of the workspace root.
interface Transport {
  sendMail(mail: Record<string, unknown>): Promise<{ response: string }>;
  close(): void;
}
const nodemailer = createRequire(new URL('../../services/notification/package.json', import.meta.url))('nodemailer') as {
  createTransport(options: Record<string, unknown>): Transport;
};

const LONG_URL = `http://localhost:8080/claim/urn:uuid:7f0c2a4e-1b2d-4c3e-9f5a-6b7c8d9e0f10?token=${'AbC-dEf_0123456789'.repeat(6)}&lang=de`;
const UNICODE = 'Grüße, Zoë — ✓ 漢字 ça marche';

async function getJson(url: string): Promise<CaughtMessage[]> {
  const res = await fetch(`${url}messages.json`);
  return ((await res.json()) as { messages: CaughtMessage[] }).messages;
}

function rawGet(port: number, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** A raw SMTP conversation: sends each line, returns every reply line. */
function converse(port: number, lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const replies: string[] = [];
    let buffered = '';
    let next = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 2);
        replies.push(line);
        if (/^\d{3} /.test(line) && next < lines.length) socket.write(`${lines[next++]}\r\n`);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(replies));
  });
}

t.test('nodemailer mail is decoded and shown escaped', async (t) => {
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  t.teardown(() => catcher.close());
  const transport = nodemailer.createTransport({ url: catcher.smtpUrl });
  t.teardown(() => transport.close());

  const text = `Hello Zoë,\n\n${UNICODE}\nClaim it: ${LONG_URL}\n.a line that starts with a dot\n.\n<script>alert("text")</script>\n`;
  await transport.sendMail({
    from: 'Credentials <no-reply@credentials.local>',
    to: { name: 'Zoë <Tester>', address: 'zoe@example.com' },
    subject: `Your badge ✓ <script>alert("subject")</script>`,
    text,
    html: `<p>${UNICODE}</p><script>alert("html")</script>`,
    textEncoding: 'quoted-printable',
  });
  await transport.sendMail({
    from: 'a@example.com',
    to: 'b@example.com, c@example.com',
    subject: 'base64 body',
    text: `${UNICODE}\n${LONG_URL}\n`,
    textEncoding: 'base64',
  });

  const messages = await getJson(catcher.webUrl);
  t.equal(messages.length, 2);
  const [b64, qp] = messages as [CaughtMessage, CaughtMessage];
  t.equal(qp.subject, 'Your badge ✓ <script>alert("subject")</script>');
  t.equal(qp.text, text, 'quoted-printable text part decoded exactly (soft breaks, UTF-8, dot-unstuffing)');
  t.match(qp.html, '<script>alert("html")</script>');
  t.match(qp.to, 'zoe@example.com');
  t.match(qp.to, 'Zoë');
  t.same(qp.envelope, { from: 'no-reply@credentials.local', to: ['zoe@example.com'] });
  t.equal(b64.text, `${UNICODE}\n${LONG_URL}\n`, 'base64 text part decoded');
  t.same(b64.envelope.to, ['b@example.com', 'c@example.com']);

  const page = await (await fetch(catcher.webUrl)).text();
  t.notMatch(page, '<script>', 'no markup from any message reaches the page');
  t.match(page, '&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
  t.match(page, '&lt;script&gt;alert(&quot;text&quot;)&lt;/script&gt;');
  t.notMatch(page, 'alert(&quot;html&quot;)', 'the HTML part is not shown');
  const escapedUrl = LONG_URL.replace(/&/g, '&amp;');
  t.match(page, `<a href="${escapedUrl}">${escapedUrl}</a>`, 'the whole long URL is one link');
  t.match(page, UNICODE);

  const res = await fetch(catcher.webUrl);
  t.match(res.headers.get('content-security-policy'), "default-src 'none'");
  t.equal((await rawGet(catcher.httpPort, 'evil.example:8025')).status, 403, 'a foreign Host is refused (DNS rebinding)');
  t.equal((await rawGet(catcher.httpPort, `localhost:${catcher.httpPort}`)).status, 200);
});

t.test("the notification service's own mailer reaches it", async (t) => {
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  t.teardown(() => catcher.close());
  const mailer = createSmtpMailer(catcher.smtpUrl, 'Credentials <no-reply@credentials.local>');
  t.teardown(() => mailer.close());
  await mailer.send({
    to: { name: 'Ada Lovelace', address: 'ada@example.com' },
    subject: 'Confirm your e-mail address',
    text: `Please confirm your e-mail address by opening this link:\n${LONG_URL}\n`,
    html: `<p><a href="${LONG_URL}">Confirm</a></p>`,
    messageId: '<row-1@credentials.local>',
  });
  const [m] = await getJson(catcher.webUrl);
  t.equal(m?.subject, 'Confirm your e-mail address');
  t.match(m?.text, LONG_URL);
  t.equal(m?.messageId, '<row-1@credentials.local>');
});

t.test('SMTP conversation: errors, RSET, NOOP, QUIT', async (t) => {
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  t.teardown(() => catcher.close());
  const replies = await converse(catcher.smtpPort, [
    'HELO test',
    'DATA',
    'RCPT TO:<x@example.com>',
    'MAIL FROM:<a@example.com>',
    'RCPT TO:<x@example.com>',
    'RSET',
    'DATA',
    'NOOP',
    'AUTH PLAIN AGFAYg==',
    'STARTTLS',
    'QUIT',
  ]);
  t.same(
    replies.map((r) => r.slice(0, 3)),
    ['220', '250', '503', '503', '250', '250', '250', '503', '250', '500', '500', '221'],
    'AUTH and STARTTLS are refused (smtp-server with both disabled: 500, not recognized)',
  );
  t.equal(catcher.messages().length, 0);
});

t.test('keeps only the newest messages; onMessage sees every one', async (t) => {
  const seen: string[] = [];
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, limit: 3, onMessage: (m) => seen.push(`${m.id} ${m.subject}`) });
  t.teardown(() => catcher.close());
  const transport = nodemailer.createTransport({ url: catcher.smtpUrl });
  t.teardown(() => transport.close());
  for (let i = 1; i <= 5; i++) await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: `n${i}`, text: 'x' });
  t.same(
    catcher.messages().map((m) => m.subject),
    ['n5', 'n4', 'n3'],
  );
  t.same(seen, ['1 n1', '2 n2', '3 n3', '4 n4', '5 n5']);
});

t.test('onReceived: counts every message by its envelope, parses and keeps none', async (t) => {
  const received: string[] = [];
  const parsed: number[] = [];
  const catcher = await startMailCatcher({
    smtpPort: 0,
    httpPort: 0,
    onReceived: (envelope, size) => received.push(`${envelope.from} > ${envelope.to.join(',')} ${size > 0 ? 'bytes' : 'empty'}`),
    onMessage: (m) => parsed.push(m.id),
  });
  t.teardown(() => catcher.close());
  const transport = nodemailer.createTransport({ url: catcher.smtpUrl });
  t.teardown(() => transport.close());
  for (let i = 1; i <= 3; i++) {
    const info = await transport.sendMail({ from: 'a@example.com', to: [`b${i}@example.com`, 'c@example.com'], subject: `n${i}`, text: 'x' });
    t.match(info.response, /^250 OK: queued as \d+/, `message ${i} accepted`);
  }
  t.same(received, ['a@example.com > b1@example.com,c@example.com bytes', 'a@example.com > b2@example.com,c@example.com bytes', 'a@example.com > b3@example.com,c@example.com bytes']);
  t.same(parsed, [], 'nothing parsed');
  t.equal(catcher.messages().length, 0, 'nothing kept');
});

t.test('parseMessage: encoded words, nested multipart, charsets', async (t) => {
  const raw = [
    'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= =?UTF-8?B?IOKckw==?=',
    'From: =?ISO-8859-1?Q?Jos=E9?= <jose@example.com>',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    'preamble',
    '--outer',
    'Content-Type: multipart/alternative; boundary=inner',
    '',
    '--inner',
    'Content-Type: text/plain; charset=iso-8859-1',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'caf=E9 =',
    'au lait',
    '--inner',
    'Content-Type: text/html',
    '',
    '<b>x</b>',
    '--inner--',
    '--outer',
    'Content-Type: text/plain',
    'Content-Disposition: attachment; filename=a.txt',
    '',
    'not the body',
    '--outer--',
    '',
  ].join('\r\n');
  const m = await parseMessage(Buffer.from(raw, 'latin1'));
  t.equal(m.subject, 'Grüße ✓');
  t.equal(m.from, 'José <jose@example.com>');
  t.equal(m.text, 'café au lait');
  t.equal(m.html, '<b>x</b>');
});

t.test('npm start wiring: the catcher unless SMTP_URL is set', async (t) => {
  const lines: string[] = [];
  const say = (line: string) => lines.push(line);

  const user = await startDevMail({ SMTP_URL: 'smtp://user:secret@mail.example:2525' }, say);
  t.equal(user.smtpUrl, 'smtp://user:secret@mail.example:2525');
  t.equal(user.catcher, undefined, 'no catcher when the user has a mail server');
  t.notMatch(user.description, 'secret', 'credentials are never printed');
  await user.close();

  const dev = await startDevMail({ MAIL_CATCHER_SMTP_PORT: '0', MAIL_CATCHER_HTTP_PORT: '0' }, say);
  t.teardown(() => dev.close());
  t.equal(dev.smtpUrl, dev.catcher?.smtpUrl);
  t.match(dev.description, dev.catcher!.webUrl);
  const env = serviceEnv('notification', defaultPorts(), { SMTP_URL: dev.smtpUrl, WEBHOOK_SECRET_KEY: 'cd'.repeat(32), ...newRpcIdentitySecrets() });
  t.equal(loadConfig(env).SMTP_URL, dev.smtpUrl, 'notification is pointed at the catcher');

  // A port that is taken: a chosen one fails clearly, the default one is replaced by a free one.
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => blocker.close(r)));
  const taken = (blocker.address() as net.AddressInfo).port;
  await t.rejects(startDevMail({ MAIL_CATCHER_SMTP_PORT: String(taken), MAIL_CATCHER_HTTP_PORT: '0' }, say), {
    message: new RegExp(`port ${taken} \\(SMTP\\) is already in use.*MAIL_CATCHER_SMTP_PORT`),
  });
  await t.rejects(startMailCatcher({ smtpPort: 0, httpPort: taken }), PortInUseError);
  await t.rejects(startDevMail({ MAIL_CATCHER_SMTP_PORT: 'x' }, say), { message: /MAIL_CATCHER_SMTP_PORT must be a port number/ });
});

t.test('npm start wiring: a default port in use falls back to a free one', async (t) => {
  // Only meaningful when 1025 is free to take here; a developer's Mailpit may hold it.
  const blocker = net.createServer();
  const got = await new Promise<boolean>((resolve) => {
    blocker.once('error', () => resolve(false));
    blocker.listen(1025, '127.0.0.1', () => resolve(true));
  });
  if (got) t.teardown(() => new Promise((r) => blocker.close(r)));
  const lines: string[] = [];
  const dev = await startDevMail({ MAIL_CATCHER_HTTP_PORT: '0' }, (l) => lines.push(l));
  t.teardown(() => dev.close());
  t.not(dev.catcher?.smtpPort, 1025);
  t.match(lines.join('\n'), /port 1025 \(SMTP\) is already in use.*using a free port instead/);
});
